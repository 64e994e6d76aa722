import { WorkflowEngine } from '../../src/domain/crm/workflows';
import { db, type Fixture, type TestApp } from './test-app';
import { waitFor } from './wait';

/**
 * Rounds of the workflow engine until it has read every event of the workspace and no run is due: the engine reads
 * below the oldest transaction in flight on the server, which another test process may hold for a moment, so the
 * deadline is generous.
 */
export async function settleWorkflows(t: TestApp, f: Fixture): Promise<void> {
  await waitFor(async () => {
    await t.get(WorkflowEngine).round();
    const [r] = await db(t).query(
      `SELECT (SELECT count(*)::int FROM outbox_events e, workflow_cursors c WHERE e.workspace_id = $1 AND c.workspace_id = $1 AND (e.txid, e.id) > (c.txid, c.event_id)) AS unread,
              (SELECT count(*)::int FROM workflow_runs WHERE workspace_id = $1 AND (status IN ('pending', 'running') OR (status = 'waiting' AND due_at <= now()))) AS due`,
      [f.ws.id],
    );
    return r.unread === 0 && r.due === 0;
  }, 120_000);
}
