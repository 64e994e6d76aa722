import { PeopleService } from '../../../src/domain/crm/people/people.service';
import { Person } from '../../../src/domain/crm/people/person.entity';
import { RecordOpen } from '../../../src/domain/crm/record-opens/record-open.entity';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import type { UserContext } from '../../../src/domain/identity/auth-context';
import { User } from '../../../src/domain/identity/user.entity';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp, db } from '../../helpers/test-app';
import { requestQueryCount } from '../../helpers/query-log';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let north1: { user: User; key: string };
let north2: { user: User; key: string };
let south: { user: User; key: string };
let acme: { id: number; name: string };
let southCo: { id: number; name: string };

const as = (key: string, f: Fixture = a) => api(t, f.host, key);
let n = 0;
const uniq = (p: string) => `${p} ${++n}${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'peoplea');
  b = await createWorkspace(t, 'peopleb');
  north1 = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  north2 = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
  acme = (await as(north1.key).post('/api/v1/companies', { name: 'Acme Kimya' }).expect(201)).body.company;
  southCo = (await as(south.key).post('/api/v1/companies', { name: 'Güney Tekstil' }).expect(201)).body.company;
});
afterAll(() => t.close());

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const RECORD_FIELDS = ['id', 'rid', 'customer_id', 'customer', 'name', 'title', 'department', 'email', 'phone', 'wa', 'note', 'is_main', 'is_former', 'external_id', 'owner', 'active', 'can_edit', 'created_at', 'updated_at'].sort();
/** One record (create, read, update) also lists the custom records linking to it. */
const ONE_RECORD_FIELDS = [...RECORD_FIELDS, 'objects'].sort();
const create = async (key: string, body: Record<string, unknown>, f: Fixture = a) => (await as(key, f).post('/api/v1/people', body).expect(201)).body.person;

describe('POST /api/v1/people', () => {
  it('creates a person and returns every record field with its JSON type', async () => {
    const res = await as(north1.key)
      .post('/api/v1/people', { customer_id: acme.id, name: ' Zeynep Arslan ', title: 'Purchasing manager', department: 'Purchasing', email: 'Zeynep@Acme.test', phone: '+90 1', wa: '+90 2', note: 'Prefers e-mail' })
      .expect(201);
    expect(res.body.ok).toBe(true);
    const p = res.body.person;
    expect(Object.keys(p).sort()).toEqual(ONE_RECORD_FIELDS);
    expect(p).toMatchObject({
      rid: `P-${p.id}`,
      customer_id: acme.id,
      customer: 'Acme Kimya',
      name: 'Zeynep Arslan',
      title: 'Purchasing manager',
      department: 'Purchasing',
      email: 'zeynep@acme.test',
      phone: '+90 1',
      wa: '+90 2',
      note: 'Prefers e-mail',
      is_main: false,
      is_former: false,
      active: true,
      can_edit: true,
      owner: { id: north1.user.id, username: north1.user.username, full_name: 'Nora North', role: 'sales', role_label: 'Sales' },
    });
    expect(typeOf(p.id)).toBe('number');
    for (const k of ['is_main', 'is_former', 'active', 'can_edit']) expect([k, typeOf(p[k])]).toEqual([k, 'boolean']);
    expect(p.created_at).toMatch(TS);
    expect(p.updated_at).toMatch(TS);
  });

  it('creates a person without a company', async () => {
    const p = await create(north1.key, { name: uniq('Freelancer') });
    expect(p).toMatchObject({ customer_id: null, customer: '', email: '' });
  });

  it('validates the body and names the field', async () => {
    for (const [body, field] of [
      [{ name: 5 }, 'name'],
      [{}, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Ok', email: 'nope' }, 'email'],
      [{ name: 'Ok', note: 'x'.repeat(5001) }, 'note'],
      [{ name: 'Ok', title: 'x'.repeat(151) }, 'title'],
      [{ name: 'Ok', customer_id: 'one' }, 'customer_id'],
      [{ name: 'Ok', customer_id: 0 }, 'customer_id'],
      [{ name: 'Ok', is_main: 'yes' }, 'is_main'],
      [{ name: 'Ok', wa: null }, 'wa'],
      [{ name: 'Ok', origin: 'email' }, 'origin'],
    ] as [Record<string, unknown>, string][]) {
      const res = await as(north1.key).post('/api/v1/people', body).expect(400);
      expect([field, res.body.fields]).toEqual([field, expect.arrayContaining([field])]);
    }
  });

  it('refuses a company the caller cannot see, and is_main without a company, naming the field', async () => {
    const hidden = await as(north1.key).post('/api/v1/people', { name: 'X', customer_id: southCo.id }).expect(400);
    expect(hidden.body).toMatchObject({ error: 'invalid', field: 'customer_id' });
    await as(north1.key).post('/api/v1/people', { name: 'X', customer_id: 99999999 }).expect(400);
    const main = await as(north1.key).post('/api/v1/people', { name: uniq('Lonely'), is_main: true }).expect(400);
    expect(main.body.field).toBe('is_main');
  });

  it('refuses duplicates (same company and name; same e-mail in any case) with 409 unless force', async () => {
    const first = await create(north1.key, { customer_id: acme.id, name: 'Mehmet Öztürk', email: 'mehmet@acme.test' });
    const sameName = await as(north2.key).post('/api/v1/people', { customer_id: acme.id, name: 'mehmet ozturk' }).expect(409);
    expect(sameName.body).toEqual({ ok: false, error: 'duplicate', message: expect.stringContaining('Mehmet Öztürk'), existing: { id: first.id, name: 'Mehmet Öztürk' } });
    const sameEmail = await as(south.key).post('/api/v1/people', { name: 'Someone Else', email: 'MEHMET@acme.TEST' }).expect(409);
    // south cannot see north1's contact: told it exists, not which one (test/e2e/records/duplicate-visibility.e2e-spec.ts)
    expect(sameEmail.body).toEqual({ ok: false, error: 'duplicate', message: 'a person with the same e-mail address already exists that you cannot see; send force: true to create it anyway' });
    // the same name at another company (or without one) is someone else
    await create(south.key, { customer_id: southCo.id, name: 'Mehmet Öztürk' });
    await create(north1.key, { name: 'Mehmet Öztürk' });
    const forced = await create(north2.key, { customer_id: acme.id, name: 'Mehmet Öztürk', force: true });
    expect(forced.id).not.toBe(first.id);
    await create(b.adminKey, { name: 'Mehmet Öztürk', email: 'mehmet@acme.test' }, b);
  });

  it('keeps one main contact per company, in the same transaction', async () => {
    const co = (await as(north1.key).post('/api/v1/companies', { name: uniq('Main co') }).expect(201)).body.company;
    const p1 = await create(north1.key, { customer_id: co.id, name: uniq('First'), is_main: true, email: 'first@main.test' });
    expect(p1.is_main).toBe(true);
    expect((await as(north1.key).get(`/api/v1/companies/${co.id}`).expect(200)).body.company.main_contact).toEqual({ email: 'first@main.test', name: p1.name, phone: '', wa: '' });
    const p2 = await create(north1.key, { customer_id: co.id, name: uniq('Second'), is_main: true });
    const rows = await db(t).getRepository(Person).find({ where: { workspaceId: a.ws.id, customerId: co.id }, order: { id: 'ASC' } });
    expect(rows.map((r) => [r.id, r.isMain])).toEqual([
      [p1.id, false],
      [p2.id, true],
    ]);
    const back = await as(north1.key).patch(`/api/v1/people/${p1.id}`, { is_main: true }).expect(200);
    expect(back.body.person.is_main).toBe(true);
    expect((await as(north1.key).get(`/api/v1/people/${p2.id}`).expect(200)).body.person.is_main).toBe(false);
    expect((await as(north1.key).get(`/api/v1/companies/${co.id}`).expect(200)).body.company.main_contact.name).toBe(p1.name);
  });

  it('records contact_created, but not for people created from e-mail', async () => {
    const name = uniq('Evented');
    const p = await create(north1.key, { customer_id: acme.id, name, email: 'ev@acme.test', phone: '7', title: 'CTO' });
    const rows = await db(t).getRepository(OutboxEvent).find({ where: { workspaceId: a.ws.id, event: 'contact_created', recordId: p.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: `New contact: ${name}`, url: `http://${a.host}:3000/people/${p.id}`, recordType: 'person' });
    expect(rows[0].data).toEqual({ id: p.id, name, email: 'ev@acme.test', phone: '7', title: 'CTO', customer: 'Acme Kimya', customer_id: acme.id });

    const auth: UserContext = { workspace: a.ws, user: north1.user, credential: { id: 0, kind: 'api', scopes: ['crm.read', 'crm.write'] }, modules: [] };
    const before = await db(t).getRepository(OutboxEvent).count({ where: { workspaceId: a.ws.id, event: 'contact_created' } });
    const fromMail = await t.get(PeopleService).create(auth, { name: uniq('From mail'), email: 'auto@mail.test', customer_id: acme.id }, { origin: 'email' });
    expect(fromMail.person.origin).toBe('email');
    expect(await db(t).getRepository(OutboxEvent).count({ where: { workspaceId: a.ws.id, event: 'contact_created' } })).toBe(before);
    const manual = await t.get(PeopleService).create(auth, { name: uniq('Typed in') });
    expect(manual.person.origin).toBe('manual');
    expect(await db(t).getRepository(OutboxEvent).count({ where: { workspaceId: a.ws.id, event: 'contact_created' } })).toBe(before + 1);
  });

  it('needs a token, crm.write and the Customers module', async () => {
    await as('').post('/api/v1/people', { name: 'x' }).expect(401);
    const readOnly = await issueKey(t, a, 'oauth', north1.user.id, ['crm.read']);
    expect((await as(readOnly).post('/api/v1/people', { name: uniq('Ro') }).expect(403)).body.error).toBe('insufficient_scope');
    const noModule = await createUser(t, a, { modules: ['Opportunities'] });
    expect((await as(noModule.key).post('/api/v1/people', { name: uniq('Nm') }).expect(403)).body.error).toBe('module');
    expect((await as(noModule.key).get('/api/v1/people').expect(403)).body.error).toBe('module');
  });
});

