import { addDays, daysBetween, todayIn } from '../../../src/platform/common/time';
import { Company } from '../../../src/domain/crm/companies/company.entity';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { Person } from '../../../src/domain/crm/people/person.entity';
import { RecordOpen } from '../../../src/domain/crm/record-opens/record-open.entity';
import { Task } from '../../../src/domain/crm/tasks/task.entity';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { User } from '../../../src/domain/identity/user.entity';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp, db } from '../../helpers/test-app';
import { requestQueryCount } from '../../helpers/query-log';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let north1: { user: User; key: string };
let north2: { user: User; key: string };
let south: { user: User; key: string };
let today: string;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'compa');
  b = await createWorkspace(t, 'compb');
  north1 = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  north2 = await createUser(t, a, { department: 'North', fullName: 'Nils North' });
  south = await createUser(t, a, { department: 'South', fullName: 'Sam South' });
  today = todayIn(a.ws.timezone);
});
afterAll(() => t.close());

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const CARD_FIELDS = [
  'id', 'rid', 'name', 'initials', 'city', 'sector', 'status', 'status_label', 'unit', 'currency', 'currency_default', 'phone', 'active', 'at_risk',
  'last_visit', 'next_visit_due', 'open_opps', 'period', 'visit_overdue_days', 'pending_state', 'visit_state', 'potential_kg', 'main_contact', 'owner',
];
const RECORD_FIELDS = [
  ...CARD_FIELDS, 'country', 'address', 'email', 'website', 'tax_no', 'tax_office', 'erp_code', 'erp_ext_id', 'external_id', 'source', 'note', 'can_edit', 'created_at', 'updated_at',
].sort();
/** A single record (GET / POST / PATCH of one company) also carries its `orders` (spec 2.8); list items do not. */
const ONE_RECORD_FIELDS = [...RECORD_FIELDS, 'orders', 'objects'].sort();

let n = 0;
const uniq = (p: string) => `${p} ${++n}${Date.now().toString(36)}`;
const as = (key: string, f: Fixture = a) => api(t, f.host, key);
const create = async (key: string, body: Record<string, unknown>, f: Fixture = a) => (await as(key, f).post('/api/v1/companies', body).expect(201)).body.company;
const setCompany = (id: number, patch: Partial<Company>) => db(t).getRepository(Company).update({ workspaceId: a.ws.id, id }, patch);

