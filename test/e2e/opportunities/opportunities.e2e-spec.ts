import { addDays, todayIn } from '../../../src/platform/common/time';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { insertCompany, insertProduct, outboxOf } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp, db } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let other: Fixture;
let north1: { user: { id: number }; key: string };
let north2: { user: { id: number }; key: string };
let south: { user: { id: number }; key: string };
let companyId: number;
let productId: number;
let today: string;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'opps');
  other = await createWorkspace(t, 'opps2');
  north1 = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  north2 = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
  companyId = (await insertCompany(t, a, north1.user.id, { name: 'Anadolu Plastik A.Ş.', city: 'Bursa', status: 'Active' })).id;
  productId = (await insertProduct(t, a, { name: 'LDPE film' })).id;
  today = todayIn(a.ws.timezone);
});
afterAll(() => t.close());

const as = (key: string) => api(t, a.host, key);
async function newOpp(key: string, body: Record<string, unknown> = {}) {
  const res = await as(key).post('/api/v1/opportunities', { name: 'Film line 2027', customer_id: companyId, ...body });
  expect(res.status).toBe(201);
  return res.body.opp;
}

describe('POST /api/v1/opportunities', () => {
  it('creates in the first stage with a log from null, Qualify steps with automatic BANT steps, and an opp_created event', async () => {
    const res = await as(north1.key).post('/api/v1/opportunities', { name: 'Film line 2027', customer_id: companyId, value: 12500, currency: 'EUR', potential_kg: 8000, product_id: productId, line: 'Film', type: 'New business', next_step: 'Send samples', tags: ['film', 'film', ' 2027 '] }).expect(201);
    expect(res.body.ok).toBe(true);
    const o = res.body.opp;
    expect(o).toMatchObject({
      name: 'Film line 2027', customer_id: companyId, customer: 'Anadolu Plastik A.Ş.', customer_city: 'Bursa', initials: 'AP', stage: 'Qualify', stage_label: 'Qualify', next_stage: 'Viable',
      is_open: true, can_edit: true, can_revive: false, is_account: true, value: 12500, value_base: 12500, currency: 'EUR', base_currency: 'EUR', cur_sym: '€', pu: 'EUR/kg', unit: 'kg', unit_code: 'KGM',
      product: 'LDPE film', product_id: productId, potential_kg: 8000, prob: 0.1, weighted: 1250, value_short: '€12.5k', bant: 0, gate_ok: false, fc: 'Pipeline',
      start_date: today, close_date: addDays(today, 90), closed_at: null, days_in_stage: 0, sla_days: 14, sla_left: 14, lifetime_left: 180, tags: ['film', '2027'], threads_n: 0, health_manual: false,
    });
    expect(o.rid).toBe(`O-${o.id}`);
    expect(o.gate_problems).toEqual(['BANT score is 0; at least 2 needed']);
    expect(o.guide).toContain('To reach Viable');
    expect(o.owner).toMatchObject({ id: north1.user.id, full_name: 'Nora North', role: 'sales' });
    expect(o.logs).toEqual([{ date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/), from: null, to: 'Qualify', note: '', user: 'Nora North' }]);
    expect(o.steps.map((s: { title: string; auto: boolean; stage: string }) => [s.stage, s.auto])).toEqual([['Qualify', true], ['Qualify', true], ['Qualify', true], ['Qualify', true], ['Qualify', false]]);
    expect(o.steps[0]).toEqual({ id: expect.any(Number), title: 'Budget confirmed', stage: 'Qualify', state: 'open', done: false, auto: true, due_date: null, note: '', assignee: null });
    for (const k of ['tasks', 'threads', 'notes', 'demos', 'offers', 'orders', 'visits']) expect(o[k]).toEqual([]);
    expect(o.health).toEqual({ grade: 'A', label: 'Healthy', score: 85 });
    expect(o.health_why).toEqual([['low_bant', 'BANT score 0 of 4']]);
    expect(o.trend).toBe('flat');
    const ev = (await outboxOf(t, a, 'opp_created')).find((e) => e.recordId === o.id)!;
    expect(ev.data).toEqual({ id: o.id, rid: o.rid, name: 'Film line 2027', customer: 'Anadolu Plastik A.Ş.', customer_id: companyId, stage: 'Qualify', stage_label: 'Qualify', value: 12500, currency: 'EUR', owner: { id: north1.user.id, username: expect.any(String), full_name: 'Nora North' } });
  });

  it('converts to the base currency and weighs by a manual probability', async () => {
    const o = await newOpp(north1.key, { value: 1000, currency: 'USD', probability: 50 });
    expect(o).toMatchObject({ value: 1000, value_base: 920, prob: 0.5, weighted: 460, cur_sym: '$' });
  });

  it('validates and names the field', async () => {
    expect((await as(north1.key).post('/api/v1/opportunities', { customer_id: companyId }).expect(400)).body.fields).toEqual(['name']);
    expect((await as(north1.key).post('/api/v1/opportunities', { name: 'x', customer_id: 'abc' }).expect(400)).body.fields).toEqual(['customer_id']);
    expect((await as(north1.key).post('/api/v1/opportunities', { name: 'x', customer_id: companyId, value: -1 }).expect(400)).body.fields).toEqual(['value']);
    expect((await as(north1.key).post('/api/v1/opportunities', { name: 'x', customer_id: companyId, stage_id: 3 }).expect(400)).body.message).toContain('stage_id');
    const cur = await as(north1.key).post('/api/v1/opportunities', { name: 'x', customer_id: companyId, currency: 'XYZ' }).expect(400);
    expect(cur.body).toMatchObject({ error: 'invalid', field: 'currency' });
    const otherCompany = await insertCompany(t, other, other.admin.id);
    expect((await as(north1.key).post('/api/v1/opportunities', { name: 'x', customer_id: otherCompany.id }).expect(400)).body.field).toBe('customer_id');
    // a company the caller cannot see is not a valid reference either
    const southCompany = await insertCompany(t, a, south.user.id);
    expect((await as(north1.key).post('/api/v1/opportunities', { name: 'x', customer_id: southCompany.id }).expect(400)).body.field).toBe('customer_id');
    expect((await as(north1.key).post('/api/v1/opportunities', { name: 'x', customer_id: companyId, type: 'Bogus' }).expect(400)).body.field).toBe('type');
    expect((await as(north1.key).post('/api/v1/opportunities', { name: 'x', customer_id: companyId, stage: 'Win' }).expect(400)).body.field).toBe('stage');
  });

  it('checks the gates when created in a later stage', async () => {
    const res = await as(north1.key).post('/api/v1/opportunities', { name: 'x', customer_id: companyId, stage: 'Viable' }).expect(400);
    expect(res.body.gate_problems).toEqual(['BANT score is 0; at least 2 needed', 'no product chosen']);
    const ok = await newOpp(north1.key, { stage: 'Viable', bant_b: true, bant_n: true, product_id: productId });
    expect(ok.stage).toBe('Viable');
    expect(ok.logs).toEqual([expect.objectContaining({ from: null, to: 'Viable' })]);
    expect(ok.steps.filter((s: { stage: string }) => s.stage === 'Viable')).toHaveLength(2);
    expect(ok.steps.filter((s: { auto: boolean; done: boolean }) => s.auto && s.done)).toHaveLength(2);
  });

  it('needs a credential, the module and the write scope', async () => {
    await api(t, a.host).post('/api/v1/opportunities', { name: 'x', customer_id: companyId }).expect(401);
    const noModule = await createUser(t, a, { modules: ['Customers'] });
    expect((await as(noModule.key).post('/api/v1/opportunities', { name: 'x', customer_id: companyId }).expect(403)).body.error).toBe('module');
    expect((await as(noModule.key).get('/api/v1/opportunities').expect(403)).body.error).toBe('module');
    const readOnly = await issueKey(t, a, 'oauth', north1.user.id, ['crm.read']);
    expect((await as(readOnly).post('/api/v1/opportunities', { name: 'x', customer_id: companyId }).expect(403)).body.error).toBe('insufficient_scope');
    await as(readOnly).get('/api/v1/opportunities').expect(200);
  });
});

