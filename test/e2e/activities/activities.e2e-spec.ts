import { addDays, todayIn } from '../../../src/platform/common/time';
import { Activity } from '../../../src/domain/crm/activities/activity.entity';
import { Company } from '../../../src/domain/crm/companies/company.entity';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { Person } from '../../../src/domain/crm/people/person.entity';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp, db } from '../../helpers/test-app';
import { fewestRun } from '../../helpers/query-log';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let north: { user: { id: number }; key: string };
let north2: { user: { id: number }; key: string };
let south: { user: { id: number }; key: string };
let custOnly: { user: { id: number }; key: string };

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

async function company(f: Fixture, ownerId: number, name: string, status = 'Active'): Promise<number> {
  const r = await db(t).insert(Company, { workspaceId: f.ws.id, name, nameNorm: name.toLowerCase(), status, ownerId });
  return r.identifiers[0]!.id as number;
}
async function person(f: Fixture, ownerId: number, customerId: number | null, name: string): Promise<number> {
  const r = await db(t).insert(Person, { workspaceId: f.ws.id, name, nameNorm: name.toLowerCase(), ownerId, customerId });
  return r.identifiers[0]!.id as number;
}
async function opportunity(f: Fixture, ownerId: number, customerId: number, name: string): Promise<number> {
  const r = await db(t).insert(Opportunity, {
    workspaceId: f.ws.id,
    name,
    customerId,
    ownerId,
    stage: 'Qualify',
    isOpen: true,
    currency: 'EUR',
    startDate: '2026-01-01',
    lastActivityAt: new Date('2020-01-01T00:00:00Z'),
  });
  return r.identifiers[0]!.id as number;
}
const companyRow = (f: Fixture, id: number) => db(t).getRepository(Company).findOneByOrFail({ workspaceId: f.ws.id, id });

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'visits');
  b = await createWorkspace(t, 'visitsb');
  north = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  north2 = await createUser(t, a, { department: 'North', fullName: 'Ned North' });
  south = await createUser(t, a, { department: 'South', fullName: 'Sam South' });
  custOnly = await createUser(t, a, { department: 'North', modules: ['Customers'] });
});
afterAll(() => t.close());