describe('POST /api/v1/companies', () => {
  it('creates a company and returns every record field with its JSON type', async () => {
    const res = await as(north1.key)
      .post('/api/v1/companies', {
        name: 'Anadolu Plastik A.Ş.',
        sector: 'Packaging',
        city: 'Bursa',
        country: 'TR',
        address: 'OSB 3. Cadde 12',
        phone: '+90 224 000 00 00',
        email: 'info@anadolu.test',
        website: 'https://anadolu.test',
        tax_no: ' 1234567890 ',
        tax_office: 'Nilüfer',
        erp_code: 'C-100',
        erp_ext_id: 'ext-100',
        source: 'Fair',
        potential_kg: 1250.5,
        currency: 'USD',
        unit: 't',
        note: 'Met at the fair.',
      })
      .expect(201);
    expect(res.body.ok).toBe(true);
    const c = res.body.company;
    expect(Object.keys(c).sort()).toEqual(ONE_RECORD_FIELDS);
    expect(c.orders).toEqual([]);
    expect(c).toMatchObject({
      rid: `C-${c.id}`,
      name: 'Anadolu Plastik A.Ş.',
      initials: 'AP',
      status: 'Prospect',
      status_label: 'Prospect',
      sector: 'Packaging',
      city: 'Bursa',
      country: 'TR',
      tax_no: '1234567890',
      potential_kg: 1250.5,
      currency: 'USD',
      currency_default: 'EUR',
      unit: 't',
      active: true,
      at_risk: false,
      // never visited: the creation date (the day the visit period counts from)
      last_visit: today,
      next_visit_due: addDays(today, 30),
      period: 30,
      visit_overdue_days: 0,
      visit_state: 'never',
      pending_state: 'none',
      open_opps: 0,
      main_contact: null,
      can_edit: true,
    });
    expect(c.owner).toEqual({ id: north1.user.id, username: north1.user.username, full_name: 'Nora North', role: 'sales', role_label: 'Sales' });
    for (const k of ['id', 'open_opps', 'period', 'visit_overdue_days', 'potential_kg']) expect([k, typeOf(c[k])]).toEqual([k, 'number']);
    for (const k of ['active', 'at_risk', 'can_edit']) expect([k, typeOf(c[k])]).toEqual([k, 'boolean']);
    for (const k of ['rid', 'name', 'initials', 'city', 'sector', 'status', 'status_label', 'unit', 'currency', 'currency_default', 'phone', 'pending_state', 'visit_state', 'country', 'address', 'email', 'website', 'tax_no', 'tax_office', 'erp_code', 'erp_ext_id', 'source', 'note']) {
      expect([k, typeOf(c[k])]).toEqual([k, 'string']);
    }
    expect(c.created_at).toMatch(TS);
    expect(c.updated_at).toMatch(TS);
  });

  it('uses defaults: first status, no quantity, empty currency and unit, the caller as owner', async () => {
    const c = await create(north1.key, { name: uniq('Minimal') });
    expect(c).toMatchObject({ status: 'Prospect', potential_kg: 0, currency: '', unit: '', currency_default: 'EUR', owner: { id: north1.user.id } });
  });

  it('lets an admin give the company to another user, but not a sales user', async () => {
    const c = await create(a.adminKey, { name: uniq('Given'), owner_id: north2.user.id, status: 'Key account' });
    expect(c.owner.id).toBe(north2.user.id);
    expect(c.next_visit_due).toBe(addDays(today, 14));
    expect(c.can_edit).toBe(true);
    const res = await as(north1.key).post('/api/v1/companies', { name: uniq('Taken'), owner_id: north2.user.id }).expect(403);
    expect(res.body.error).toBe('forbidden');
    await as(north1.key).post('/api/v1/companies', { name: uniq('Mine'), owner_id: north1.user.id }).expect(201);
    const bad = await as(a.adminKey).post('/api/v1/companies', { name: uniq('Nobody'), owner_id: 999999 }).expect(400);
    expect(bad.body.message).toContain('owner_id');
  });

  it('validates the body and names the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 5 }, 'name'],
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Ok', note: 'x'.repeat(5001) }, 'note'],
      [{ name: 'Ok', email: 'not-an-email' }, 'email'],
      [{ name: 'Ok', potential_kg: -1 }, 'potential_kg'],
      [{ name: 'Ok', potential_kg: '12' }, 'potential_kg'],
      [{ name: 'Ok', city: null }, 'city'],
      [{ name: 'Ok', active: 'yes' }, 'active'],
      [{ name: 'Ok', owner_id: 'me' }, 'owner_id'],
      [{ name: 'Ok', force: 1 }, 'force'],
      [{ name: 'Ok', colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await as(north1.key).post('/api/v1/companies', body).expect(400);
      expect([field, res.body.error]).toEqual([field, 'invalid']);
      expect([field, res.body.fields]).toEqual([field, expect.arrayContaining([field])]);
    }
  });

  it('checks status, currency and unit against the workspace and blank names in the service', async () => {
    for (const [body, field] of [
      [{ name: 'Ok', status: 'Bogus' }, 'status'],
      [{ name: 'Ok', currency: 'GBP' }, 'currency'],
      [{ name: 'Ok', unit: 'barrel' }, 'unit'],
      [{ name: '   ' }, 'name'],
    ] as [Record<string, unknown>, string][]) {
      const res = await as(north1.key).post('/api/v1/companies', body).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid', field });
      expect(res.body.message).toMatch(new RegExp(`^${field}:`));
    }
    expect(await create(north1.key, { name: uniq('Email ok'), email: '' })).toMatchObject({ email: '' });
  });

  it('refuses a duplicate name or tax number with 409 unless force', async () => {
    const first = await create(north1.key, { name: 'Kuzey Ambalaj Ltd. Şti.', tax_no: '5550001' });
    const dup = await as(north2.key).post('/api/v1/companies', { name: 'KUZEY ambalaj' }).expect(409);
    expect(dup.body).toEqual({ ok: false, error: 'duplicate', message: expect.stringContaining('Kuzey Ambalaj Ltd. Şti.'), existing: { id: first.id, name: 'Kuzey Ambalaj Ltd. Şti.' } });
    const byTax = await as(south.key).post('/api/v1/companies', { name: 'Totally Different', tax_no: '5550001' }).expect(409);
    // south cannot see north1's company: told it exists, not which one (test/e2e/records/duplicate-visibility.e2e-spec.ts)
    expect(byTax.body).toEqual({ ok: false, error: 'duplicate', message: 'a company with the same tax number already exists that you cannot see; send force: true to create it anyway' });
    const forced = await as(north2.key).post('/api/v1/companies', { name: 'Kuzey Ambalaj', force: true }).expect(201);
    expect(forced.body.company.id).not.toBe(first.id);
    // another workspace is not a duplicate
    await as(b.adminKey, b).post('/api/v1/companies', { name: 'Kuzey Ambalaj Ltd. Şti.', tax_no: '5550001' }).expect(201);
    // an empty tax number never matches
    await create(north1.key, { name: uniq('No tax A'), tax_no: '' });
    await create(north1.key, { name: uniq('No tax B'), tax_no: '' });
  });

  it('records customer_created in the outbox, and nothing for a refused duplicate', async () => {
    const name = uniq('Evented');
    const c = await create(north1.key, { name, status: 'Active', source: 'Web', city: 'İzmir' });
    const rows = await db(t).getRepository(OutboxEvent).find({ where: { workspaceId: a.ws.id, event: 'customer_created', recordId: c.id } });
    expect(rows).toHaveLength(1);
    const e = rows[0];
    expect(e).toMatchObject({ title: `New company: ${name}`, url: `http://${a.host}:3000/companies/${c.id}`, recordType: 'company', recordId: c.id });
    expect(e.text).toContain(name);
    expect(e.text).not.toContain('\n');
    expect(e.data).toEqual({ id: c.id, rid: `C-${c.id}`, name, status: 'Active', source: 'Web', city: 'İzmir' });
    const before = await db(t).getRepository(OutboxEvent).count({ where: { workspaceId: a.ws.id, event: 'customer_created' } });
    await as(north1.key).post('/api/v1/companies', { name }).expect(409);
    expect(await db(t).getRepository(OutboxEvent).count({ where: { workspaceId: a.ws.id, event: 'customer_created' } })).toBe(before);
  });

  it('needs crm.write and the Customers module', async () => {
    await as('').post('/api/v1/companies', { name: 'x' }).expect(401);
    const readOnly = await issueKey(t, a, 'oauth', north1.user.id, ['crm.read']);
    expect((await as(readOnly).post('/api/v1/companies', { name: uniq('Ro') }).expect(403)).body.error).toBe('insufficient_scope');
    await as(readOnly).get('/api/v1/companies').expect(200);
    const noModule = await createUser(t, a, { modules: ['Opportunities'] });
    expect((await as(noModule.key).post('/api/v1/companies', { name: uniq('Nm') }).expect(403)).body.error).toBe('module');
  });
});