describe('visibility and editing', () => {
  let oppId: number;
  beforeAll(async () => {
    oppId = (await newOpp(north1.key)).id;
  });

  it('hides a record from another department (404) and another workspace (404)', async () => {
    expect((await as(south.key).get(`/api/v1/opportunities/${oppId}`).expect(404)).body).toMatchObject({ ok: false, error: 'not_found' });
    await as(south.key).patch(`/api/v1/opportunities/${oppId}`, { note: 'x' }).expect(404);
    await as(south.key).post(`/api/v1/opportunities/${oppId}/stage`, { stage: 'Lost', close_reason: 'Price' }).expect(404);
    await api(t, other.host, other.adminKey).get(`/api/v1/opportunities/${oppId}`).expect(404);
    await as(north1.key).get('/api/v1/opportunities/999999').expect(404);
    expect((await as(north1.key).get('/api/v1/opportunities/abc').expect(400)).body.message).toContain('id');
  });

  it('lets a colleague of the same department see but not edit (403)', async () => {
    const res = await as(north2.key).get(`/api/v1/opportunities/${oppId}`).expect(200);
    expect(res.body.opp.can_edit).toBe(false);
    expect((await as(north2.key).patch(`/api/v1/opportunities/${oppId}`, { note: 'mine now' }).expect(403)).body.error).toBe('forbidden');
    await as(north2.key).post(`/api/v1/opportunities/${oppId}/stage`, { stage: 'Lost', close_reason: 'Price' }).expect(403);
  });

  it('lets an admin see and edit everything, and give it to another user', async () => {
    const res = await as(a.adminKey).patch(`/api/v1/opportunities/${oppId}`, { note: 'checked by admin', owner_id: north2.user.id }).expect(200);
    expect(res.body.opp).toMatchObject({ note: 'checked by admin', can_edit: true, owner: { id: north2.user.id } });
    expect((await as(north2.key).patch(`/api/v1/opportunities/${oppId}`, { owner_id: north1.user.id }).expect(403)).body.message).toContain('admin');
    await as(a.adminKey).patch(`/api/v1/opportunities/${oppId}`, { owner_id: north1.user.id }).expect(200);
  });

  it('updates fields and records notes', async () => {
    const res = await as(north1.key).patch(`/api/v1/opportunities/${oppId}`, { value: 5000, close_date: addDays(today, 30), fc: 'Commit', health_manual: true, health_grade: 'C', health_note: 'slow buyer' }).expect(200);
    expect(res.body.opp).toMatchObject({ value: 5000, close_date: addDays(today, 30), fc: 'Commit', health_manual: true, health: { grade: 'C', label: 'At risk' }, health_note: 'slow buyer' });
    const cleared = await as(north1.key).patch(`/api/v1/opportunities/${oppId}`, { health_manual: false }).expect(200);
    expect(cleared.body.opp.health_manual).toBe(false);
    expect((await as(north1.key).patch(`/api/v1/opportunities/${oppId}`, { fc: 'Nope' }).expect(400)).body.field).toBe('fc');
    // PATCH does not move stages: 400 naming stage, pointing to the stage operation; nothing changes
    const moved = await as(north1.key).patch(`/api/v1/opportunities/${oppId}`, { stage: 'Win', note: 'not applied' }).expect(400);
    expect(moved.body).toMatchObject({ ok: false, error: 'invalid' });
    expect([moved.body.field, ...(moved.body.fields ?? [])]).toContain('stage');
    expect(moved.body.message).toContain(`POST /api/v1/opportunities/${oppId}/stage`);
    expect((await as(north1.key).get(`/api/v1/opportunities/${oppId}`).expect(200)).body.opp).toMatchObject({ stage: 'Qualify', note: 'checked by admin' });
    expect((await as(north1.key).patch(`/api/v1/opportunities/${oppId}`, { stage: null }).expect(400)).body.message).toContain('/stage');
    const note = await as(north1.key).post(`/api/v1/opportunities/${oppId}/notes`, { body: 'Called the buyer' }).expect(201);
    expect(note.body.opp.notes).toEqual([{ id: expect.any(Number), body: 'Called the buyer', user: 'Nora North', created_at: expect.any(String) }]);
  });

  it('refuses notes that are empty (400), on invisible records (404) or by a colleague (403)', async () => {
    expect((await as(north1.key).post(`/api/v1/opportunities/${oppId}/notes`, {}).expect(400)).body.fields).toEqual(['body']);
    expect((await as(north1.key).post(`/api/v1/opportunities/${oppId}/notes`, { body: 'x'.repeat(5001) }).expect(400)).body.fields).toEqual(['body']);
    await as(south.key).post(`/api/v1/opportunities/${oppId}/notes`, { body: 'hi' }).expect(404);
    await as(north1.key).post('/api/v1/opportunities/999999/notes', { body: 'hi' }).expect(404);
    expect((await as(north2.key).post(`/api/v1/opportunities/${oppId}/notes`, { body: 'hi' }).expect(403)).body.error).toBe('forbidden');
    await api(t, a.host).post(`/api/v1/opportunities/${oppId}/notes`, { body: 'hi' }).expect(401);
  });
});

