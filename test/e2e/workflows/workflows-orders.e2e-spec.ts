import { Order } from '../../../src/domain/crm/orders/order.entity';
import { Task } from '../../../src/domain/crm/tasks/task.entity';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { api, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { settleWorkflows } from '../../helpers/workflows';

/**
 * `create_order`: the template "opportunity won → order draft and a task for the ERP check" makes an order through the
 * orders service (the REST create's checks) from the won opportunity's product, quantity and offer price; its
 * simulation says what it would create and writes nothing, and the live run on the same events does the same.
 */
let t: TestApp;
const as = (f: Fixture) => api(t, f.host, f.adminKey);
const wonOf = (f: Fixture) => f.ws.constants.stages.find((s) => f.ws.constants.stage_roles[s] === 'won')!;

beforeAll(async () => {
  t = await startApp();
}, 600_000);
afterAll(() => t.close());

/** A workspace whose stages have no gates (the test is about the order, not the gates of a win). */
async function workspace(): Promise<Fixture> {
  const f = await createWorkspace(t);
  const c = f.ws.constants;
  await t.get(WorkspaceService).setConstants(f.ws.slug, { stage_gates: Object.fromEntries(c.stages.map((s) => [s, {}])) });
  return f;
}

/** Two opportunities won: one with a product, a quantity and an offer price; one with no quantity (no order line). */
async function winTwo(f: Fixture): Promise<Map<number, string>> {
  const cid = (await as(f).post('/api/v1/companies', { name: 'Ege Ambalaj' }).expect(201)).body.company.id;
  const product = (await as(f).post('/api/v1/products', { code: 'SF-23', name: 'Streç Film 23 mic' }).expect(201)).body.product.id;
  const full = (await as(f).post('/api/v1/opportunities', { name: 'Film for Ege', customer_id: cid, value: 5000, product_id: product, potential_kg: 1200, offer_price: 3.25 }).expect(201)).body.opp;
  const empty = (await as(f).post('/api/v1/opportunities', { name: 'Talk with Ege', customer_id: cid, value: 800 }).expect(201)).body.opp;
  for (const o of [full, empty]) await as(f).post(`/api/v1/opportunities/${o.id}/stage`, { stage: wonOf(f) }).expect(200);
  return new Map([[full.id, 'full'], [empty.id, 'empty']]);
}

const outcome = (runs: { record_id: number; steps: { path: string; outcome: string }[] }[], ids: Map<number, string>) =>
  runs.map((r) => `${ids.get(r.record_id)}: ${r.steps.map((s) => `${s.path}=${s.outcome}`).join(' ')}`).sort();
const ordersOf = (f: Fixture) => db(t).find(Order, { where: { workspaceId: f.ws.id }, order: { id: 'ASC' } });

describe('workflows: create_order', () => {
  it('the won template: simulated, it says which order draft it would make and writes nothing; live, it makes it through the orders service', async () => {
    const a = await workspace();
    const tpl = (await as(a).get('/api/v1/workflow-templates').expect(200)).body.items.find((x: { key: string }) => x.key === 'won_erp_check');
    expect(tpl.actions.map((x: { type: string }) => x.type)).toEqual(['create_order', 'create_task']);
    const w = (await as(a).post('/api/v1/workflow-templates/won_erp_check/install', {}).expect(201)).body.workflow;
    const ids = await winTwo(a);
    const tasksBefore = await db(t).count(Task, { where: { workspaceId: a.ws.id } });

    const sim = (await as(a).post(`/api/v1/workflows/${w.id}/simulate`, { since: '2020-01-01' }).expect(200)).body;
    const simulated = outcome(sim.runs, ids);
    // no quantity, no order line: the orders service's own 400 (kg), and the run stops there
    expect(simulated).toEqual(['empty: actions[0]=failed', 'full: actions[0]=done actions[1]=done']);
    const full = sim.runs.find((r: { record_id: number }) => ids.get(r.record_id) === 'full');
    expect(full.steps[0].detail).toMatch(/^would create an order draft: Streç Film 23 mic, 1200 \w+ at 3\.25 ([A-Z]{3}) \(3900 \1\) for Ege Ambalaj$/);
    const refused = sim.runs.find((r: { record_id: number }) => ids.get(r.record_id) === 'empty').steps[0].detail;
    expect(refused).toMatch(/^invalid: .*kg.*above 0/);
    expect(await ordersOf(a)).toEqual([]);
    expect(await db(t).count(Task, { where: { workspaceId: a.ws.id } })).toBe(tasksBefore);

    // the same events, live, in a fresh workspace: the same outcomes, and the order is there
    const b = await workspace();
    const live = (await as(b).post('/api/v1/workflow-templates/won_erp_check/install', {}).expect(201)).body.workflow;
    await as(b).post(`/api/v1/workflows/${live.id}/enable`, {}).expect(200);
    const idsB = await winTwo(b);
    await settleWorkflows(t, b);
    const runs = (await as(b).get(`/api/v1/workflows/${live.id}/runs`).expect(200)).body.items;
    expect(outcome(runs, idsB)).toEqual(simulated);
    const emptyRun = runs.find((r: { record_id: number }) => idsB.get(r.record_id) === 'empty');
    expect(emptyRun.steps[0].detail).toBe(refused);
    const fullRun = runs.find((r: { record_id: number }) => idsB.get(r.record_id) === 'full');
    const [order, ...more] = await ordersOf(b);
    expect(more).toEqual([]);
    const oppId = [...idsB].find(([, v]) => v === 'full')![0];
    expect(order).toMatchObject({ oppId, kg: 1200, price: 3.25, amount: 3900, status: b.ws.constants.order_new_status, erpState: null, ownerId: b.admin.id, note: 'From the won opportunity Film for Ege' });
    expect(fullRun.steps[0]).toMatchObject({ record_kind: 'order', record_id: order!.id, outcome: 'done' });
    const task = await db(t).findOneByOrFail(Task, { workspaceId: b.ws.id, id: fullRun.steps[1].record_id });
    expect(task.oppId).toBe(oppId);
    // the order is an ordinary draft: its REST GET shows it, not sent to the ERP
    const got = (await as(b).get(`/api/v1/orders/${order!.id}`).expect(200)).body.order;
    expect(got).toMatchObject({ opp_id: oppId, product: 'Streç Film 23 mic' });
  });

  it('is refused at save on a record that is not an opportunity, and checks its fields', async () => {
    const a = await workspace();
    const bad = await as(a).post('/api/v1/workflows', { name: 'x', trigger: { kind: 'event', event: 'lead_created', filter: null }, actions: [{ type: 'create_order' }] }).expect(400);
    expect(bad.body.message).toContain('actions[0]: create_order works on an opportunity');
    const days = await as(a).post('/api/v1/workflows', { name: 'x', trigger: { kind: 'event', event: 'opp_won', filter: null }, actions: [{ type: 'create_order', due_in_days: -1, price: 3 }] }).expect(400);
    expect(days.body.message).toContain('actions[0].due_in_days');
    expect(days.body.message).toContain('actions[0].price');
  });
});