describe('GET /api/v1/companies/:id', () => {
  it('returns the record and records the open', async () => {
    const c = await create(north1.key, { name: uniq('Opened') });
    const res = await as(north1.key).get(`/api/v1/companies/${c.id}`).expect(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.company).toEqual(c);
    const open = await db(t).getRepository(RecordOpen).findOne({ where: { workspaceId: a.ws.id, userId: north1.user.id, recordType: 'company', recordId: c.id } });
    expect(open).not.toBeNull();
  });

  it('answers 404 for an unknown id, another workspace and a bad id; 401 without token; 403 module', async () => {
    const other = await create(b.adminKey, { name: uniq('Other ws') }, b);
    expect((await as(a.adminKey).get('/api/v1/companies/99999999').expect(404)).body).toEqual({ ok: false, error: 'not_found', message: expect.any(String) });
    await as(a.adminKey).get(`/api/v1/companies/${other.id}`).expect(404);
    await as(a.adminKey).patch(`/api/v1/companies/${other.id}`, { city: 'X' }).expect(404);
    await as(a.adminKey).delete(`/api/v1/companies/${other.id}`).expect(404);
    expect((await as(a.adminKey).get('/api/v1/companies/abc').expect(400)).body.error).toBe('invalid');
    await as('').get(`/api/v1/companies/${other.id}`).expect(401);
    await as('').get('/api/v1/companies').expect(401);
    await as('').patch(`/api/v1/companies/${other.id}`, {}).expect(401);
    await as('').delete(`/api/v1/companies/${other.id}`).expect(401);
    const noModule = await createUser(t, a, { modules: ['Opportunities'] });
    for (const r of [as(noModule.key).get('/api/v1/companies'), as(noModule.key).get(`/api/v1/companies/${other.id}`), as(noModule.key).patch(`/api/v1/companies/${other.id}`, {}), as(noModule.key).delete(`/api/v1/companies/${other.id}`)]) {
      expect((await r.expect(403)).body.error).toBe('module');
    }
  });
});

