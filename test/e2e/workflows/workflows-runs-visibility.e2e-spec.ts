import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { settleWorkflows } from '../../helpers/workflows';

/**
 * Runs on the record (docs/decisions/workflows.md): whoever sees a record sees the runs about it, named by name;
 * anyone else gets 404 as for a record that is not there; a rule's own runs stay admin reading.
 */
let t: TestApp;
const as = (f: Fixture) => api(t, f.host, f.adminKey);

const settle = (f: Fixture) => settleWorkflows(t, f);

// the embedded database's first open takes minutes on a loaded machine
beforeAll(async () => {
  t = await startApp();
}, 600_000);
afterAll(() => t.close());

describe('workflow runs on the record', () => {
  it('shows the runs to whoever sees the record, with users and records by name; 404 to a sales user of another team', async () => {
    const a = await createWorkspace(t);
    const seller = await createUser(t, a, { fullName: 'Selin Kaya', department: 'İzmir' });
    const mate = await createUser(t, a, { fullName: 'Deniz Ak', department: 'İzmir' });
    const other = await createUser(t, a, { fullName: 'Ozan Uzak', department: 'Ankara' });
    const w = (
      await as(a)
        .post('/api/v1/workflows', { name: 'First call', enabled: true, trigger: { kind: 'event', event: 'opp_created', filter: null }, actions: [{ type: 'create_task', title: 'Call about {{record.name}}', assignee: { kind: 'owner' } }] })
        .expect(201)
    ).body.workflow;
    const sellerApi = api(t, a.host, seller.key);
    const cid = (await sellerApi.post('/api/v1/companies', { name: 'Kaya Tekstil' }).expect(201)).body.company.id;
    const opp = (await sellerApi.post('/api/v1/opportunities', { name: 'Spring order', customer_id: cid, value: 100 }).expect(201)).body.opp;
    await settle(a);

    const path = `/api/v1/workflow-runs?record_kind=opportunity&record_id=${opp.id}`;
    const mine = (await sellerApi.get(path).expect(200)).body.items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ workflow_id: w.id, workflow_name: 'First call', status: 'done', record_name: 'Spring order', started_by: null });
    expect(mine[0].steps).toEqual([
      expect.objectContaining({ type: 'create_task', outcome: 'done', record_kind: 'task', record_name: 'Call about Spring order', user: expect.objectContaining({ id: seller.user.id, full_name: 'Selin Kaya' }) }),
    ]);
    expect((await sellerApi.get(`/api/v1/workflow-runs/${mine[0].id}`).expect(200)).body.run.record_name).toBe('Spring order');
    // a teammate sees the record, so the runs
    expect((await api(t, a.host, mate.key).get(path).expect(200)).body.items.map((r: { id: number }) => r.id)).toEqual([mine[0].id]);

    // another team does not see the record: not found, as for a record that is not there
    const stranger = api(t, a.host, other.key);
    expect((await stranger.get(path).expect(404)).body.error).toBe('not_found');
    expect((await stranger.get(`/api/v1/workflow-runs/${mine[0].id}`).expect(404)).body.error).toBe('not_found');
    await stranger.get(`/api/v1/workflow-runs?record_kind=opportunity&record_id=99999999`).expect(404);

    // the rule and its own list stay admin reading
    expect((await sellerApi.get(`/api/v1/workflows/${w.id}/runs`).expect(403)).body.error).toBe('forbidden');
    await sellerApi.get(`/api/v1/workflows/${w.id}`).expect(403);
    expect((await as(a).get(`/api/v1/workflows/${w.id}/runs`).expect(200)).body.items[0].steps[0].user.full_name).toBe('Selin Kaya');
  });

  it('names a manual run by the user who started it', async () => {
    const a = await createWorkspace(t);
    const w = (await as(a).post('/api/v1/workflows', { name: 'Note it', enabled: true, trigger: { kind: 'manual', record_kind: 'opportunity' }, actions: [{ type: 'add_note', text: 'checked' }] }).expect(201)).body.workflow;
    const cid = (await as(a).post('/api/v1/companies', { name: 'Deniz Gıda' }).expect(201)).body.company.id;
    const opp = (await as(a).post('/api/v1/opportunities', { name: 'Autumn', customer_id: cid, value: 1 }).expect(201)).body.opp;
    const run = (await as(a).post(`/api/v1/workflows/${w.id}/run`, { record_kind: 'opportunity', record_id: opp.id }).expect(200)).body.run;
    expect(run.started_by).toMatchObject({ id: a.admin.id });
    expect(run.record_name).toBe('Autumn');
  });
});
