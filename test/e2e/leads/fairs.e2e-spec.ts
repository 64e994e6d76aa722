import { User } from '../../../src/domain/identity/user.entity';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let sales1: { user: User; key: string };
let sales2: { user: User; key: string };

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const as = (key: string, f: Fixture = a) => api(t, f.host, key);
const ids = (items: { id: number }[]) => items.map((i) => i.id);
const FAIR_FIELDS = ['id', 'name', 'city', 'country', 'venue', 'stand', 'start_date', 'end_date', 'website', 'note', 'leads_n', 'owner', 'can_edit', 'created_at', 'updated_at'].sort();

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'fairs-a');
  b = await createWorkspace(t, 'fairs-b');
  sales1 = await createUser(t, a, { department: 'North' });
  sales2 = await createUser(t, a, { department: 'South' });
});
afterAll(() => t.close());

describe('/api/v1/fairs', () => {
  it('creates, reads, lists, changes and deletes a fair (with a tombstone)', async () => {
    const res = await as(sales1.key)
      .post('/api/v1/fairs', { name: 'Plast Eurasia 2026', city: 'İstanbul', country: 'TR', venue: 'TÜYAP', stand: 'Hall 9 / B12', start_date: '2026-12-02', end_date: '2026-12-05', website: 'https://plasteurasia.test', note: 'Bring samples.' })
      .expect(201);
    const f = res.body.fair;
    expect(res.body.ok).toBe(true);
    expect(Object.keys(f).sort()).toEqual(FAIR_FIELDS);
    expect(f).toMatchObject({ name: 'Plast Eurasia 2026', venue: 'TÜYAP', start_date: '2026-12-02', end_date: '2026-12-05', leads_n: 0, can_edit: true, owner: { id: sales1.user.id } });
    expect(f.created_at).toMatch(TS);

    // every user with the module sees fairs; only the owner (or an admin) edits
    expect((await as(sales2.key).get(`/api/v1/fairs/${f.id}`).expect(200)).body.fair.can_edit).toBe(false);
    expect((await as(sales2.key).patch(`/api/v1/fairs/${f.id}`, { city: 'X' }).expect(403)).body.error).toBe('forbidden');
    expect((await as(sales2.key).delete(`/api/v1/fairs/${f.id}`).expect(403)).body.error).toBe('forbidden');

    const changed = (await as(sales1.key).patch(`/api/v1/fairs/${f.id}`, { stand: 'Hall 10', note: null, end_date: null }).expect(200)).body.fair;
    expect(changed).toMatchObject({ stand: 'Hall 10', note: '', end_date: null, start_date: '2026-12-02', name: 'Plast Eurasia 2026' });

    const lead = (await as(sales2.key).post('/api/v1/leads', { company: 'Lead Co', fair_id: f.id }).expect(201)).body.lead;
    expect((await as(sales1.key).get(`/api/v1/fairs/${f.id}`).expect(200)).body.fair.leads_n).toBe(1);
    const conflict = await as(sales1.key).delete(`/api/v1/fairs/${f.id}`).expect(409);
    expect(conflict.body).toMatchObject({ ok: false, error: 'conflict', leads: 1 });
    await as(sales2.key).patch(`/api/v1/leads/${lead.id}`, { fair_id: null }).expect(200);
    expect((await as(sales1.key).delete(`/api/v1/fairs/${f.id}`).expect(200)).body).toEqual({ ok: true });
    await as(sales1.key).get(`/api/v1/fairs/${f.id}`).expect(404);
    // the deletion is visible to every user with the module (fairs are shared)
    const deleted = (await as(sales2.key).get('/api/v1/deleted?type=fair&since=2000-01-01').expect(200)).body.items;
    expect(deleted).toEqual([expect.objectContaining({ type: 'fair', id: f.id })]);
  });

  it('lists newest first with q and from, keyset-paged', async () => {
    const f1 = (await as(sales1.key).post('/api/v1/fairs', { name: 'Interpack', city: 'Düsseldorf', start_date: '2026-05-07', end_date: '2026-05-13' }).expect(201)).body.fair;
    const f2 = (await as(sales1.key).post('/api/v1/fairs', { name: 'Fakuma', city: 'Friedrichshafen', start_date: '2026-10-13' }).expect(201)).body.fair;
    const f3 = (await as(sales2.key).post('/api/v1/fairs', { name: 'Anuga', city: 'Köln', start_date: '2025-10-04', end_date: '2025-10-08' }).expect(201)).body.fair;
    const all = (await as(sales1.key).get('/api/v1/fairs').expect(200)).body.items;
    expect(ids(all).slice(0, 3)).toEqual([f3.id, f2.id, f1.id]);
    expect(ids((await as(sales1.key).get('/api/v1/fairs?q=fried').expect(200)).body.items)).toEqual([f2.id]);
    expect(ids((await as(sales1.key).get('/api/v1/fairs?from=2026-01-01&q=a').expect(200)).body.items)).not.toContain(f3.id);
    const p1 = (await as(sales1.key).get('/api/v1/fairs?limit=1').expect(200)).body;
    expect(ids(p1.items)).toEqual([f3.id]);
    expect(ids((await as(sales1.key).get(`/api/v1/fairs?limit=1&cursor=${p1.next_cursor}`).expect(200)).body.items)).toEqual([f2.id]);
  });

  it('400 naming the field; 401; 403 insufficient_scope and module; 404 for unknown and other workspaces', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => expect((await as(sales1.key).post('/api/v1/fairs', { name: 'F', ...body }).expect(400)).body.field).toBe(field);
    await bad({ name: ' ' }, 'name');
    await bad({ name: undefined }, 'name');
    await bad({ start_date: '2026-13-01' }, 'start_date');
    await bad({ start_date: '2026-05-10', end_date: '2026-05-09' }, 'end_date');
    await bad({ venue: 'x'.repeat(201) }, 'venue');
    await bad({ owner_id: 'me' }, 'owner_id');
    await bad({ colour: 'red' }, 'colour');
    const f = (await as(sales1.key).post('/api/v1/fairs', { name: 'Mine', start_date: '2026-05-10' }).expect(201)).body.fair;
    expect((await as(sales1.key).patch(`/api/v1/fairs/${f.id}`, { end_date: '2026-05-01' }).expect(400)).body.field).toBe('end_date');
    expect((await as(sales1.key).patch(`/api/v1/fairs/${f.id}`, { name: null }).expect(400)).body.field).toBe('name');
    expect((await as(sales1.key).patch(`/api/v1/fairs/${f.id}`, { owner_id: sales2.user.id }).expect(403)).body.error).toBe('forbidden');
    expect((await as(a.adminKey).patch(`/api/v1/fairs/${f.id}`, { owner_id: sales2.user.id }).expect(200)).body.fair.owner.id).toBe(sales2.user.id);

    await api(t, a.host).get('/api/v1/fairs').expect(401);
    const readOnly = await issueKey(t, a, 'oauth', sales1.user.id, ['crm.read']);
    await as(readOnly).get('/api/v1/fairs').expect(200);
    expect((await as(readOnly).post('/api/v1/fairs', { name: 'X' }).expect(403)).body.error).toBe('insufficient_scope');
    expect((await as(readOnly).delete(`/api/v1/fairs/${f.id}`).expect(403)).body.error).toBe('insufficient_scope');
    const noModule = await createUser(t, a, { modules: ['Customers'] });
    expect((await as(noModule.key).get('/api/v1/fairs').expect(403)).body.error).toBe('module');
    expect((await as(noModule.key).post('/api/v1/fairs', { name: 'X' }).expect(403)).body.error).toBe('module');

    await as(sales1.key).get('/api/v1/fairs/99999999').expect(404);
    expect((await as(b.adminKey, b).get(`/api/v1/fairs/${f.id}`).expect(404)).body.error).toBe('not_found');
    await as(b.adminKey, b).patch(`/api/v1/fairs/${f.id}`, { name: 'Theirs' }).expect(404);
    await as(b.adminKey, b).delete(`/api/v1/fairs/${f.id}`).expect(404);
    expect((await as(b.adminKey, b).get('/api/v1/fairs').expect(200)).body.items).toEqual([]);
    expect((await as(b.adminKey, b).post('/api/v1/leads', { company: 'X', fair_id: f.id }).expect(400)).body.field).toBe('fair_id');
  });
});