describe('GET, PATCH, DELETE /api/v1/people/:id', () => {
  it('reads a person and records the open', async () => {
    const p = await create(north1.key, { customer_id: acme.id, name: uniq('Reader') });
    const res = await as(north1.key).get(`/api/v1/people/${p.id}`).expect(200);
    expect(res.body).toEqual({ ok: true, person: p });
    expect(await db(t).getRepository(RecordOpen).exists({ where: { workspaceId: a.ws.id, userId: north1.user.id, recordType: 'person', recordId: p.id } })).toBe(true);
  });

  it('answers 404 for an unknown id and another workspace; 401 without a token', async () => {
    const other = await create(b.adminKey, { name: uniq('Other ws') }, b);
    await as(a.adminKey).get('/api/v1/people/99999999').expect(404);
    expect((await as(a.adminKey).get(`/api/v1/people/${other.id}`).expect(404)).body.error).toBe('not_found');
    await as(a.adminKey).patch(`/api/v1/people/${other.id}`, { title: 'x' }).expect(404);
    await as(a.adminKey).delete(`/api/v1/people/${other.id}`).expect(404);
    await as('').get(`/api/v1/people/${other.id}`).expect(401);
    await as('').patch(`/api/v1/people/${other.id}`, {}).expect(401);
    await as('').delete(`/api/v1/people/${other.id}`).expect(401);
    await as('').get('/api/v1/people').expect(401);
  });

  it('applies visibility: other department 404, same department read-only 403, admin all', async () => {
    const p = await create(north1.key, { customer_id: acme.id, name: uniq('Private') });
    await as(south.key).get(`/api/v1/people/${p.id}`).expect(404);
    await as(south.key).patch(`/api/v1/people/${p.id}`, { title: 'x' }).expect(404);
    await as(south.key).delete(`/api/v1/people/${p.id}`).expect(404);
    expect((await as(south.key).get('/api/v1/people?limit=200').expect(200)).body.items.map((x: { id: number }) => x.id)).not.toContain(p.id);
    const mate = await as(north2.key).get(`/api/v1/people/${p.id}`).expect(200);
    expect(mate.body.person.can_edit).toBe(false);
    expect((await as(north2.key).patch(`/api/v1/people/${p.id}`, { title: 'x' }).expect(403)).body.error).toBe('forbidden');
    expect((await as(north2.key).delete(`/api/v1/people/${p.id}`).expect(403)).body.error).toBe('forbidden');
    const admin = await as(a.adminKey).patch(`/api/v1/people/${p.id}`, { title: 'Boss', owner_id: north2.user.id }).expect(200);
    expect(admin.body.person).toMatchObject({ title: 'Boss', owner: { id: north2.user.id }, can_edit: true });
    expect((await as(north1.key).patch(`/api/v1/people/${p.id}`, { title: 'x' }).expect(403)).body.error).toBe('forbidden');
  });

  it('updates fields, moves a person between companies and validates', async () => {
    const co2 = (await as(north1.key).post('/api/v1/companies', { name: uniq('Second co') }).expect(201)).body.company;
    const p = await create(north1.key, { customer_id: acme.id, name: uniq('Mover'), is_main: true });
    const moved = await as(north1.key).patch(`/api/v1/people/${p.id}`, { customer_id: co2.id, is_former: true, email: 'Mover@Co2.test' }).expect(200);
    expect(moved.body.person).toMatchObject({ customer_id: co2.id, customer: co2.name, is_main: false, is_former: true, email: 'mover@co2.test', name: p.name });
    expect(Object.keys(moved.body.person).sort()).toEqual(ONE_RECORD_FIELDS);
    const detached = await as(north1.key).patch(`/api/v1/people/${p.id}`, { customer_id: null }).expect(200);
    expect(detached.body.person).toMatchObject({ customer_id: null, customer: '' });
    expect((await as(north1.key).patch(`/api/v1/people/${p.id}`, { is_main: true }).expect(400)).body.field).toBe('is_main');
    expect((await as(north1.key).patch(`/api/v1/people/${p.id}`, { customer_id: southCo.id }).expect(400)).body.field).toBe('customer_id');
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 3 }, 'name'],
      [{ email: 'a@' }, 'email'],
      [{ force: true }, 'force'],
      [{ owner_id: -1 }, 'owner_id'],
    ] as [Record<string, unknown>, string][]) {
      expect([field, (await as(north1.key).patch(`/api/v1/people/${p.id}`, body).expect(400)).body.fields]).toEqual([field, expect.arrayContaining([field])]);
    }
    expect((await as(north1.key).patch(`/api/v1/people/${p.id}`, { owner_id: north2.user.id }).expect(403)).body.error).toBe('forbidden');
  });

  it('archives with DELETE and restores with PATCH active: true', async () => {
    const p = await create(north1.key, { name: uniq('Archived') });
    expect((await as(north1.key).delete(`/api/v1/people/${p.id}`).expect(200)).body).toEqual({ ok: true });
    expect((await as(north1.key).get(`/api/v1/people/${p.id}`).expect(200)).body.person.active).toBe(false);
    const listed = async (qs: string) => (await as(north1.key).get(`/api/v1/people?q=${encodeURIComponent(p.name)}${qs}`).expect(200)).body.items.map((x: { id: number }) => x.id);
    expect(await listed('')).toEqual([]);
    expect(await listed('&active=false')).toEqual([p.id]);
    await as(north1.key).patch(`/api/v1/people/${p.id}`, { active: true }).expect(200);
    expect(await listed('')).toEqual([p.id]);
  });
});