describe('visibility', () => {
  let c: { id: number };
  beforeAll(async () => {
    c = await create(north1.key, { name: uniq('Visible'), city: 'Ankara' });
  });

  it('hides a record from another department (404 on read, write and archive; absent from lists)', async () => {
    await as(south.key).get(`/api/v1/companies/${c.id}`).expect(404);
    expect((await as(south.key).patch(`/api/v1/companies/${c.id}`, { city: 'X' }).expect(404)).body.error).toBe('not_found');
    await as(south.key).delete(`/api/v1/companies/${c.id}`).expect(404);
    const list = await as(south.key).get('/api/v1/companies?limit=200').expect(200);
    expect(list.body.items.map((x: { id: number }) => x.id)).not.toContain(c.id);
  });

  it('shows it to a colleague of the same department, who may not edit it (403)', async () => {
    const res = await as(north2.key).get(`/api/v1/companies/${c.id}`).expect(200);
    expect(res.body.company.can_edit).toBe(false);
    const list = await as(north2.key).get('/api/v1/companies?limit=200').expect(200);
    expect(list.body.items.map((x: { id: number }) => x.id)).toContain(c.id);
    expect((await as(north2.key).patch(`/api/v1/companies/${c.id}`, { city: 'X' }).expect(403)).body.error).toBe('forbidden');
    expect((await as(north2.key).delete(`/api/v1/companies/${c.id}`).expect(403)).body.error).toBe('forbidden');
  });

  it('lets an admin see and edit everything, including giving it away', async () => {
    const res = await as(a.adminKey).get(`/api/v1/companies/${c.id}`).expect(200);
    expect(res.body.company.can_edit).toBe(true);
    const upd = await as(a.adminKey).patch(`/api/v1/companies/${c.id}`, { city: 'Konya', owner_id: south.user.id }).expect(200);
    expect(upd.body.company).toMatchObject({ city: 'Konya', owner: { id: south.user.id } });
    await as(south.key).get(`/api/v1/companies/${c.id}`).expect(200);
    await as(north1.key).get(`/api/v1/companies/${c.id}`).expect(404);
  });

  it('does not let a sales owner give a record away', async () => {
    const own = await create(north1.key, { name: uniq('Keep') });
    expect((await as(north1.key).patch(`/api/v1/companies/${own.id}`, { owner_id: north2.user.id }).expect(403)).body.error).toBe('forbidden');
    await as(north1.key).patch(`/api/v1/companies/${own.id}`, { owner_id: north1.user.id }).expect(200);
  });
});

