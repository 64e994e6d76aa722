import { WorkflowRun } from '../../../src/domain/crm/workflows/workflow-run.entity';
import { Task } from '../../../src/domain/crm/tasks/task.entity';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { settleWorkflows } from '../../helpers/workflows';

/** The engine: event triggers off the request path, actions through the services, origin, depth, self-trigger, storm guard, waits. */
let t: TestApp;
const as = (f: Fixture) => api(t, f.host, f.adminKey);

const settle = (f: Fixture) => settleWorkflows(t, f);

async function rule(f: Fixture, body: object): Promise<{ id: number; version: number }> {
  return (await as(f).post('/api/v1/workflows', { enabled: true, ...body }).expect(201)).body.workflow;
}
const runsOf = async (f: Fixture, id: number) => (await as(f).get(`/api/v1/workflows/${id}/runs`).expect(200)).body.items;
async function company(f: Fixture, name = 'Akdeniz Plastik'): Promise<number> {
  return (await as(f).post('/api/v1/companies', { name }).expect(201)).body.company.id;
}
/** Every stage without a gate, so a chain of moves is about the engine, not the gates. */
async function openGates(f: Fixture): Promise<void> {
  const c = f.ws.constants;
  await t.get(WorkspaceService).setConstants(f.ws.slug, { stage_gates: Object.fromEntries(c.stages.map((s) => [s, {}])) });
}

beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

