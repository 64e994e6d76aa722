import { WorkflowEngine } from '../../../src/domain/crm/workflows';
import { CalendarEntry } from '../../../src/domain/crm/calendar/calendar-entry.entity';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { Task } from '../../../src/domain/crm/tasks/task.entity';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { settleWorkflows } from '../../helpers/workflows';
import request from 'supertest';

/** Manual, time and hook triggers; branches, round robin, calendar and owner actions; simulation against the live run. */
let t: TestApp;
const engine = () => t.get(WorkflowEngine);
const as = (f: Fixture) => api(t, f.host, f.adminKey);

const settle = (f: Fixture) => settleWorkflows(t, f);
async function rule(f: Fixture, body: object): Promise<{ id: number; version: number }> {
  return (await as(f).post('/api/v1/workflows', { enabled: true, ...body }).expect(201)).body.workflow;
}
const runsOf = async (f: Fixture, id: number) => (await as(f).get(`/api/v1/workflows/${id}/runs`).expect(200)).body.items;
const company = async (f: Fixture, name = 'Ege Ambalaj') => (await as(f).post('/api/v1/companies', { name }).expect(201)).body.company.id as number;

// the embedded database's first open takes minutes on a loaded machine
beforeAll(async () => {
  t = await startApp();
}, 600_000);
afterAll(() => t.close());

describe('workflows: manual trigger', () => {
  it('runs on one record now: branch, round robin, owner and calendar entry; refuses other kinds, other workspaces, disabled rules', async () => {
    const a = await createWorkspace(t);
    const u1 = await createUser(t, a, { fullName: 'Ayşe Bir' });
    const u2 = await createUser(t, a, { fullName: 'Mert İki' });
    const w = await rule(a, {
      name: 'Hand over',
      trigger: { kind: 'manual', record_kind: 'opportunity' },
      actions: [
        { type: 'assign_owner', assignee: { kind: 'round_robin', user_ids: [u1.user.id, u2.user.id] } },
        { type: 'branch', if: { conditions: [{ field: 'record.value', op: 'eq', value: 0 }] }, then: [{ type: 'add_note', text: 'No value yet' }], else: [{ type: 'add_calendar_entry', title: 'Review {{record.name}}', in_days: 2, at: '10:30', duration_min: 45 }] },
        { type: 'create_task', title: 'Never', when: { conditions: [{ field: 'record.name', op: 'eq', value: 'nothing is called this' }] } },
      ],
    });
    const cid = await company(a);
    const small = (await as(a).post('/api/v1/opportunities', { name: 'Small', customer_id: cid, value: 0 }).expect(201)).body.opp;
    const big = (await as(a).post('/api/v1/opportunities', { name: 'Big', customer_id: cid, value: 900 }).expect(201)).body.opp;

    const r1 = (await as(a).post(`/api/v1/workflows/${w.id}/run`, { record_kind: 'opportunity', record_id: small.id }).expect(200)).body.run;
    expect(r1).toMatchObject({ trigger_kind: 'manual', trigger_ref: `user:${a.admin.id}`, status: 'done', record_id: small.id, workflow_name: 'Hand over' });
    expect(r1.steps.map((s: { path: string; outcome: string; detail: string }) => `${s.path}:${s.outcome}`)).toEqual(['actions[0]:done', 'actions[1]:done', 'actions[1].then[0]:done', 'actions[2]:skipped']);
    expect(r1.steps[1].detail).toBe('then');
    expect((await db(t).findOneByOrFail(Opportunity, { workspaceId: a.ws.id, id: small.id })).ownerId).toBe(u1.user.id);

    const r2 = (await as(a).post(`/api/v1/workflows/${w.id}/run`, { record_kind: 'opportunity', record_id: big.id }).expect(200)).body.run;
    expect(r2.steps.map((s: { path: string }) => s.path)).toEqual(['actions[0]', 'actions[1]', 'actions[1].else[0]', 'actions[2]']);
    expect((await db(t).findOneByOrFail(Opportunity, { workspaceId: a.ws.id, id: big.id })).ownerId).toBe(u2.user.id);
    const entry = await db(t).findOneByOrFail(CalendarEntry, { workspaceId: a.ws.id, id: r2.steps[2].record_id });
    expect(entry).toMatchObject({ title: 'Review Big', oppId: big.id });
    expect(entry.attendeeIds).toContain(u2.user.id);

    // the runs of the record
    const byRecord = (await as(a).get(`/api/v1/workflow-runs?record_kind=opportunity&record_id=${big.id}`).expect(200)).body.items;
    expect(byRecord.map((r: { id: number }) => r.id)).toEqual([r2.id]);
    expect((await as(a).get(`/api/v1/workflow-runs/${r2.id}`).expect(200)).body.run.id).toBe(r2.id);

    expect((await as(a).post(`/api/v1/workflows/${w.id}/run`, { record_kind: 'company', record_id: cid }).expect(400)).body.message).toContain('record_kind');
    await as(a).post(`/api/v1/workflows/${w.id}/run`, { record_kind: 'opportunity', record_id: 99999999 }).expect(404);
    // a rule cannot act outside its workspace: another workspace's record is unknown here
    const b = await createWorkspace(t);
    const theirs = (await as(b).post('/api/v1/opportunities', { name: 'Theirs', customer_id: await company(b), value: 5 }).expect(201)).body.opp;
    await as(a).post(`/api/v1/workflows/${w.id}/run`, { record_kind: 'opportunity', record_id: theirs.id }).expect(404);
    await as(b).post(`/api/v1/workflows/${w.id}/run`, { record_kind: 'opportunity', record_id: theirs.id }).expect(404);
    expect((await as(b).get(`/api/v1/workflow-runs?record_kind=opportunity&record_id=${big.id}`).expect(200)).body.items).toEqual([]);
    await as(b).get(`/api/v1/workflow-runs/${r2.id}`).expect(404);
    await as(a).post(`/api/v1/workflows/${w.id}/disable`).expect(200);
    expect((await as(a).post(`/api/v1/workflows/${w.id}/run`, { record_kind: 'opportunity', record_id: big.id }).expect(409)).body.error).toBe('conflict');
  });
});