describe('PATCH /api/v1/companies/:id', () => {
  it('updates fields, keeps the others and moves updated_at', async () => {
    const c = await create(north1.key, { name: uniq('Patch me'), city: 'Adana', phone: '1' });
    await new Promise((r) => setTimeout(r, 20));
    const res = await as(north1.key).patch(`/api/v1/companies/${c.id}`, { phone: ' 2 ', potential_kg: 10, note: 'n' }).expect(200);
    expect(res.body.ok).toBe(true);
    const u = res.body.company;
    expect(Object.keys(u).sort()).toEqual(ONE_RECORD_FIELDS);
    expect(u).toMatchObject({ city: 'Adana', phone: '2', potential_kg: 10, note: 'n', name: c.name });
    expect(u.updated_at > c.updated_at || u.updated_at === c.updated_at).toBe(true);
    const cleared = await as(north1.key).patch(`/api/v1/companies/${c.id}`, { potential_kg: null, city: '' }).expect(200);
    expect(cleared.body.company).toMatchObject({ potential_kg: 0, city: '' }); // a number, 0 when unknown
  });

  it('validates like create', async () => {
    const c = await create(north1.key, { name: uniq('Patch bad') });
    for (const [body, field] of [
      [{ name: 5 }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: null }, 'name'],
      [{ email: 'x@' }, 'email'],
      [{ force: true }, 'force'],
      [{ potential_kg: -0.5 }, 'potential_kg'],
    ] as [Record<string, unknown>, string][]) {
      const res = await as(north1.key).patch(`/api/v1/companies/${c.id}`, body).expect(400);
      expect([field, res.body.fields]).toEqual([field, expect.arrayContaining([field])]);
    }
    expect((await as(north1.key).patch(`/api/v1/companies/${c.id}`, { status: 'Nope' }).expect(400)).body.field).toBe('status');
  });

  it('recomputes next_visit_due when the status changes (from the last visit, else the creation date)', async () => {
    const c = await create(north1.key, { name: uniq('Status') });
    expect(c.next_visit_due).toBe(addDays(today, 30));
    const ka = await as(north1.key).patch(`/api/v1/companies/${c.id}`, { status: 'Key account' }).expect(200);
    expect(ka.body.company).toMatchObject({ status: 'Key account', period: 14, next_visit_due: addDays(today, 14) });
    await setCompany(c.id, { lastVisit: '2025-01-10' });
    const act = await as(north1.key).patch(`/api/v1/companies/${c.id}`, { status: 'Active' }).expect(200);
    expect(act.body.company).toMatchObject({ last_visit: '2025-01-10', next_visit_due: '2025-01-31', period: 21 });
    // an unchanged status leaves the date alone
    await setCompany(c.id, { nextVisitDue: '2030-01-01' });
    const same = await as(north1.key).patch(`/api/v1/companies/${c.id}`, { status: 'Active', city: 'Van' }).expect(200);
    expect(same.body.company.next_visit_due).toBe('2030-01-01');
    const passive = await as(north1.key).patch(`/api/v1/companies/${c.id}`, { status: 'Passive' }).expect(200);
    expect(passive.body.company).toMatchObject({ status: 'Passive', at_risk: true, next_visit_due: '2025-03-11' });
  });
});