describe('GET /api/v1/people', () => {
  it('filters by q (name or e-mail), customer_id and owner_id', async () => {
    const tag = uniq('Flt');
    const co = (await as(north1.key).post('/api/v1/companies', { name: uniq('Filter co') }).expect(201)).body.company;
    const x = await create(north1.key, { customer_id: co.id, name: `${tag} Ali`, email: `${tag.replace(/\s/g, '').toLowerCase()}@x.test` });
    const y = await create(north2.key, { name: `${tag} Veli` });
    const ids = async (qs: string) => (await as(north1.key).get(`/api/v1/people?${qs}`).expect(200)).body.items.map((i: { id: number }) => i.id).sort();
    expect(await ids(`q=${encodeURIComponent(tag.toUpperCase())}`)).toEqual([x.id, y.id].sort());
    expect(await ids(`q=${encodeURIComponent(tag.replace(/\s/g, '').toLowerCase())}`)).toEqual([x.id]);
    expect(await ids(`customer_id=${co.id}`)).toEqual([x.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&owner_id=${north2.user.id}`)).toEqual([y.id]);
    expect((await as(north1.key).get('/api/v1/people?customer_id=abc').expect(400)).body.fields).toEqual(['customer_id']);
    const list = await as(north1.key).get(`/api/v1/people?customer_id=${co.id}`).expect(200);
    expect(Object.keys(list.body).sort()).toEqual(['items', 'next_cursor', 'ok']);
    expect(Object.keys(list.body.items[0]).sort()).toEqual(RECORD_FIELDS);
    expect(list.body.items[0].customer).toBe(co.name);
  });

  it('pages with a keyset cursor, stable while records are added', async () => {
    const tag = uniq('Pg');
    const created: number[] = [];
    for (let i = 0; i < 7; i++) created.push((await create(north1.key, { name: `${tag} ${i}` })).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { body: { items: { id: number }[]; next_cursor: string | null } } = await as(north1.key).get(`/api/v1/people?q=${encodeURIComponent(tag)}&limit=3${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      seen.push(...res.body.items.map((i: { id: number }) => i.id));
      cursor = res.body.next_cursor;
      if (pages === 0) await create(north1.key, { name: `${tag} late` });
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].sort((x, y) => y - x));
  });

  it('sort=update with updated_since returns only people changed since', async () => {
    const tag = uniq('Sy');
    const ps = [];
    for (let i = 0; i < 4; i++) ps.push(await create(north1.key, { name: `${tag} ${i}` }));
    await new Promise((r) => setTimeout(r, 50));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await as(north1.key).patch(`/api/v1/people/${ps[2].id}`, { note: 'x' }).expect(200);
    await as(north1.key).patch(`/api/v1/people/${ps[0].id}`, { note: 'y' }).expect(200);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { items: { id: number }[]; next_cursor: string | null } } = await as(north1.key).get(`/api/v1/people?q=${encodeURIComponent(tag)}&sort=update&updated_since=${encodeURIComponent(since)}&limit=1${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      seen.push(...res.body.items.map((i: { id: number }) => i.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([ps[2].id, ps[0].id]);
  });

  it('uses the same number of queries for a page of 2 and a page of 15', async () => {
    const owner = await createUser(t, a, { department: 'Counting' });
    const co = (await as(owner.key).post('/api/v1/companies', { name: uniq('Count co') }).expect(201)).body.company;
    for (let i = 0; i < 15; i++) await create(owner.key, { name: uniq('Counted'), customer_id: i % 2 ? co.id : null });
    await as(owner.key).get('/api/v1/people?limit=1').expect(200);
    const small = await requestQueryCount(() => as(owner.key).get('/api/v1/people?limit=2').expect(200));
    expect(small).toBeGreaterThan(1); // the page and its owners / company names
    expect((await as(owner.key).get('/api/v1/people?limit=15').expect(200)).body.items).toHaveLength(15);
    expect(await requestQueryCount(() => as(owner.key).get('/api/v1/people?limit=15').expect(200))).toBe(small);
  });
});

// the list reads plain rows (paginateRows), the record a hydrated entity: an item of every kind of page (walked,
// filtered, sort=update, archived) is the record without its nested arrays, key for key
describe('GET /api/v1/people: items as the record has them', () => {
  it.each(['limit=50', 'limit=50&sort=update', 'limit=50&active=false', 'limit=50&q=a'])('%s', async (query) => {
    for (const key of [a.adminKey, north1.key]) {
      const items = (await api(t, a.host, key).get(`/api/v1/people?${query}`).expect(200)).body.items as Record<string, unknown>[];
      for (const item of items.slice(0, 8)) {
        const record = (await api(t, a.host, key).get(`/api/v1/people/${item.id as number}`).expect(200)).body.person as Record<string, unknown>;
        const keys = Object.keys(item);
        expect(Object.keys(record).slice(0, keys.length)).toEqual(keys);
        expect(item).toEqual(Object.fromEntries(keys.map((k) => [k, record[k]])));
      }
    }
  });
});
