import request from 'supertest';
import { Task } from '../../../src/domain/crm/tasks/task.entity';
import { WorkflowEngine } from '../../../src/domain/crm/workflows';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/** list_workflows and run_workflow: the REST rules (admins, first party), and run_workflow asks first. */
let t: TestApp;
let a: Fixture;
let seq = 0;

const rpc = (key: string, name: string, args: unknown) =>
  request(t.app.getHttpServer())
    .post('/mcp')
    .set('Host', a.host)
    .set('Accept', 'application/json, text/event-stream')
    .set('Authorization', `Bearer ${key}`)
    .set('MCP-Protocol-Version', '2025-06-18')
    .send({ jsonrpc: '2.0', id: ++seq, method: 'tools/call', params: { name, arguments: args } });
const result = async (key: string, name: string, args: unknown) => (await rpc(key, name, args).expect(200)).body.result as { isError?: boolean; content: { text: string }[]; structuredContent?: { result: Record<string, unknown> } };

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
});
afterAll(() => t.close());

describe('workflows over MCP', () => {
  it('lists the rules and runs a manual one on a record once the user confirmed', async () => {
    const cid = (await api(t, a.host, a.adminKey).post('/api/v1/companies', { name: 'Mcp Ltd.' }).expect(201)).body.company.id;
    const opp = (await api(t, a.host, a.adminKey).post('/api/v1/opportunities', { name: 'Mcp deal', customer_id: cid, value: 10 }).expect(201)).body.opp;
    const w = (await api(t, a.host, a.adminKey).post('/api/v1/workflows', { name: 'Ask for a call', enabled: true, trigger: { kind: 'manual', record_kind: 'opportunity' }, actions: [{ type: 'create_task', title: 'Call about {{record.name}}' }] }).expect(201)).body.workflow;

    const listed = await result(a.adminKey, 'list_workflows', {});
    expect(listed.structuredContent!.result).toEqual([{ id: w.id, name: 'Ask for a call', version: 1, enabled: true, disabled_reason: '', trigger: 'manual:opportunity', actions: ['create_task'] }]);

    const unconfirmed = await result(a.adminKey, 'run_workflow', { id: w.id, record_kind: 'opportunity', record_id: opp.id });
    expect([unconfirmed.isError, unconfirmed.content[0]!.text]).toEqual([true, expect.stringMatching(/^confirmation_required: Run the workflow "Ask for a call" on opportunity/)]);
    expect(await db(t).count(Task, { where: { workspaceId: a.ws.id, oppId: opp.id } })).toBe(0);

    const ran = await result(a.adminKey, 'run_workflow', { id: w.id, record_kind: 'opportunity', record_id: opp.id, confirm: true });
    // queued by the tool (its transaction holds the audit row), run by the engine
    expect(ran.structuredContent!.result).toMatchObject({ workflow_id: w.id, status: 'pending', record_id: opp.id, steps: [] });
    await t.get(WorkflowEngine).round();
    const run = (await api(t, a.host, a.adminKey).get(`/api/v1/workflow-runs/${ran.structuredContent!.result.id as number}`).expect(200)).body.run;
    expect(run).toMatchObject({ status: 'done', trigger_kind: 'manual', steps: [{ path: 'actions[0]', outcome: 'done' }] });
    expect(await db(t).count(Task, { where: { workspaceId: a.ws.id, oppId: opp.id, title: 'Call about Mcp deal' } })).toBe(1);
  });

  it('refuses a user who is not an admin, and an app token (first party only)', async () => {
    const seller = await createUser(t, a, { fullName: 'Not Admin' });
    const r = await result(seller.key, 'list_workflows', {});
    expect([r.isError, r.content[0]!.text]).toEqual([true, expect.stringMatching(/^forbidden: /)]);
    const oauth = await issueKey(t, a, 'oauth', a.admin.id, ['crm.read', 'crm.write']);
    const o = await result(oauth, 'list_workflows', {});
    expect([o.isError, o.content[0]!.text]).toEqual([true, expect.stringMatching(/^insufficient_scope: /)]);
  });
});
