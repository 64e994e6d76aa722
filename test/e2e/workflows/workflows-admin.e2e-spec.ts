import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/** The rules' REST: CRUD, versions, enable and disable, validation naming the field, templates, auth. */
let t: TestApp;
let a: Fixture;
let other: Fixture;
let sales: { user: { id: number }; key: string };
const admin = () => api(t, a.host, a.adminKey);

const LEAD_TASK = {
  name: 'Fair lead follow-up',
  trigger: { kind: 'event', event: 'lead_created', filter: null },
  actions: [{ type: 'create_task', title: 'Call {{company}}', due_in_days: 1, assignee: { kind: 'owner' } }],
};

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  other = await createWorkspace(t);
  sales = await createUser(t, a, { fullName: 'Selin Flows' });
});
afterAll(() => t.close());

describe('workflows: rules', () => {
  it('creates a disabled rule at version 1, lists and reads it', async () => {
    const w = (await admin().post('/api/v1/workflows', LEAD_TASK).expect(201)).body.workflow;
    expect(w).toMatchObject({ name: 'Fair lead follow-up', version: 1, enabled: false, disabled_reason: '', trigger: { kind: 'event', event: 'lead_created', filter: null }, conditions: null, template: '' });
    expect(w.created_by.id).toBe(a.admin.id);
    expect((await admin().get(`/api/v1/workflows/${w.id}`).expect(200)).body.workflow.id).toBe(w.id);
    expect((await admin().get('/api/v1/workflows').expect(200)).body.items.map((x: { id: number }) => x.id)).toContain(w.id);
  });

  it('makes a new version when the definition changes, not when it is only enabled', async () => {
    const w = (await admin().post('/api/v1/workflows', LEAD_TASK).expect(201)).body.workflow;
    const on = (await admin().post(`/api/v1/workflows/${w.id}/enable`).expect(200)).body.workflow;
    expect(on).toMatchObject({ enabled: true, version: 1 });
    const v2 = (await admin().patch(`/api/v1/workflows/${w.id}`, { actions: [{ type: 'create_task', title: 'Call them', assignee: { kind: 'user', user_id: sales.user.id } }] }).expect(200)).body.workflow;
    expect(v2).toMatchObject({ version: 2, enabled: true });
    expect(v2.actions[0].assignee).toEqual({ kind: 'user', user_id: sales.user.id });
    expect((await admin().post(`/api/v1/workflows/${w.id}/disable`).expect(200)).body.workflow).toMatchObject({ enabled: false, version: 2 });
    await admin().delete(`/api/v1/workflows/${w.id}`).expect(200);
    await admin().get(`/api/v1/workflows/${w.id}`).expect(404);
  });

  it.each([
    [{ ...LEAD_TASK, trigger: { kind: 'event', event: 'opp_exploded' } }, 'trigger.event'],
    [{ ...LEAD_TASK, trigger: { kind: 'event', event: 'lead_created', filter: { conditions: [{ field: 'stage', op: 'eq', value: 'x' }] } } }, 'trigger.filter.conditions[0].field'],
    [{ ...LEAD_TASK, trigger: { kind: 'event', event: 'lead_created', filter: { conditions: [{ field: 'company', op: 'gt', value: 1 }] } } }, 'trigger.filter.conditions[0].op'],
    [{ ...LEAD_TASK, trigger: { kind: 'sometimes' } }, 'trigger.kind'],
    [{ ...LEAD_TASK, trigger: { kind: 'manual', record_kind: 'planet' } }, 'trigger.record_kind'],
    [{ ...LEAD_TASK, trigger: { kind: 'hook', hook_id: 999999 } }, 'trigger.hook_id'],
    [{ ...LEAD_TASK, trigger: { kind: 'time', watch: 'task_overdue', days: -1 } }, 'trigger.days'],
    [{ ...LEAD_TASK, actions: [] }, 'actions'],
    [{ ...LEAD_TASK, actions: [{ type: 'teleport' }] }, 'actions[0].type'],
    [{ ...LEAD_TASK, actions: [{ type: 'create_task' }] }, 'actions[0].title'],
    [{ ...LEAD_TASK, actions: [{ type: 'create_task', title: 'x', assignee: { kind: 'user', user_id: 987654 } }] }, 'actions[0].assignee.user_id'],
    [{ ...LEAD_TASK, actions: [{ type: 'create_task', title: 'x', priority: 'Whenever' }] }, 'actions[0].priority'],
    [{ ...LEAD_TASK, actions: [{ type: 'update_fields', fields: { stage: 'Win' } }] }, 'actions[0]'],
    [{ ...LEAD_TASK, trigger: { kind: 'manual', record_kind: 'opportunity' }, actions: [{ type: 'update_fields', fields: { stage: 'Nowhere' } }] }, 'actions[0].fields.stage'],
    [{ ...LEAD_TASK, trigger: { kind: 'manual', record_kind: 'opportunity' }, actions: [{ type: 'update_fields', fields: { owner_id: 3 } }] }, 'actions[0].fields.owner_id'],
    [{ ...LEAD_TASK, actions: [{ type: 'wait', minutes: 0 }] }, 'actions[0].minutes'],
    [{ ...LEAD_TASK, actions: [{ type: 'branch', if: { conditions: [{ field: 'company', op: 'eq', value: 'x' }] }, then: [{ type: 'wait', minutes: 5 }] }] }, 'actions[0].then[0]'],
    [{ ...LEAD_TASK, conditions: { match: 'some', conditions: [] } }, 'conditions.match'],
    [{ ...LEAD_TASK, name: '' }, 'name'],
  ])('refuses a bad definition with 400 naming the field (%#)', async (body, field) => {
    const r = await admin().post('/api/v1/workflows', body).expect(400);
    expect(r.body.error).toBe('invalid');
    expect(r.body.message).toContain(`${field}`);
  });

  it('is for admins (403), first party only (an OAuth token: 403 insufficient_scope)', async () => {
    const w = (await admin().post('/api/v1/workflows', LEAD_TASK).expect(201)).body.workflow;
    const s = api(t, a.host, sales.key);
    expect((await s.get('/api/v1/workflows').expect(403)).body.error).toBe('forbidden');
    expect((await s.post('/api/v1/workflows', LEAD_TASK).expect(403)).body.error).toBe('forbidden');
    expect((await s.post(`/api/v1/workflows/${w.id}/enable`).expect(403)).body.error).toBe('forbidden');
    const oauth = await issueKey(t, a, 'oauth', a.admin.id, ['crm.read', 'crm.write']);
    const o = api(t, a.host, oauth);
    expect((await o.get('/api/v1/workflows').expect(403)).body.error).toBe('insufficient_scope');
    expect((await o.post('/api/v1/workflows', LEAD_TASK).expect(403)).body.error).toBe('insufficient_scope');
    expect((await o.post(`/api/v1/workflows/${w.id}/run`, { record_kind: 'lead', record_id: 1 }).expect(403)).body.error).toBe('insufficient_scope');
  });

  it("does not show or change another workspace's rule (404)", async () => {
    const w = (await admin().post('/api/v1/workflows', LEAD_TASK).expect(201)).body.workflow;
    const b = api(t, other.host, other.adminKey);
    await b.get(`/api/v1/workflows/${w.id}`).expect(404);
    await b.patch(`/api/v1/workflows/${w.id}`, { name: 'mine' }).expect(404);
    await b.post(`/api/v1/workflows/${w.id}/enable`).expect(404);
    await b.delete(`/api/v1/workflows/${w.id}`).expect(404);
    await b.get(`/api/v1/workflows/${w.id}/runs`).expect(404);
    expect((await b.get('/api/v1/workflows').expect(200)).body.items).toEqual([]);
    // a user of the other workspace cannot be named as an assignee
    const r = await admin().post('/api/v1/workflows', { ...LEAD_TASK, actions: [{ type: 'create_task', title: 'x', assignee: { kind: 'user', user_id: other.admin.id } }] }).expect(400);
    expect(r.body.message).toContain('actions[0].assignee.user_id');
  });

  it('lists the templates and installs one as a disabled rule', async () => {
    const list = (await admin().get('/api/v1/workflow-templates').expect(200)).body.items;
    expect(list.map((x: { key: string }) => x.key)).toEqual(['fair_lead_task', 'stage_sla', 'visit_next_action', 'won_erp_check']);
    for (const tpl of list) {
      const w = (await admin().post(`/api/v1/workflow-templates/${tpl.key}/install`, {}).expect(201)).body.workflow;
      expect(w).toMatchObject({ enabled: false, template: tpl.key, trigger: tpl.trigger, version: 1 });
    }
    await admin().post('/api/v1/workflow-templates/nope/install', {}).expect(404);
  });
});