describe('POST /api/v1/activities', () => {
  it('logs a visit and returns every field with its JSON type', async () => {
    const c = await company(a, north.user.id, 'Acme Plastics');
    const p1 = await person(a, north.user.id, c, 'Ada Buyer');
    const p2 = await person(a, north.user.id, c, 'Bob Tech');
    const o = await opportunity(a, north.user.id, c, 'Film line 2026');
    const res = await api(t, a.host, north.key)
      .post('/api/v1/activities', {
        type: 'F2F',
        topic: 'Offer',
        date: '2026-03-02',
        duration_min: 90,
        customer_id: c,
        person_ids: [p2, p1],
        opp_id: o,
        note: 'Discussed the offer.',
        next_action: 'Send samples',
        next_date: '2026-03-16',
        outcome: 'Positive',
      })
      .expect(201);
    expect(Object.keys(res.body).sort()).toEqual(['activity', 'ok']);
    expect(res.body.ok).toBe(true);
    const v = res.body.activity;
    expect(Object.keys(v).sort()).toEqual(
      ['id', 'rid', 'type', 'topic', 'date', 'duration_min', 'customer_id', 'customer', 'person_ids', 'people', 'opp_id', 'opp', 'note', 'next_action', 'next_date', 'task_id', 'task', 'outcome', 'blocks', 'owner', 'can_edit', 'created_at', 'updated_at'].sort(),
    );
    expect(v).toMatchObject({
      rid: `A-${v.id}`,
      type: 'F2F',
      topic: 'Offer',
      date: '2026-03-02',
      duration_min: 90,
      customer_id: c,
      customer: 'Acme Plastics',
      person_ids: [p2, p1],
      people: [
        { id: p2, name: 'Bob Tech' },
        { id: p1, name: 'Ada Buyer' },
      ],
      opp_id: o,
      opp: 'Film line 2026',
      note: 'Discussed the offer.',
      next_action: 'Send samples',
      next_date: '2026-03-16',
      outcome: 'Positive',
      can_edit: true,
    });
    expect(typeOf(v.id)).toBe('number');
    expect(v.owner).toEqual({ id: north.user.id, username: expect.any(String), full_name: 'Nora North', role: 'sales', role_label: 'Sales' });
    expect(v.created_at).toMatch(TS);
    expect(v.updated_at).toMatch(TS);

    // the linked opportunity was touched
    const opp = await db(t).getRepository(Opportunity).findOneByOrFail({ workspaceId: a.ws.id, id: o });
    expect(opp.lastActivityAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // and GET returns the same record
    const got = await api(t, a.host, north.key).get(`/api/v1/activities/${v.id}`).expect(200);
    expect(got.body).toEqual(res.body);
  });

  it('fills defaults for optional fields', async () => {
    const c = await company(a, north.user.id, 'Minimal GmbH');
    const res = await api(t, a.host, north.key).post('/api/v1/activities', { type: 'Call', date: '2026-03-03', customer_id: c }).expect(201);
    expect(res.body.activity).toMatchObject({
      topic: '',
      duration_min: null,
      person_ids: [],
      people: [],
      opp_id: null,
      opp: null,
      note: '',
      next_action: '',
      next_date: null,
      outcome: '',
      blocks: {},
    });
  });

  it("stores the Quick Entry blocks: known blocks and fields, values in their shape, empty ones left out; PATCH replaces or clears them", async () => {
    const c = await company(a, north.user.id, 'Blocks Ltd.');
    const blocks = {
      product: { product_id: '7' },
      price: { price: '12.5', currency: 'TRY', unit: 'kg' },
      next: { action: 'Call', date: '2026-12-01', note: '' },
      trial: { result: '', note: null },
    };
    const res = await api(t, a.host, north.key).post('/api/v1/activities', { type: 'F2F', date: '2026-03-04', customer_id: c, blocks }).expect(201);
    const stored = { product: { product_id: '7' }, price: { price: '12.5', currency: 'TRY', unit: 'kg' }, next: { action: 'Call', date: '2026-12-01' } };
    expect(res.body.activity.blocks).toEqual(stored);
    const id = res.body.activity.id;
    expect((await api(t, a.host, north.key).get(`/api/v1/activities/${id}`).expect(200)).body.activity.blocks).toEqual(stored);
    // PATCH without blocks keeps them; with blocks replaces them; null clears them
    await api(t, a.host, north.key).patch(`/api/v1/activities/${id}`, { note: 'x' }).expect(200);
    expect((await api(t, a.host, north.key).get(`/api/v1/activities/${id}`).expect(200)).body.activity.blocks).toEqual(stored);
    const patched = await api(t, a.host, north.key).patch(`/api/v1/activities/${id}`, { blocks: { quantity: { kg: '5000', unit: 'kg' } } }).expect(200);
    expect(patched.body.activity.blocks).toEqual({ quantity: { kg: '5000', unit: 'kg' } });
    expect((await api(t, a.host, north.key).patch(`/api/v1/activities/${id}`, { blocks: null }).expect(200)).body.activity.blocks).toEqual({});
  });

  it('refuses unknown blocks and fields and values out of shape (400 naming them)', async () => {
    const c = await company(a, north.user.id, 'Bad Blocks Ltd.');
    const post = (blocks: unknown) => api(t, a.host, north.key).post('/api/v1/activities', { type: 'F2F', date: '2026-03-04', customer_id: c, blocks });
    const cases: [unknown, string, string][] = [
      [{ weather: { sky: 'blue' } }, 'blocks.weather', 'unknown block'],
      [{ price: { discount: '5' } }, 'blocks.price.discount', 'unknown field'],
      [{ price: { price: '12,5' } }, 'blocks.price.price', 'must be a number'],
      [{ next: { date: '01.12.2026' } }, 'blocks.next.date', 'must be a date'],
      [{ product: { product_id: 7 } }, 'blocks.product.product_id', 'must be a string'],
      [{ contact: 'Ahmet' }, 'blocks.contact', 'must be an object'],
      [{ trial: { note: 'x'.repeat(501) } }, 'blocks.trial.note', 'at most 500'],
      [['product'], 'blocks', 'must be an object'],
    ];
    for (const [blocks, field, message] of cases) {
      const res = await post(blocks).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid', field });
      expect(res.body.message).toContain(message);
    }
  });

  it('records a visit_created outbox event in the same transaction', async () => {
    const c = await company(a, north.user.id, 'Event Corp');
    const res = await api(t, a.host, north.key)
      .post('/api/v1/activities', { type: 'Online', date: '2026-03-04', customer_id: c, next_action: 'Call back', note: 'Short call' })
      .expect(201);
    const id = res.body.activity.id;
    const ev = await db(t).getRepository(OutboxEvent).findOneByOrFail({ workspaceId: a.ws.id, event: 'visit_created', recordId: id });
    expect(ev.data).toEqual({ id, customer: 'Event Corp', type: 'Online', date: '2026-03-04', next_action: 'Call back', note: 'Short call' });
    expect(res.body.activity.task_id).toEqual(expect.any(Number));
    expect(ev).toMatchObject({ title: 'Visit: Event Corp (Online)', url: `http://${a.host}:3000/activities/${id}`, recordType: 'activity' });
  });

  it('moves the company last_visit and next_visit_due forward, never back', async () => {
    const c = await company(a, north.user.id, 'Visit Track', 'Active'); // visit period 21 days
    await api(t, a.host, north.key).post('/api/v1/activities', { type: 'F2F', date: '2026-03-10', customer_id: c }).expect(201);
    let row = await companyRow(a, c);
    expect(row.lastVisit).toBe('2026-03-10');
    expect(row.nextVisitDue).toBe('2026-03-31');
    // an older visit does not move last_visit back
    await api(t, a.host, north.key).post('/api/v1/activities', { type: 'Call', date: '2026-02-01', customer_id: c }).expect(201);
    row = await companyRow(a, c);
    expect(row.lastVisit).toBe('2026-03-10');
    expect(row.nextVisitDue).toBe('2026-03-31');
    // a later one does
    const later = await api(t, a.host, north.key).post('/api/v1/activities', { type: 'Call', date: '2026-03-20', customer_id: c }).expect(201);
    row = await companyRow(a, c);
    expect(row.lastVisit).toBe('2026-03-20');
    expect(row.nextVisitDue).toBe('2026-04-10');
    // moving that visit's date earlier falls back to the latest remaining visit
    await api(t, a.host, north.key).patch(`/api/v1/activities/${later.body.activity.id}`, { date: '2026-03-05' }).expect(200);
    row = await companyRow(a, c);
    expect(row.lastVisit).toBe('2026-03-10');
    expect(row.nextVisitDue).toBe('2026-03-31');
  });

  it('validates and names the field', async () => {
    const c = await company(a, north.user.id, 'Valid Ltd');
    const other = await company(a, north.user.id, 'Other Ltd');
    const foreignPerson = await person(a, north.user.id, other, 'Foreign Person');
    const foreignOpp = await opportunity(a, north.user.id, other, 'Foreign Opp');
    const ok = { type: 'F2F', date: '2026-03-02', customer_id: c };
    const cases: [object, string][] = [
      [{ ...ok, type: 'Dinner' }, 'type'],
      [{ ...ok, type: 5 }, 'type'],
      [{ ...ok, date: '2026-02-30' }, 'date'],
      [{ ...ok, date: '02.03.2026' }, 'date'],
      [{ type: 'F2F', customer_id: c }, 'date'],
      [{ ...ok, customer_id: '12' }, 'customer_id'],
      [{ type: 'F2F', date: '2026-03-02' }, 'customer_id'],
      [{ ...ok, customer_id: 999999 }, 'customer_id'],
      [{ ...ok, customer_id: 99999999999 }, 'customer_id'],
      [{ ...ok, duration_min: 1441 }, 'duration_min'],
      [{ ...ok, duration_min: -1 }, 'duration_min'],
      [{ ...ok, duration_min: 1.5 }, 'duration_min'],
      [{ ...ok, person_ids: [foreignPerson] }, 'person_ids'],
      [{ ...ok, person_ids: ['x'] }, 'person_ids'],
      [{ ...ok, person_ids: 7 }, 'person_ids'],
      [{ ...ok, opp_id: foreignOpp }, 'opp_id'],
      [{ ...ok, note: 'x'.repeat(5001) }, 'note'],
      [{ ...ok, next_action: 'x'.repeat(201) }, 'next_action'],
      [{ ...ok, outcome: 'x'.repeat(201) }, 'outcome'],
      [{ ...ok, topic: 'x'.repeat(201) }, 'topic'],
      [{ ...ok, next_date: 'soon' }, 'next_date'],
      [{ ...ok, owner_id: 0 }, 'owner_id'],
      [{ ...ok, is_sample: true }, 'is_sample'],
    ];
    for (const [body, field] of cases) {
      const res = await api(t, a.host, north.key).post('/api/v1/activities', body);
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.body.error).toBe('invalid');
      expect(res.body.message).toContain(field);
    }
  });

  it('lets only admins log a visit for another user', async () => {
    const c = await company(a, north.user.id, 'Owner Test');
    const res = await api(t, a.host, north.key).post('/api/v1/activities', { type: 'F2F', date: '2026-03-02', customer_id: c, owner_id: north2.user.id }).expect(403);
    expect(res.body.error).toBe('forbidden');
    const byAdmin = await api(t, a.host, a.adminKey).post('/api/v1/activities', { type: 'F2F', date: '2026-03-02', customer_id: c, owner_id: north2.user.id }).expect(201);
    expect(byAdmin.body.activity.owner.id).toBe(north2.user.id);
    const bad = await api(t, a.host, a.adminKey).post('/api/v1/activities', { type: 'F2F', date: '2026-03-02', customer_id: c, owner_id: 999999 }).expect(400);
    expect(bad.body.message).toContain('owner_id');
  });

  it('refuses a company the caller cannot see (400 naming customer_id)', async () => {
    const southCompany = await company(a, south.user.id, 'Southern Co');
    const res = await api(t, a.host, north.key).post('/api/v1/activities', { type: 'F2F', date: '2026-03-02', customer_id: southCompany }).expect(400);
    expect(res.body.message).toContain('customer_id');
  });

  it('needs a credential, the module and crm.write', async () => {
    await api(t, a.host).post('/api/v1/activities', {}).expect(401);
    await api(t, a.host).get('/api/v1/activities').expect(401);
    const res = await api(t, a.host, custOnly.key).post('/api/v1/activities', {}).expect(403);
    expect(res.body.error).toBe('module');
    for (const path of ['/api/v1/activities', '/api/v1/activities/1']) {
      expect((await api(t, a.host, custOnly.key).get(path).expect(403)).body.error).toBe('module');
    }
    expect((await api(t, a.host, custOnly.key).patch('/api/v1/activities/1', {}).expect(403)).body.error).toBe('module');
    expect((await api(t, a.host, custOnly.key).delete('/api/v1/activities/1').expect(403)).body.error).toBe('module');
    const readOnly = await issueKey(t, a, 'oauth', north.user.id, ['crm.read']);
    await api(t, a.host, readOnly).get('/api/v1/activities').expect(200);
    expect((await api(t, a.host, readOnly).post('/api/v1/activities', {}).expect(403)).body.error).toBe('insufficient_scope');
  });
});

