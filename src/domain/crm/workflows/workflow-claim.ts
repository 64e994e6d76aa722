import type { UnitOfWork } from '../../../platform/database/unit-of-work';

/**
 * The workflow engine's statements across workspaces (listed in ACROSS_WORKSPACES, eslint.config.mjs):
 * which workspaces have an event cursor or time rules, and the claim of due runs. Everything after a
 * claim goes through the run's own workspace.
 */

const rowsOf = <T>(res: unknown): T[] => {
  const r = res as unknown[];
  return (r.length === 2 && Array.isArray(r[0]) && typeof r[1] === 'number' ? r[0] : r) as T[];
};

/** Workspaces whose outbox the engine reads (a cursor exists once a rule listening to events was enabled). */
export async function cursorWorkspaces(uow: UnitOfWork): Promise<number[]> {
  const rows = await uow.acrossWorkspaces().sql<{ workspace_id: number }>(`SELECT workspace_id FROM workflow_cursors ORDER BY workspace_id`);
  return rows.map((r) => r.workspace_id);
}

/** Workspaces with an enabled time rule. */
export async function timeWorkspaces(uow: UnitOfWork): Promise<number[]> {
  const rows = await uow.acrossWorkspaces().sql<{ workspace_id: number }>(`SELECT DISTINCT workspace_id FROM workflows WHERE enabled AND trigger_kind = 'time' ORDER BY workspace_id`);
  return rows.map((r) => r.workspace_id);
}

/**
 * Claims up to `limit` runs of any workspace that are due: pending, waiting past their time, or running
 * under a lease older than `leaseSeconds` (its instance died; each step renews it, WorkflowRunner). One
 * statement, `FOR UPDATE SKIP LOCKED`: two instances never claim one run at once.
 */
export async function claimRuns(uow: UnitOfWork, limit: number, leaseSeconds: number): Promise<{ workspaceId: number; id: number }[]> {
  return uow.runDetached(async () => {
    const res: unknown = await uow.acrossWorkspaces().sql(
      `WITH c AS (SELECT workspace_id, id FROM workflow_runs
                   WHERE status = 'pending' OR (status = 'waiting' AND due_at <= now()) OR (status = 'running' AND claimed_at < now() - make_interval(secs => $2))
                   ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       UPDATE workflow_runs r SET status = 'running', claimed_at = now() FROM c
        WHERE r.workspace_id = c.workspace_id AND r.id = c.id RETURNING r.workspace_id, r.id`,
      [limit, leaseSeconds],
    );
    return rowsOf<{ workspace_id: number; id: number }>(res).map((r) => ({ workspaceId: r.workspace_id, id: r.id }));
  });
}