describe('workflows: event trigger', () => {
  it('starts a run after the event is committed, off the request path, and creates the task for the owner', async () => {
    const a = await createWorkspace(t);
    const seller = await createUser(t, a, { fullName: 'Selin Fuar' });
    const w = await rule(a, { name: 'Lead task', trigger: { kind: 'event', event: 'lead_created', filter: null }, actions: [{ type: 'create_task', title: 'Call {{company}}', due_in_days: 1, assignee: { kind: 'owner' } }] });
    const lead = (await api(t, a.host, seller.key).post('/api/v1/leads', { company: 'Fuar Kimya' }).expect(201)).body.lead;
    // nothing happened in the request
    expect(await db(t).count(WorkflowRun, { where: { workspaceId: a.ws.id } })).toBe(0);
    await settle(a);
    const [run] = await runsOf(a, w.id);
    expect(run).toMatchObject({ workflow_id: w.id, version: 1, trigger_kind: 'event', trigger_ref: 'lead_created', record_kind: 'lead', record_id: lead.id, depth: 1, status: 'done' });
    expect(run.steps).toEqual([expect.objectContaining({ path: 'actions[0]', type: 'create_task', outcome: 'done', record_kind: 'task' })]);
    const task = await db(t).findOneByOrFail(Task, { workspaceId: a.ws.id, id: run.steps[0].record_id });
    expect(task).toMatchObject({ title: 'Call Fuar Kimya', assigneeId: seller.user.id });
    // the record's runs
    const byRecord = (await as(a).get(`/api/v1/workflow-runs?record_kind=lead&record_id=${lead.id}`).expect(200)).body.items;
    expect(byRecord.map((r: { id: number }) => r.id)).toEqual([run.id]);
    expect(byRecord[0].workflow_name).toBe('Lead task');
    // a second round starts nothing new
    await settle(a);
    expect(await runsOf(a, w.id)).toHaveLength(1);
  });

  it('moves a stage through the gates: refused (run failed, the step says why) or done, raising the events with origin workflow', async () => {
    const a = await createWorkspace(t);
    const c = a.ws.constants;
    const won = c.stages.find((s) => c.stage_roles[s] === 'won')!;
    const w = await rule(a, { name: 'Win at once', trigger: { kind: 'event', event: 'opp_created', filter: null }, actions: [{ type: 'update_fields', fields: { stage: won } }, { type: 'add_note', text: 'moved by a rule' }] });
    const cid = await company(a);
    const zero = (await as(a).post('/api/v1/opportunities', { name: 'Nothing yet', customer_id: cid, value: 0 }).expect(201)).body.opp;
    const big = (await as(a).post('/api/v1/opportunities', { name: 'Big one', customer_id: cid, value: 5000 }).expect(201)).body.opp;
    await settle(a);
    const runs = await runsOf(a, w.id);
    const refused = runs.find((r: { record_id: number }) => r.record_id === zero.id);
    expect(refused.status).toBe('failed');
    expect(refused.steps).toEqual([expect.objectContaining({ path: 'actions[0]', outcome: 'failed' })]);
    expect((await db(t).findOneByOrFail(Opportunity, { workspaceId: a.ws.id, id: zero.id })).stage).not.toBe(won);
    const done = runs.find((r: { record_id: number }) => r.record_id === big.id);
    expect(done.status).toBe('done');
    expect(done.steps.map((s: { outcome: string }) => s.outcome)).toEqual(['done', 'done']);
    expect((await db(t).findOneByOrFail(Opportunity, { workspaceId: a.ws.id, id: big.id })).stage).toBe(won);
    const wonEvent = await db(t).findOneByOrFail(OutboxEvent, { workspaceId: a.ws.id, event: 'opp_won', recordId: big.id });
    expect(wonEvent.data).toMatchObject({ origin: 'workflow', workflow_id: w.id, stage: won });
    expect(wonEvent.origin).toMatchObject({ workflow_id: w.id, run_id: done.id, depth: 1 });
  });

  it('stops a chain of rules at depth 3, and a rule never triggers itself', async () => {
    const a = await createWorkspace(t);
    await openGates(a);
    const [s1, s2, s3, s4] = a.ws.constants.open_stages as [string, string, string, string, string];
    const s5 = a.ws.constants.open_stages[4]!;
    const step = (from: string, to: string) => ({ name: `${from} → ${to}`, trigger: { kind: 'event', event: 'opp_stage', filter: { match: 'all', conditions: [{ field: 'stage', op: 'eq', value: from }] } }, actions: [{ type: 'update_fields', fields: { stage: to } }] });
    const r1 = await rule(a, step(s2, s3));
    const r2 = await rule(a, step(s3, s4));
    const r3 = await rule(a, step(s4, s5));
    const r4 = await rule(a, step(s5, s1));
    const opp = (await as(a).post('/api/v1/opportunities', { name: 'Chain', customer_id: await company(a), value: 10 }).expect(201)).body.opp;
    await as(a).post(`/api/v1/opportunities/${opp.id}/stage`, { stage: s2 }).expect(200);
    await settle(a);
    expect((await runsOf(a, r1.id)).map((r: { depth: number }) => r.depth)).toEqual([1]);
    expect((await runsOf(a, r2.id)).map((r: { depth: number }) => r.depth)).toEqual([2]);
    expect((await runsOf(a, r3.id)).map((r: { depth: number }) => r.depth)).toEqual([3]);
    expect(await runsOf(a, r4.id)).toEqual([]);
    expect((await db(t).findOneByOrFail(Opportunity, { workspaceId: a.ws.id, id: opp.id })).stage).toBe(s5);

    // a rule whose own change raises its trigger's event
    const b = await createWorkspace(t);
    await openGates(b);
    const self = await rule(b, { name: 'Back to the start', trigger: { kind: 'event', event: 'opp_stage', filter: null }, actions: [{ type: 'update_fields', fields: { stage: s1 } }] });
    const o2 = (await as(b).post('/api/v1/opportunities', { name: 'Self', customer_id: await company(b), value: 10 }).expect(201)).body.opp;
    await as(b).post(`/api/v1/opportunities/${o2.id}/stage`, { stage: s3 }).expect(200);
    await settle(b);
    expect(await runsOf(b, self.id)).toHaveLength(1);
    expect((await db(t).findOneByOrFail(Opportunity, { workspaceId: b.ws.id, id: o2.id })).stage).toBe(s1);
  });

  it('disables a rule that would run more than 60 times a minute, with the reason on the rule', async () => {
    const a = await createWorkspace(t);
    const lead = (await as(a).post('/api/v1/leads', { company: 'Storm A.Ş.' }).expect(201)).body.lead;
    const ev = await db(t).findOneByOrFail(OutboxEvent, { workspaceId: a.ws.id, event: 'lead_created', recordId: lead.id });
    // the rule comes after the lead's own event (which it leaves alone), so its whole burst is one transaction: the engine
    // reads below the oldest open transaction of the server, and two transactions could be read in two rounds
    const w = await rule(a, { name: 'Noisy', trigger: { kind: 'event', event: 'lead_created', filter: null }, actions: [{ type: 'create_task', title: 'x' }] });
    // a burst of 62 events of the kind (SQL: the burst is the subject, not how it was made)
    await db(t).query(`INSERT INTO outbox_events (workspace_id, event, title, data, record_type, record_id) SELECT $1, 'lead_created', 't', $2, 'lead', $3 FROM generate_series(1, 62)`, [a.ws.id, ev.data, lead.id]);
    await settle(a);
    const after = (await as(a).get(`/api/v1/workflows/${w.id}`).expect(200)).body.workflow;
    expect(after.enabled).toBe(false);
    expect(after.disabled_reason).toMatch(/storm guard.*60/);
    expect(await runsOf(a, w.id)).toEqual([]);
    // enabling again clears the reason
    expect((await as(a).post(`/api/v1/workflows/${w.id}/enable`).expect(200)).body.workflow.disabled_reason).toBe('');
  });

  it('waits: the next step is stored with a due time and claimed later', async () => {
    const a = await createWorkspace(t);
    const w = await rule(a, { name: 'Later', trigger: { kind: 'event', event: 'lead_created', filter: null }, actions: [{ type: 'wait', minutes: 30 }, { type: 'create_task', title: 'After the wait' }] });
    await as(a).post('/api/v1/leads', { company: 'Bekle Ltd.' }).expect(201);
    await settle(a);
    let [run] = await runsOf(a, w.id);
    expect(run.status).toBe('waiting');
    expect(run.due_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(run.steps).toEqual([expect.objectContaining({ path: 'actions[0]', outcome: 'waiting' })]);
    await settle(a);
    expect((await runsOf(a, w.id))[0].status).toBe('waiting');
    await db(t).query(`UPDATE workflow_runs SET due_at = now() - interval '1 second' WHERE workspace_id = $1 AND id = $2`, [a.ws.id, run.id]);
    await settle(a);
    [run] = await runsOf(a, w.id);
    expect(run.status).toBe('done');
    expect(run.steps.map((s: { path: string; outcome: string }) => `${s.path}:${s.outcome}`)).toEqual(['actions[0]:waiting', 'actions[1]:done']);
  });
});