describe('visibility and edit rights', () => {
  let visitId: number;
  let companyId: number;
  beforeAll(async () => {
    companyId = await company(a, north.user.id, 'Shared Visibility');
    const res = await api(t, a.host, north.key).post('/api/v1/activities', { type: 'F2F', date: '2026-03-02', customer_id: companyId, note: 'n1' }).expect(201);
    visitId = res.body.activity.id;
  });

  it('hides a visit from a user of another department (404)', async () => {
    const res = await api(t, a.host, south.key).get(`/api/v1/activities/${visitId}`).expect(404);
    expect(res.body).toEqual({ ok: false, error: 'not_found', message: expect.any(String) });
    await api(t, a.host, south.key).patch(`/api/v1/activities/${visitId}`, { note: 'x' }).expect(404);
    await api(t, a.host, south.key).delete(`/api/v1/activities/${visitId}`).expect(404);
    const list = await api(t, a.host, south.key).get(`/api/v1/activities?customer_id=${companyId}`).expect(200);
    expect(list.body.items).toEqual([]);
  });

  it('shows it to a same-department colleague, who may not edit it (403)', async () => {
    const res = await api(t, a.host, north2.key).get(`/api/v1/activities/${visitId}`).expect(200);
    expect(res.body.activity.can_edit).toBe(false);
    const patch = await api(t, a.host, north2.key).patch(`/api/v1/activities/${visitId}`, { note: 'x' }).expect(403);
    expect(patch.body.error).toBe('forbidden');
    await api(t, a.host, north2.key).delete(`/api/v1/activities/${visitId}`).expect(403);
    const list = await api(t, a.host, north2.key).get(`/api/v1/activities?customer_id=${companyId}`).expect(200);
    expect(list.body.items.map((x: { id: number }) => x.id)).toEqual([visitId]);
  });

  it('lets an admin see and edit it', async () => {
    const res = await api(t, a.host, a.adminKey).get(`/api/v1/activities/${visitId}`).expect(200);
    expect(res.body.activity.can_edit).toBe(true);
    const patch = await api(t, a.host, a.adminKey).patch(`/api/v1/activities/${visitId}`, { outcome: 'Reviewed' }).expect(200);
    expect(patch.body.activity.outcome).toBe('Reviewed');
  });

  it('answers 404 for an unknown id and for another workspace', async () => {
    await api(t, a.host, a.adminKey).get('/api/v1/activities/99999999').expect(404);
    const bad = await api(t, a.host, a.adminKey).get('/api/v1/activities/abc').expect(400);
    expect(bad.body.message).toContain('id');
    const bc = await company(b, b.admin.id, 'Beta Co');
    const other = await api(t, b.host, b.adminKey).post('/api/v1/activities', { type: 'F2F', date: '2026-03-02', customer_id: bc }).expect(201);
    await api(t, a.host, a.adminKey).get(`/api/v1/activities/${other.body.activity.id}`).expect(404);
    await api(t, a.host, a.adminKey).patch(`/api/v1/activities/${other.body.activity.id}`, { note: 'x' }).expect(404);
    await api(t, a.host, a.adminKey).delete(`/api/v1/activities/${other.body.activity.id}`).expect(404);
    // and a company of workspace b cannot be referenced from a
    const res = await api(t, a.host, a.adminKey).post('/api/v1/activities', { type: 'F2F', date: '2026-03-02', customer_id: bc }).expect(400);
    expect(res.body.message).toContain('customer_id');
  });
});