describe('workflows: time trigger', () => {
  it('fires once per record and rule version for a task overdue by N days', async () => {
    const a = await createWorkspace(t);
    const c = a.ws.constants;
    const high = c.task_priorities[c.task_priorities.length - 1]!;
    const old = (await as(a).post('/api/v1/tasks', { title: 'Old one', due_date: '2020-01-10' }).expect(201)).body.task;
    const fresh = (await as(a).post('/api/v1/tasks', { title: 'Not yet', due_date: '2999-01-01' }).expect(201)).body.task;
    const w = await rule(a, { name: 'Overdue', trigger: { kind: 'time', watch: 'task_overdue', days: 3 }, actions: [{ type: 'update_fields', fields: { priority: high } }] });
    await engine().round({ time: true });
    await settle(a);
    const runs = await runsOf(a, w.id);
    expect(runs.map((r: { record_id: number; status: string }) => [r.record_id, r.status])).toEqual([[old.id, 'done']]);
    expect((await db(t).findOneByOrFail(Task, { workspaceId: a.ws.id, id: old.id })).priority).toBe(high);
    expect(runs.some((r: { record_id: number }) => r.record_id === fresh.id)).toBe(false);
    await engine().round({ time: true });
    expect(await runsOf(a, w.id)).toHaveLength(1);
    // a new version fires again
    await as(a).patch(`/api/v1/workflows/${w.id}`, { name: 'Overdue v2' }).expect(200);
    await engine().round({ time: true });
    await settle(a);
    expect((await runsOf(a, w.id)).map((r: { version: number }) => r.version)).toEqual([2, 1]);
  });
});

describe('workflows: hook trigger', () => {
  it('starts a run for a record an inbound hook created', async () => {
    const a = await createWorkspace(t);
    const hook = (await as(a).post('/api/v1/hooks', { name: 'Site', target: 'lead', mapping: [{ field: 'company', path: 'company' }] }).expect(201)).body;
    const w = await rule(a, { name: 'From the site', trigger: { kind: 'hook', hook_id: hook.hook.id }, actions: [{ type: 'create_task', title: 'Site lead {{record.company}}' }] });
    await as(a).post('/api/v1/leads', { company: 'Typed by hand' }).expect(201);
    const r = await request(t.app.getHttpServer()).post(`/hooks/${hook.hook.public_key}`).set('Host', a.host).set('Authorization', `Bearer ${hook.secret}`).send({ company: 'Web Form A.Ş.' }).expect(201);
    await settle(a);
    const runs = await runsOf(a, w.id);
    expect(runs.map((x: { record_id: number; trigger_ref: string }) => [x.record_id, x.trigger_ref])).toEqual([[r.body.id, `hook:${hook.hook.id}`]]);
    expect((await db(t).findOneByOrFail(Task, { workspaceId: a.ws.id, id: runs[0].steps[0].record_id })).title).toBe('Site lead Web Form A.Ş.');
  });
});