describe('visit state, risk, open work and main contact', () => {
  it('derives visit_state, visit_overdue_days and at_risk from the dates', async () => {
    const c = await create(north1.key, { name: uniq('Dates') });
    const get = async () => (await as(north1.key).get(`/api/v1/companies/${c.id}`).expect(200)).body.company;
    await setCompany(c.id, { nextVisitDue: addDays(today, -40) });
    expect(await get()).toMatchObject({ visit_state: 'overdue', visit_overdue_days: 40, at_risk: true, period: 30 });
    await setCompany(c.id, { nextVisitDue: addDays(today, -30) });
    expect(await get()).toMatchObject({ visit_state: 'overdue', visit_overdue_days: 30, at_risk: false });
    await setCompany(c.id, { nextVisitDue: addDays(today, 3) });
    expect(await get()).toMatchObject({ visit_state: 'due_soon', visit_overdue_days: 0, at_risk: false });
    await setCompany(c.id, { nextVisitDue: addDays(today, 4) });
    expect(await get()).toMatchObject({ visit_state: 'never' });
    await setCompany(c.id, { lastVisit: addDays(today, -5) });
    expect(await get()).toMatchObject({ visit_state: 'ok', last_visit: addDays(today, -5) });
  });

  it('batch-loads open opportunities, open tasks and the main contact in lists', async () => {
    const city = uniq('Batchcity');
    const c1 = await create(north1.key, { name: uniq('Batch one'), city });
    const c2 = await create(north1.key, { name: uniq('Batch two'), city });
    const c3 = await create(north1.key, { name: uniq('Batch three'), city });
    const m = db(t);
    const opp = (customerId: number, isOpen: boolean) =>
      m.insert(Opportunity, { workspaceId: a.ws.id, name: 'Deal', customerId, ownerId: north1.user.id, stage: isOpen ? 'Qualify' : 'Win', isOpen, currency: 'EUR', startDate: today });
    await opp(c1.id, true);
    await opp(c1.id, true);
    await opp(c1.id, false);
    await opp(c2.id, false);
    const task = (customerId: number, status: string) =>
      m.insert(Task, { workspaceId: a.ws.id, title: 'Call', priority: 'Normal', status, assigneeId: north1.user.id, ownerId: north1.user.id, customerId });
    await task(c1.id, 'Done');
    await task(c2.id, 'In progress');
    await task(c3.id, 'Cancelled');
    const person = (customerId: number, name: string, isMain: boolean, active = true) =>
      m.insert(Person, { workspaceId: a.ws.id, customerId, name, nameNorm: name.toLowerCase(), isMain, ownerId: north1.user.id, email: `${name.toLowerCase()}@x.test`, phone: '5', wa: '6', active });
    await person(c1.id, 'Ada', false);
    await person(c2.id, 'Bea', true);
    await person(c3.id, 'Cem', true, false);

    const list = await as(north1.key).get(`/api/v1/companies?city=${encodeURIComponent(city.toUpperCase())}`).expect(200);
    expect(Object.keys(list.body).sort()).toEqual(['items', 'next_cursor', 'ok']);
    const byId = new Map(list.body.items.map((x: { id: number }) => [x.id, x]));
    expect(byId.size).toBe(3);
    expect(byId.get(c1.id)).toMatchObject({ open_opps: 2, pending_state: 'none', main_contact: null });
    expect(byId.get(c2.id)).toMatchObject({ open_opps: 0, pending_state: 'open_tasks', main_contact: { email: 'bea@x.test', name: 'Bea', phone: '5', wa: '6' } });
    expect(byId.get(c3.id)).toMatchObject({ open_opps: 0, pending_state: 'none', main_contact: null });
    for (const item of list.body.items) expect(Object.keys(item).sort()).toEqual(RECORD_FIELDS);
  });

  it('uses the same number of queries for a page of 2 and a page of 20', async () => {
    const owner = await createUser(t, a, { department: 'Queries' });
    for (let i = 0; i < 20; i++) await create(owner.key, { name: uniq('Query count'), potential_kg: i });
    // warm up (the credential's last_used_at is written in the background at most once a minute)
    await as(owner.key).get('/api/v1/companies?limit=1').expect(200);
    const small = await requestQueryCount(() => as(owner.key).get('/api/v1/companies?limit=2').expect(200));
    expect(small).toBeGreaterThan(2);
    const big = await as(owner.key).get('/api/v1/companies?limit=20').expect(200);
    expect(big.body.items).toHaveLength(20);
    expect(await requestQueryCount(() => as(owner.key).get('/api/v1/companies?limit=20').expect(200))).toBe(small);
  });
});