describe('PATCH /api/v1/activities/:id', () => {
  it('changes fields, clears optional ones and re-checks references', async () => {
    const c1 = await company(a, north.user.id, 'Patch One');
    const c2 = await company(a, north.user.id, 'Patch Two');
    const p1 = await person(a, north.user.id, c1, 'Pat One');
    const p2 = await person(a, north.user.id, c2, 'Pat Two');
    const o1 = await opportunity(a, north.user.id, c1, 'Opp One');
    const created = await api(t, a.host, north.key)
      .post('/api/v1/activities', { type: 'F2F', date: '2026-03-02', customer_id: c1, person_ids: [p1], opp_id: o1, duration_min: 30, next_date: '2026-03-09' })
      .expect(201);
    const id = created.body.activity.id;
    // moving to another company while people / opportunity of the first remain: refused
    expect((await api(t, a.host, north.key).patch(`/api/v1/activities/${id}`, { customer_id: c2 }).expect(400)).body.message).toContain('person_ids');
    expect((await api(t, a.host, north.key).patch(`/api/v1/activities/${id}`, { customer_id: c2, person_ids: [p2] }).expect(400)).body.message).toContain('opp_id');
    const moved = await api(t, a.host, north.key)
      .patch(`/api/v1/activities/${id}`, { customer_id: c2, person_ids: [p2], opp_id: null, duration_min: null, next_date: null, topic: 'Relationship', type: 'Call' })
      .expect(200);
    expect(moved.body.activity).toMatchObject({
      customer_id: c2,
      customer: 'Patch Two',
      person_ids: [p2],
      people: [{ id: p2, name: 'Pat Two' }],
      opp_id: null,
      opp: null,
      duration_min: null,
      next_date: null,
      topic: 'Relationship',
      type: 'Call',
      date: '2026-03-02',
    });
    // the new company got the visit; the old one falls back to no visit
    expect((await companyRow(a, c2)).lastVisit).toBe('2026-03-02');
    const old = await companyRow(a, c1);
    expect(old.lastVisit).toBeNull();
    expect(old.nextVisitDue).toBe(addDays(todayIn(a.ws.timezone), 21));
    // nulls for required fields and wrong types are refused
    for (const [body, field] of [
      [{ type: null }, 'type'],
      [{ date: null }, 'date'],
      [{ customer_id: null }, 'customer_id'],
      [{ owner_id: null }, 'owner_id'],
      [{ type: 'Dinner' }, 'type'],
      [{ date: '2026-13-01' }, 'date'],
      [{ note: 5 }, 'note'],
      [{ unknown: 1 }, 'unknown'],
    ] as [object, string][]) {
      const res = await api(t, a.host, north.key).patch(`/api/v1/activities/${id}`, body);
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.body.message).toContain(field);
    }
  });

  it('DELETE removes a visit and the company last visit falls back', async () => {
    const c = await company(a, north.user.id, 'Delete Me');
    await api(t, a.host, north.key).post('/api/v1/activities', { type: 'F2F', date: '2026-02-01', customer_id: c }).expect(201);
    const wrong = await api(t, a.host, north.key).post('/api/v1/activities', { type: 'F2F', date: '2026-03-01', customer_id: c }).expect(201);
    expect((await companyRow(a, c)).lastVisit).toBe('2026-03-01');
    const res = await api(t, a.host, north.key).delete(`/api/v1/activities/${wrong.body.activity.id}`).expect(200);
    expect(res.body).toEqual({ ok: true });
    await api(t, a.host, north.key).get(`/api/v1/activities/${wrong.body.activity.id}`).expect(404);
    const row = await companyRow(a, c);
    expect(row.lastVisit).toBe('2026-02-01');
    expect(row.nextVisitDue).toBe('2026-02-22');
    await api(t, a.host, north.key).delete(`/api/v1/activities/${wrong.body.activity.id}`).expect(404);
  });
});