describe('POST /api/v1/opportunities/:id/stage (gates)', () => {
  it('applies each gate rule when moving forward', async () => {
    const o = await newOpp(north1.key);
    const move = (stage: string, extra: object = {}) => as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage, ...extra });
    const patch = (body: object) => as(north1.key).patch(`/api/v1/opportunities/${o.id}`, body).expect(200);

    let r = await move('Viable').expect(400);
    expect(r.body).toMatchObject({ ok: false, error: 'invalid', gate_problems: ['BANT score is 0; at least 2 needed', 'no product chosen'] });
    await patch({ bant_b: true, bant_a: true });
    expect((await move('Viable').expect(400)).body.gate_problems).toEqual(['no product chosen']);
    await patch({ product_id: productId });
    r = await move('Viable', { note: 'qualified' }).expect(200);
    expect(r.body.opp).toMatchObject({ stage: 'Viable', next_stage: 'Present Solution', days_in_stage: 0, sla_days: 21 });
    expect(r.body.opp.logs.at(-1)).toMatchObject({ from: 'Qualify', to: 'Viable', note: 'qualified', user: 'Nora North' });
    expect(r.body.opp.steps.filter((s: { stage: string }) => s.stage === 'Viable').map((s: { title: string }) => s.title)).toEqual(['Product selected', 'Samples sent']);

    expect((await move('Present Solution').expect(400)).body.gate_problems).toEqual(['need not confirmed (BANT N)']);
    await patch({ bant_n: true, close_date: addDays(today, 20) });
    await move('Present Solution').expect(200);

    expect((await move('Negotiation').expect(400)).body.gate_problems).toEqual(['no offer price', 'no payment terms']);
    await patch({ offer_price: 1.4, payment_days: 60 });
    await move('Negotiation').expect(200);

    await patch({ close_date: addDays(today, -1) });
    expect((await move('Expect to Close').expect(400)).body.gate_problems).toEqual(['close date is in the past']);
    await patch({ close_date: addDays(today, 10) });
    await move('Expect to Close').expect(200);

    expect((await move('Win').expect(400)).body.gate_problems).toEqual(['value must be above zero']);
    await patch({ value: 25000 });
    r = await move('Win').expect(200);
    expect(r.body.opp).toMatchObject({ stage: 'Win', is_open: false, next_stage: '', fc: 'Closed', prob: 1, weighted: 25000, health: { grade: '-', label: 'Closed', score: 0 }, can_revive: false, trend: 'up', close_category: 'Won' });
    expect(r.body.opp.closed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

    const titles = (await outboxOf(t, a, 'opp_stage')).filter((e) => e.recordId === o.id).map((e) => e.title);
    expect(titles).toEqual([
      'Film line 2027: Qualify → Viable',
      'Film line 2027: Viable → Present Solution',
      'Film line 2027: Present Solution → Negotiation',
      'Film line 2027: Negotiation → Expect to Close',
      'Film line 2027: Expect to Close → Win',
    ]);
    expect((await outboxOf(t, a, 'opp_won')).filter((e) => e.recordId === o.id)).toHaveLength(1);
    // closed: no more moves
    expect((await move('Negotiation').expect(400)).body.message).toContain('closed');
  });

  it('checks every gate passed when jumping forward, none when moving back', async () => {
    const o = await newOpp(north1.key, { bant_b: true, bant_a: true, bant_n: true, product_id: productId });
    const r = await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Negotiation' }).expect(400);
    expect(r.body.gate_problems).toEqual(['no offer price', 'no payment terms']);
    await as(north1.key).patch(`/api/v1/opportunities/${o.id}`, { close_date: addDays(today, 9), offer_price: 2, payment_days: 30 }).expect(200);
    await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Negotiation' }).expect(200);
    const back = await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Qualify', note: 'budget frozen' }).expect(200);
    expect(back.body.opp).toMatchObject({ stage: 'Qualify', trend: 'down', trend_label: 'Slipping' });
  });

  it('reaches Lost or Cancel from any open stage with a loss reason', async () => {
    const o = await newOpp(north1.key);
    expect((await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Lost' }).expect(400)).body.field).toBe('close_reason');
    expect((await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Lost', close_reason: 'Bad luck' }).expect(400)).body.field).toBe('close_reason');
    const r = await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Lost', close_reason: 'Price', close_category: 'Competition' }).expect(200);
    expect(r.body.opp).toMatchObject({ stage: 'Lost', is_open: false, close_reason: 'Price', close_category: 'Competition', can_revive: true, fc: 'Omitted', prob: 0 });
    expect((await outboxOf(t, a, 'opp_lost')).filter((e) => e.recordId === o.id)).toHaveLength(1);
    const c = await newOpp(north1.key);
    await as(north1.key).post(`/api/v1/opportunities/${c.id}/stage`, { stage: 'Cancel', close_reason: 'No decision' }).expect(200);
    expect((await outboxOf(t, a, 'opp_lost')).filter((e) => e.recordId === c.id)).toHaveLength(0);
  });

  it('refuses unknown and same stages, and a missing stage', async () => {
    const o = await newOpp(north1.key);
    expect((await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Heaven' }).expect(400)).body.field).toBe('stage');
    expect((await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Qualify' }).expect(400)).body.message).toContain('already');
    expect((await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, {}).expect(400)).body.fields).toEqual(['stage']);
  });

  it('does not enforce gates when stage_rules is off', async () => {
    const ws = await createWorkspace(t, 'nogates');
    await db(t).query(`UPDATE workspaces SET constants = jsonb_set(constants, '{stage_rules}', 'false') WHERE id = $1`, [ws.ws.id]);
    const c = await insertCompany(t, ws, ws.admin.id);
    const o = (await api(t, ws.host, ws.adminKey).post('/api/v1/opportunities', { name: 'free', customer_id: c.id }).expect(201)).body.opp;
    expect(o.gate_ok).toBe(false);
    await api(t, ws.host, ws.adminKey).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Negotiation' }).expect(200);
  });
});

describe('POST /api/v1/opportunities/:id/revive', () => {
  it('creates a new open opportunity copying product, quantity and line, linked to the original', async () => {
    const o = await newOpp(north1.key, { product_id: productId, potential_kg: 4200, line: 'Film', value: 9000, type: 'Trial' });
    await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Lost', close_reason: 'Price' }).expect(200);
    const r = await as(north1.key).post(`/api/v1/opportunities/${o.id}/revive`, {}).expect(200);
    const n = r.body.opp;
    expect(n.id).not.toBe(o.id);
    expect(n).toMatchObject({ stage: 'Qualify', is_open: true, product_id: productId, potential_kg: 4200, line: 'Film', customer_id: companyId, revived_from_id: o.id, value: 0, closed_at: null });
    expect(n.logs).toEqual([expect.objectContaining({ from: null, to: 'Qualify' })]);
    const old = (await as(north1.key).get(`/api/v1/opportunities/${o.id}`).expect(200)).body.opp;
    expect(old).toMatchObject({ stage: 'Lost', can_revive: false, revived_to_id: n.id });
    expect((await as(north1.key).post(`/api/v1/opportunities/${o.id}/revive`, {}).expect(403)).body.error).toBe('forbidden');
    expect((await outboxOf(t, a, 'opp_created')).some((e) => e.recordId === n.id)).toBe(true);
  });

  it('revives cancelled ones too, but not won or open ones', async () => {
    const c = await newOpp(north1.key);
    await as(north1.key).post(`/api/v1/opportunities/${c.id}/stage`, { stage: 'Cancel', close_reason: 'Timing' }).expect(200);
    await as(north1.key).post(`/api/v1/opportunities/${c.id}/revive`, {}).expect(200);
    const open = await newOpp(north1.key);
    expect((await as(north1.key).post(`/api/v1/opportunities/${open.id}/revive`, {}).expect(403)).body.message).toContain('only lost or cancelled');
  });

  it('is 404 for an invisible or unknown one and 403 for a colleague who may not edit', async () => {
    const o = await newOpp(north1.key);
    await as(north1.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: 'Lost', close_reason: 'Price' }).expect(200);
    await as(south.key).post(`/api/v1/opportunities/${o.id}/revive`, {}).expect(404);
    await as(north1.key).post('/api/v1/opportunities/999999/revive', {}).expect(404);
    await as(north2.key).post(`/api/v1/opportunities/${o.id}/revive`, {}).expect(403);
    expect((await as(north1.key).post(`/api/v1/opportunities/${o.id}/revive`, { x: 1 }).expect(400)).body.message).toContain('x');
  });
});

describe('POST /api/v1/steps/:id/toggle', () => {
  it('flips a step, sets it explicitly, and keeps a note of at most 250 characters', async () => {
    const o = await newOpp(north1.key);
    const step = o.steps.find((s: { auto: boolean }) => !s.auto);
    let r = await as(north1.key).post(`/api/v1/steps/${step.id}/toggle`, {}).expect(200);
    expect(r.body.ok).toBe(true);
    expect(r.body.step).toMatchObject({ id: step.id, done: true, state: 'done' });
    r = await as(north1.key).post(`/api/v1/steps/${step.id}/toggle`, { done: true, note: 'met the buyer' }).expect(200);
    expect(r.body.step).toMatchObject({ done: true, note: 'met the buyer' });
    r = await as(north1.key).post(`/api/v1/steps/${step.id}/toggle`, {}).expect(200);
    expect(r.body.step.done).toBe(false);
    const long = await as(north1.key).post(`/api/v1/steps/${step.id}/toggle`, { note: 'x'.repeat(251) }).expect(400);
    expect(long.body).toMatchObject({ error: 'invalid', fields: ['note'] });
    await as(north1.key).post(`/api/v1/steps/${step.id}/toggle`, { note: 'y'.repeat(250) }).expect(200);
    expect((await as(north1.key).post(`/api/v1/steps/${step.id}/toggle`, { done: 'yes' }).expect(400)).body.fields).toEqual(['done']);
  });

  it('updates the BANT flags and score from BANT steps, and BANT steps from the flags', async () => {
    const o = await newOpp(north1.key);
    const bant = (key: string) => o.steps.find((s: { title: string }) => s.title.toLowerCase().includes(key));
    let r = await as(north1.key).post(`/api/v1/steps/${bant('budget').id}/toggle`, {}).expect(200);
    expect(r.body.opp).toMatchObject({ bant_b: true, bant: 1 });
    r = await as(north1.key).post(`/api/v1/steps/${bant('need').id}/toggle`, { done: true }).expect(200);
    expect(r.body.opp).toMatchObject({ bant_n: true, bant: 2 });
    expect(r.body.opp.gate_problems).toEqual(['no product chosen']);
    r = await as(north1.key).post(`/api/v1/steps/${bant('budget').id}/toggle`, { done: false }).expect(200);
    expect(r.body.opp).toMatchObject({ bant_b: false, bant: 1 });
    const p = await as(north1.key).patch(`/api/v1/opportunities/${o.id}`, { bant_t: true, bant_n: false }).expect(200);
    const steps = p.body.opp.steps;
    expect(steps.find((s: { title: string }) => s.title === 'Timing agreed').done).toBe(true);
    expect(steps.find((s: { title: string }) => s.title === 'Need confirmed').done).toBe(false);
    expect(p.body.opp.bant).toBe(1);
  });

  it('is 404 for unknown or invisible steps and 403 for a colleague', async () => {
    const o = await newOpp(north1.key);
    await as(north1.key).post('/api/v1/steps/999999/toggle', {}).expect(404);
    expect((await as(south.key).post(`/api/v1/steps/${o.steps[0].id}/toggle`, {}).expect(404)).body.error).toBe('not_found');
    await api(t, other.host, other.adminKey).post(`/api/v1/steps/${o.steps[0].id}/toggle`, {}).expect(404);
    expect((await as(north2.key).post(`/api/v1/steps/${o.steps[0].id}/toggle`, {}).expect(403)).body.error).toBe('forbidden');
  });
});

describe('GET /api/v1/opportunities', () => {
  let ws: Fixture;
  let seller: { user: { id: number }; key: string };
  let cust: number;
  beforeAll(async () => {
    ws = await createWorkspace(t, 'oppslist');
    seller = await createUser(t, ws, { department: 'East' });
    cust = (await insertCompany(t, ws, seller.user.id)).id;
    for (let i = 0; i < 7; i++) await api(t, ws.host, seller.key).post('/api/v1/opportunities', { name: `Deal ${i}`, customer_id: cust }).expect(201);
  });

  it('pages by keyset, stable under inserts between pages', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let first = true;
    do {
      const res: { body: { ok?: boolean; items: { id: number }[]; next_cursor: string | null } } = await api(t, ws.host, seller.key).get(`/api/v1/opportunities?limit=3${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      expect(res.body.ok).toBe(true);
      seen.push(...res.body.items.map((o: { id: number }) => o.id));
      cursor = res.body.next_cursor;
      if (first) {
        await api(t, ws.host, seller.key).post('/api/v1/opportunities', { name: 'Inserted meanwhile', customer_id: cust }).expect(201);
        first = false;
      }
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort((x, y) => y - x)).toEqual(seen);
    expect((await api(t, ws.host, seller.key).get('/api/v1/opportunities?cursor=garbage').expect(400)).body.message).toContain('cursor');
    expect((await api(t, ws.host, seller.key).get('/api/v1/opportunities?limit=500').expect(400)).body.fields).toEqual(['limit']);
    expect((await api(t, ws.host, seller.key).get('/api/v1/opportunities?colour=red').expect(400)).body.message).toContain('colour');
  });

  it('returns list items without nested arrays, and filters', async () => {
    const res = await api(t, ws.host, seller.key).get('/api/v1/opportunities?q=deal%203').expect(200);
    expect(res.body.items.map((o: { name: string }) => o.name)).toEqual(['Deal 3']);
    expect(res.body.items[0].logs).toBeUndefined();
    expect(res.body.items[0]).toMatchObject({ stage: 'Qualify', owner: { id: seller.user.id }, customer_id: cust });
    const id = res.body.items[0].id;
    await api(t, ws.host, seller.key).post(`/api/v1/opportunities/${id}/stage`, { stage: 'Lost', close_reason: 'Price' }).expect(200);
    expect((await api(t, ws.host, seller.key).get('/api/v1/opportunities?status=closed').expect(200)).body.items.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await api(t, ws.host, seller.key).get('/api/v1/opportunities?stage=Lost').expect(200)).body.items.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await api(t, ws.host, seller.key).get('/api/v1/opportunities?status=open').expect(200)).body.items.every((o: { is_open: boolean }) => o.is_open)).toBe(true);
    expect((await api(t, ws.host, seller.key).get(`/api/v1/opportunities?customer_id=${cust}&limit=200`).expect(200)).body.items.length).toBe(8);
    expect((await api(t, ws.host, seller.key).get('/api/v1/opportunities?stage=Nowhere').expect(400)).body.field).toBe('stage');
    // another user's records are not listed to a sales user outside the team
    const stranger = await createUser(t, ws, { department: 'West' });
    expect((await api(t, ws.host, stranger.key).get('/api/v1/opportunities').expect(200)).body.items).toEqual([]);
    expect((await api(t, ws.host, ws.adminKey).get('/api/v1/opportunities?limit=200').expect(200)).body.items.length).toBe(8);
  });

  it('syncs with sort=update and updated_since', async () => {
    const all = await api(t, ws.host, seller.key).get('/api/v1/opportunities?sort=update&limit=200').expect(200);
    const ids = all.body.items.map((o: { id: number }) => o.id);
    expect(ids.length).toBe(8);
    await new Promise((r) => setTimeout(r, 20));
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await api(t, ws.host, seller.key).patch(`/api/v1/opportunities/${ids[0]}`, { note: 'changed' }).expect(200);
    const changed = await api(t, ws.host, seller.key).get(`/api/v1/opportunities?sort=update&updated_since=${encodeURIComponent(mark)}`).expect(200);
    expect(changed.body.items.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    // paging in update order visits each record once
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { ok?: boolean; items: { id: number }[]; next_cursor: string | null } } = await api(t, ws.host, seller.key).get(`/api/v1/opportunities?sort=update&limit=3${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      seen.push(...res.body.items.map((o: { id: number }) => o.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen.slice(-1)).toEqual([ids[0]]);
    expect(new Set(seen).size).toBe(8);
    expect((await api(t, ws.host, seller.key).get('/api/v1/opportunities?updated_since=2026-01-01').expect(400)).body.message).toContain('sort=update');
  });

  it('marks stale and overdue opportunities in health', async () => {
    const o = (await api(t, ws.host, seller.key).post('/api/v1/opportunities', { name: 'Old one', customer_id: cust, next_step: 'call' }).expect(201)).body.opp;
    await db(t).update(Opportunity, { workspaceId: ws.ws.id, id: o.id }, { stageChangedAt: new Date(Date.now() - 40 * 86400_000), lastActivityAt: new Date(Date.now() - 30 * 86400_000), startDate: addDays(today, -200) });
    const r = (await api(t, ws.host, seller.key).get(`/api/v1/opportunities/${o.id}`).expect(200)).body.opp;
    expect(r.days_in_stage).toBe(40);
    expect(r.sla_left).toBe(-26);
    expect(r.lifetime_left).toBe(-20);
    expect(r.health_why.map((w: string[]) => w[0])).toEqual(['stale', 'sla_overdue', 'low_bant', 'lifetime_exceeded']);
    expect(r.health).toEqual({ grade: 'D', label: 'Critical', score: 30 });
  });
});