describe('workflows: simulation', () => {
  it('says what the rule would have done, writes nothing, and the live run on the same events does the same', async () => {
    const def = {
      name: 'Leads by interest',
      trigger: { kind: 'event', event: 'lead_created', filter: null },
      conditions: { match: 'all', conditions: [{ field: 'company', op: 'not', value: 'Ignored Ltd.' }] },
      actions: [
        { type: 'branch', if: { conditions: [{ field: 'email', op: 'eq', value: '' }] }, then: [{ type: 'create_task', title: 'Find an e-mail for {{company}}' }], else: [{ type: 'create_task', title: 'Write to {{email}}' }] },
        { type: 'create_task', title: 'Second look', when: { conditions: [{ field: 'company', op: 'eq', value: 'Deep Kimya' }] } },
      ],
    };
    const leads = [{ company: 'Deep Kimya', email: 'a@deep.test' }, { company: 'Ignored Ltd.' }, { company: 'No Mail A.Ş.' }];
    const outcome = (runs: { record_id: number; steps: { path: string; outcome: string }[] }[], ids: Map<number, string>) =>
      runs.map((r) => `${ids.get(r.record_id)}: ${r.steps.map((s) => `${s.path}=${s.outcome}`).join(' ')}`).sort();

    const a = await createWorkspace(t);
    const w = (await as(a).post('/api/v1/workflows', def).expect(201)).body.workflow;
    const ids = new Map<number, string>();
    for (const l of leads) ids.set((await as(a).post('/api/v1/leads', l).expect(201)).body.lead.id, l.company);
    const tasksBefore = await db(t).count(Task, { where: { workspaceId: a.ws.id } });
    const sim = (await as(a).post(`/api/v1/workflows/${w.id}/simulate`, { since: '2020-01-01' }).expect(200)).body;
    expect(sim).toMatchObject({ ok: true, events: 3, truncated: false });
    expect(await db(t).count(Task, { where: { workspaceId: a.ws.id } })).toBe(tasksBefore);
    expect(await runsOf(a, w.id)).toEqual([]);
    const simulated = outcome(sim.runs, ids);
    expect(simulated).toEqual([
      'Deep Kimya: actions[0]=done actions[0].else[0]=done actions[1]=done',
      'Ignored Ltd.: conditions=skipped',
      'No Mail A.Ş.: actions[0]=done actions[0].then[0]=done actions[1]=skipped',
    ]);
    expect((await as(a).post(`/api/v1/workflows/${w.id}/simulate`, { since: 'yesterday' }).expect(400)).body.message).toContain('since');

    // the same events, live, in a fresh workspace
    const b = await createWorkspace(t);
    const live = await rule(b, def);
    const idsB = new Map<number, string>();
    for (const l of leads) idsB.set((await as(b).post('/api/v1/leads', l).expect(201)).body.lead.id, l.company);
    await settle(b);
    expect(outcome(await runsOf(b, live.id), idsB)).toEqual(simulated);
  });

  it('asks the gates of a stage move as the live run would: a move they refuse is a failed step with their reason, and nothing moves', async () => {
    const def = (won: string) => ({ name: 'Win at once', trigger: { kind: 'event', event: 'opp_created', filter: null }, actions: [{ type: 'update_fields', fields: { stage: won } }] });
    const wonOf = (f: Fixture) => f.ws.constants.stages.find((s) => f.ws.constants.stage_roles[s] === 'won')!;
    const opps = async (f: Fixture) => {
      const cid = await company(f);
      const zero = (await as(f).post('/api/v1/opportunities', { name: 'Nothing yet', customer_id: cid, value: 0 }).expect(201)).body.opp;
      const big = (await as(f).post('/api/v1/opportunities', { name: 'Big one', customer_id: cid, value: 5000 }).expect(201)).body.opp;
      return new Map<number, string>([[zero.id, 'zero'], [big.id, 'big']]);
    };
    const outcome = (runs: { record_id: number; steps: { outcome: string; detail: string }[] }[], ids: Map<number, string>) =>
      runs.map((r) => `${ids.get(r.record_id)}: ${r.steps.map((s) => s.outcome).join(' ')}`).sort();

    const a = await createWorkspace(t);
    const w = (await as(a).post('/api/v1/workflows', def(wonOf(a))).expect(201)).body.workflow;
    const ids = await opps(a);
    const sim = (await as(a).post(`/api/v1/workflows/${w.id}/simulate`, { since: '2020-01-01' }).expect(200)).body;
    expect(outcome(sim.runs, ids)).toEqual(['big: done', 'zero: failed']);
    const refused = sim.runs.find((r: { record_id: number }) => ids.get(r.record_id) === 'zero').steps[0];
    expect(refused.detail).toMatch(new RegExp(`^invalid: stage: the gate of ${wonOf(a)} is not met`));
    expect(sim.runs.find((r: { record_id: number }) => ids.get(r.record_id) === 'big').steps[0].detail).toContain(`the gates allow the move to ${wonOf(a)}`);
    // nothing moved
    for (const id of ids.keys()) expect((await db(t).findOneByOrFail(Opportunity, { workspaceId: a.ws.id, id })).stage).not.toBe(wonOf(a));

    // the live run refuses the same move with the same words
    const b = await createWorkspace(t);
    const live = await rule(b, def(wonOf(b)));
    const idsB = await opps(b);
    await settle(b);
    const runs = await runsOf(b, live.id);
    expect(outcome(runs, idsB)).toEqual(outcome(sim.runs, ids));
    expect(runs.find((r: { record_id: number }) => idsB.get(r.record_id) === 'zero').steps[0].detail).toBe(refused.detail);
  });
});