describe('GET /api/v1/activities', () => {
  let c: number;
  let o: number;
  const ids: number[] = [];
  beforeAll(async () => {
    const own = await createUser(t, a, { department: 'Paging', fullName: 'Paul Pager' });
    c = await company(a, own.user.id, 'Paging Co');
    o = await opportunity(a, own.user.id, c, 'Paging Opp');
    for (let i = 0; i < 5; i++) {
      const res = await api(t, a.host, own.key)
        .post('/api/v1/activities', { type: i % 2 ? 'Call' : 'F2F', date: `2026-01-0${i + 1}`, customer_id: c, ...(i === 4 ? { opp_id: o } : {}) })
        .expect(201);
      ids.push(res.body.activity.id);
    }
  });

  it('lists newest first with keyset paging that is stable under inserts', async () => {
    const first = await api(t, a.host, a.adminKey).get(`/api/v1/activities?customer_id=${c}&limit=2`).expect(200);
    expect(Object.keys(first.body).sort()).toEqual(['items', 'next_cursor', 'ok']);
    expect(first.body.items.map((x: { id: number }) => x.id)).toEqual([ids[4], ids[3]]);
    expect(typeOf(first.body.next_cursor)).toBe('string');
    // a new visit arrives between pages: it does not shift the following pages
    await api(t, a.host, a.adminKey).post('/api/v1/activities', { type: 'F2F', date: '2026-01-09', customer_id: c }).expect(201);
    const second = await api(t, a.host, a.adminKey).get(`/api/v1/activities?customer_id=${c}&limit=2&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body.items.map((x: { id: number }) => x.id)).toEqual([ids[2], ids[1]]);
    const third = await api(t, a.host, a.adminKey).get(`/api/v1/activities?customer_id=${c}&limit=2&cursor=${second.body.next_cursor}`).expect(200);
    expect(third.body.items.map((x: { id: number }) => x.id)).toEqual([ids[0]]);
    expect(third.body.next_cursor).toBeNull();
    for (const item of first.body.items) {
      expect(item.customer).toBe('Paging Co');
      expect(item.owner.full_name).toBe('Paul Pager');
    }
  });

  it('filters by type, opportunity, owner and date range', async () => {
    const byType = await api(t, a.host, a.adminKey).get(`/api/v1/activities?customer_id=${c}&type=Call`).expect(200);
    expect(byType.body.items.map((x: { id: number }) => x.id)).toEqual([ids[3], ids[1]]);
    const byOpp = await api(t, a.host, a.adminKey).get(`/api/v1/activities?opp_id=${o}`).expect(200);
    expect(byOpp.body.items.map((x: { id: number }) => x.id)).toEqual([ids[4]]);
    expect(byOpp.body.items[0].opp).toBe('Paging Opp');
    const range = await api(t, a.host, a.adminKey).get(`/api/v1/activities?customer_id=${c}&from=2026-01-02&to=2026-01-04`).expect(200);
    expect(range.body.items.map((x: { id: number }) => x.id)).toEqual([ids[3], ids[2], ids[1]]);
    const byOwner = await api(t, a.host, a.adminKey).get(`/api/v1/activities?owner_id=${north2.user.id}&customer_id=${c}`).expect(200);
    expect(byOwner.body.items).toEqual([]);
  });

  it('validates the query', async () => {
    for (const [q, field] of [
      ['from=yesterday', 'from'],
      ['to=2026-02-31', 'to'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['customer_id=abc', 'customer_id'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['sort=name', 'sort'],
      ['cursor=nonsense', 'cursor'],
      ['color=red', 'color'],
      ['updated_since=2026-01-01T00:00:00', 'updated_since'],
    ]) {
      const res = await api(t, a.host, a.adminKey).get(`/api/v1/activities?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.message).toContain(field);
    }
  });

  it('syncs with sort=update and updated_since', async () => {
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await api(t, a.host, a.adminKey).patch(`/api/v1/activities/${ids[0]}`, { note: 'changed later' }).expect(200);
    await api(t, a.host, a.adminKey).patch(`/api/v1/activities/${ids[2]}`, { note: 'changed later too' }).expect(200);
    const p1 = await api(t, a.host, a.adminKey).get(`/api/v1/activities?customer_id=${c}&sort=update&updated_since=${since}&limit=1`).expect(200);
    const p2 = await api(t, a.host, a.adminKey).get(`/api/v1/activities?customer_id=${c}&sort=update&updated_since=${since}&limit=1&cursor=${p1.body.next_cursor}`).expect(200);
    const seen = [...p1.body.items, ...p2.body.items].map((x: { id: number }) => x.id);
    expect(seen.slice(0, 2)).toEqual([ids[0], ids[2]]);
    const all = await api(t, a.host, a.adminKey).get(`/api/v1/activities?customer_id=${c}&sort=update&updated_since=${since}`).expect(200);
    expect(all.body.items.map((x: { id: number }) => x.id)).toEqual([ids[0], ids[2]]);
    for (let i = 1; i < all.body.items.length; i++) expect(all.body.items[i].updated_at >= all.body.items[i - 1].updated_at).toBe(true);
  });

  it('loads a page without a query per row', async () => {
    const owners = [north, north2, south];
    for (let i = 0; i < 12; i++) {
      const owner = owners[i % 3]!;
      const c = await company(a, owner.user.id, `Batch ${i}`);
      const p = await person(a, owner.user.id, c, `Batch Person ${i}`);
      const o = await opportunity(a, owner.user.id, c, `Batch Opp ${i}`);
      await api(t, a.host, owner.key).post('/api/v1/activities', { type: 'F2F', date: '2026-01-15', customer_id: c, person_ids: [p], opp_id: o }).expect(201);
    }
    const rows = await db(t).getRepository(Activity).countBy({ workspaceId: a.ws.id });
    expect(rows).toBeGreaterThanOrEqual(12);
    const ds = db(t).connection;
    const logger = ds.logger as unknown as { logQuery: (q: string) => void };
    // the fewest statements of three runs: background work of this process only ever adds (see fewestRun)
    const { res, queries } = await fewestRun(
      async () => {
        const original = logger.logQuery;
        const queries: string[] = [];
        logger.logQuery = (q: string) => {
          queries.push(q);
        };
        try {
          return { res: await api(t, a.host, a.adminKey).get('/api/v1/activities?limit=200').expect(200), queries };
        } finally {
          logger.logQuery = original;
        }
      },
      (r) => r.queries.length,
    );
    expect(res.body.items).toHaveLength(rows);
    expect(res.body.items.filter((x: { people: unknown[]; opp: string | null }) => x.people.length === 1 && x.opp !== null).length).toBeGreaterThanOrEqual(12);
    // credential, workspace, team, the page, users, companies, people, opportunities (+ transaction statements)
    expect(queries.length).toBeGreaterThanOrEqual(5); // the counter sees the queries
    expect(queries.length).toBeLessThanOrEqual(14);
  });
});