describe('GET /api/v1/companies/:id?include=', () => {
  it('carries the first page of the company\'s people, open opportunities, activities and open tasks, only when asked', async () => {
    const c = await create(north1.key, { name: uniq('Included') });
    const other = await create(north1.key, { name: uniq('Not included') });
    const person = (await as(north1.key).post('/api/v1/people', { name: 'Ida Included', customer_id: c.id }).expect(201)).body.person;
    await as(north1.key).post('/api/v1/people', { name: 'Olaf Other', customer_id: other.id }).expect(201);
    const open = (await as(north1.key).post('/api/v1/opportunities', { name: 'Open deal', customer_id: c.id }).expect(201)).body.opp;
    const closed = (await as(north1.key).post('/api/v1/opportunities', { name: 'Lost deal', customer_id: c.id }).expect(201)).body.opp;
    await as(north1.key).post(`/api/v1/opportunities/${closed.id}/stage`, { stage: 'Lost', close_reason: 'Price' }).expect(200);
    const visit = (await as(north1.key).post('/api/v1/activities', { customer_id: c.id, type: 'F2F', date: today }).expect(201)).body.activity;
    const task = (await as(north1.key).post('/api/v1/tasks', { title: 'Call back', customer_id: c.id }).expect(201)).body.task;

    const plain = (await as(north1.key).get(`/api/v1/companies/${c.id}`).expect(200)).body;
    expect(Object.keys(plain).sort()).toEqual(['company', 'ok']);

    const all = (await as(north1.key).get(`/api/v1/companies/${c.id}?include=people,opportunities,activities,tasks`).expect(200)).body;
    expect(all.company).toEqual(plain.company);
    expect(all.people).toEqual({ items: [expect.objectContaining({ id: person.id, name: 'Ida Included' })], next_cursor: null });
    expect(all.opportunities.items.map((o: { id: number }) => o.id)).toEqual([open.id]);
    expect(all.activities.items.map((o: { id: number }) => o.id)).toEqual([visit.id]);
    expect(all.tasks.items.map((o: { id: number }) => o.id)).toEqual([task.id]);

    const some = (await as(north1.key).get(`/api/v1/companies/${c.id}?include=people`).expect(200)).body;
    expect(Object.keys(some).sort()).toEqual(['company', 'ok', 'people']);
    expect((await as(north1.key).get(`/api/v1/companies/${c.id}?include=people,orders`).expect(400)).body.fields).toEqual(['include']);
  });

  it('pages each included list with next_cursor that its own route continues', async () => {
    const c = await create(north1.key, { name: uniq('Many people') });
    for (let i = 0; i < 21; i++) await as(north1.key).post('/api/v1/people', { name: `Person ${i}`, customer_id: c.id }).expect(201);
    const body = (await as(north1.key).get(`/api/v1/companies/${c.id}?include=people`).expect(200)).body;
    expect(body.people.items).toHaveLength(20);
    expect(body.people.next_cursor).toEqual(expect.any(String));
    const rest = (await as(north1.key).get(`/api/v1/people?customer_id=${c.id}&limit=20&cursor=${body.people.next_cursor}`).expect(200)).body;
    expect(rest.items.map((p: { name: string }) => p.name)).toEqual(['Person 0']);
  });

  it('leaves out the lists of a module the caller lacks', async () => {
    const customersOnly = await createUser(t, a, { department: 'North', modules: ['Customers'] });
    const c = await create(customersOnly.key, { name: uniq('Customers only') });
    const body = (await as(customersOnly.key).get(`/api/v1/companies/${c.id}?include=people,opportunities,activities,tasks`).expect(200)).body;
    expect(Object.keys(body).sort()).toEqual(['company', 'ok', 'people']);
  });
});

describe('GET /api/v1/companies (filters and paging)', () => {
  it('filters by q, status, owner_id, city, sector and active', async () => {
    const tag = uniq('Filter');
    const x = await create(north1.key, { name: `${tag} 100%_Alpha`, status: 'Active', city: 'Rize', sector: 'Textile' });
    const y = await create(north2.key, { name: `${tag} Beta`, status: 'Prospect', city: 'Rize', sector: 'Food' });
    const ids = async (qs: string) => (await as(north1.key).get(`/api/v1/companies?${qs}`).expect(200)).body.items.map((i: { id: number }) => i.id).sort();
    expect(await ids(`q=${encodeURIComponent(tag.toLowerCase())}`)).toEqual([x.id, y.id].sort());
    expect(await ids(`q=${encodeURIComponent(`${tag} 100%_`)}`)).toEqual([x.id]);
    expect(await ids(`q=${encodeURIComponent(`${tag} 100__`)}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent(tag)}&status=Active`)).toEqual([x.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&owner_id=${north2.user.id}`)).toEqual([y.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&city=rize`)).toEqual([x.id, y.id].sort());
    expect(await ids(`q=${encodeURIComponent(tag)}&city=Bolu`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent(tag)}&sector=textile`)).toEqual([x.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&sector=Food&city=Rize`)).toEqual([y.id]);
    await as(north1.key).delete(`/api/v1/companies/${x.id}`).expect(200, { ok: true });
    expect(await ids(`q=${encodeURIComponent(tag)}`)).toEqual([y.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&active=false`)).toEqual([x.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&active=true`)).toEqual([y.id]);
    for (const [qs, field] of [
      ['active=maybe', 'active'],
      ['owner_id=x', 'owner_id'],
      ['limit=0', 'limit'],
      ['limit=500', 'limit'],
      ['sort=name', 'sort'],
      ['bogus=1', 'bogus'],
    ]) {
      expect([qs, (await as(north1.key).get(`/api/v1/companies?${qs}`).expect(400)).body.fields]).toEqual([qs, expect.arrayContaining([field])]);
    }
    expect((await as(north1.key).get('/api/v1/companies?cursor=nonsense').expect(400)).body.error).toBe('invalid');
    expect((await as(north1.key).get('/api/v1/companies?updated_since=2024-01-01').expect(400)).body.message).toContain('updated_since');
  });

  it('pages with a keyset cursor: every record once, stable while records are added', async () => {
    const tag = uniq('Paged');
    const created: number[] = [];
    for (let i = 0; i < 7; i++) created.push((await create(north1.key, { name: `${tag} ${i}` })).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const qs: string = `q=${encodeURIComponent(tag)}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await as(north1.key).get(`/api/v1/companies?${qs}`).expect(200);
      expect(res.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.items.map((i: { id: number }) => i.id));
      cursor = res.body.next_cursor;
      if (pages === 0) await create(north1.key, { name: `${tag} late` });
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].sort((x, y) => y - x));
  });

  it('sort=update with updated_since returns only records changed since, in change order, across pages', async () => {
    const tag = uniq('Sync');
    const cs = [];
    for (let i = 0; i < 5; i++) cs.push(await create(north1.key, { name: `${tag} ${i}` }));
    await new Promise((r) => setTimeout(r, 50));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    for (const i of [3, 0, 4]) await as(north1.key).patch(`/api/v1/companies/${cs[i].id}`, { note: 'changed' }).expect(200);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const qs: string = `q=${encodeURIComponent(tag)}&sort=update&updated_since=${encodeURIComponent(since)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await as(north1.key).get(`/api/v1/companies?${qs}`).expect(200);
      seen.push(...res.body.items.map((i: { id: number }) => i.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([cs[3].id, cs[0].id, cs[4].id]);
  });
});

describe('DELETE /api/v1/companies/:id (archive)', () => {
  it('archives: the record stays readable with active false and can be re-activated', async () => {
    const c = await create(north1.key, { name: uniq('Archive') });
    expect((await as(north1.key).delete(`/api/v1/companies/${c.id}`).expect(200)).body).toEqual({ ok: true });
    const row = await db(t).getRepository(Company).findOneByOrFail({ workspaceId: a.ws.id, id: c.id });
    expect(row.active).toBe(false);
    expect((await as(north1.key).get(`/api/v1/companies/${c.id}`).expect(200)).body.company.active).toBe(false);
    await as(north1.key).delete(`/api/v1/companies/${c.id}`).expect(200);
    expect((await as(north1.key).patch(`/api/v1/companies/${c.id}`, { active: true }).expect(200)).body.company.active).toBe(true);
    await as(north1.key).delete('/api/v1/companies/99999999').expect(404);
    expect(daysBetween(today, c.next_visit_due)).toBe(30);
  });
});

// the list reads plain rows (paginateRows), the record a hydrated entity: an item of every kind of page (walked,
// filtered, sort=update, archived) is the record without its nested arrays, key for key
describe('GET /api/v1/companies: items as the record has them', () => {
  it.each(['limit=50', 'limit=50&sort=update', 'limit=50&active=false', 'limit=50&q=a'])('%s', async (query) => {
    for (const key of [a.adminKey, north1.key]) {
      const items = (await api(t, a.host, key).get(`/api/v1/companies?${query}`).expect(200)).body.items as Record<string, unknown>[];
      for (const item of items.slice(0, 8)) {
        const record = (await api(t, a.host, key).get(`/api/v1/companies/${item.id as number}`).expect(200)).body.company as Record<string, unknown>;
        const keys = Object.keys(item);
        expect(Object.keys(record).slice(0, keys.length)).toEqual(keys);
        expect(item).toEqual(Object.fromEntries(keys.map((k) => [k, record[k]])));
      }
    }
  });
});
