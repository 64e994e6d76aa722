import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/** GET /api/v1/search: the web app's global search over companies, people and opportunities (names), tasks and activities (text), orders (PO number) and record keys; search-records.e2e covers folding and the kinds beyond names. */
let t: TestApp;
let a: Fixture;
let b: Fixture;
let north: { key: string };
let south: { key: string };
let ids: { company: number; archived: number; southCo: number; person: number; opp: number };
const as = (key: string) => api(t, a.host, key);
const search = async (key: string, query: string) => (await as(key).get(`/api/v1/search?${query}`).expect(200)).body;
const post = async (key: string, path: string, body: object) => (await as(key).post(path, body).expect(201)).body;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'searcha');
  b = await createWorkspace(t, 'searchb');
  north = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
  const company = (await post(north.key, '/api/v1/companies', { name: 'Zephyr Plastics', city: 'Bursa', sector: 'Packaging' })).company;
  const archived = (await post(north.key, '/api/v1/companies', { name: 'Zephyr Old' })).company;
  await as(north.key).delete(`/api/v1/companies/${archived.id}`).expect(200);
  const southCo = (await post(south.key, '/api/v1/companies', { name: 'Zephyr South' })).company;
  const person = (await post(north.key, '/api/v1/people', { name: 'Ada Zephyrson', title: 'Buyer', customer_id: company.id })).person;
  const opp = (await post(north.key, '/api/v1/opportunities', { name: 'Zephyr film 2027', customer_id: company.id })).opp;
  await api(t, b.host, b.adminKey).post('/api/v1/companies', { name: 'Zephyr Elsewhere' }).expect(201);
  ids = { company: company.id, archived: archived.id, southCo: southCo.id, person: person.id, opp: opp.id };
});

afterAll(() => t?.close());

describe('GET /api/v1/search', () => {
  it('finds companies, people and opportunities by name, in that order, with record keys, subtitles and absolute URLs', async () => {
    const body = await search(north.key, 'q=%20zephyr%20');
    const stage = a.ws.constants.stage_labels[a.ws.constants.stages[0]!] ?? a.ws.constants.stages[0];
    expect(body).toEqual({
      ok: true,
      q: 'zephyr',
      kinds: ['company', 'person', 'opportunity', 'task', 'activity', 'order'],
      items: [
        { kind: 'company', id: ids.company, rid: `C-${ids.company}`, name: 'Zephyr Plastics', subtitle: 'Bursa · Packaging', url: `http://searcha.localhost:3000/companies/${ids.company}` },
        { kind: 'person', id: ids.person, rid: `P-${ids.person}`, name: 'Ada Zephyrson', subtitle: 'Buyer · Zephyr Plastics', url: `http://searcha.localhost:3000/people/${ids.person}` },
        { kind: 'opportunity', id: ids.opp, rid: `O-${ids.opp}`, name: 'Zephyr film 2027', subtitle: `Zephyr Plastics · ${stage}`, url: `http://searcha.localhost:3000/opportunities/${ids.opp}` },
      ],
      more: [],
      exact: null,
    });
  });

  it('shows only what the caller may see: not archived companies, not another team\'s, never another workspace\'s', async () => {
    const southIds = (await search(south.key, 'q=zephyr')).items.map((i: { id: number }) => i.id);
    expect(southIds).toEqual([ids.southCo]);
    const admin = (await search(a.adminKey, 'q=zephyr')).items.filter((i: { kind: string }) => i.kind === 'company').map((i: { name: string }) => i.name);
    expect(admin.sort()).toEqual(['Zephyr Plastics', 'Zephyr South']);
    expect((await search(north.key, 'q=nothing-like-this')).items).toEqual([]);
  });

  it('returns at most `limit` of each kind (default 5) and names the kinds with more', async () => {
    const u = await createUser(t, a, { department: 'Many' });
    for (let i = 0; i < 6; i++) await post(u.key, '/api/v1/companies', { name: `Quokka ${i}` });
    const byDefault = await search(u.key, 'q=quokka');
    expect(byDefault.items.map((i: { name: string }) => i.name)).toEqual(['Quokka 5', 'Quokka 4', 'Quokka 3', 'Quokka 2', 'Quokka 1']);
    expect(byDefault.more).toEqual(['company']);
    const two = await search(u.key, 'q=quokka&limit=2');
    expect(two.items).toHaveLength(2);
    expect((await search(u.key, 'q=quokka&limit=6')).more).toEqual([]);
  });

  it('searches only the kinds of the caller\'s modules', async () => {
    const oppsOnly = await createUser(t, a, { department: 'North', modules: ['Opportunities'] });
    const body = await search(oppsOnly.key, 'q=zephyr');
    expect(body.kinds).toEqual(['opportunity']);
    expect(body.items.map((i: { kind: string }) => i.kind)).toEqual(['opportunity']);
    const customersOnly = await createUser(t, a, { department: 'North', modules: ['Customers'] });
    expect((await search(customersOnly.key, 'q=zephyr')).kinds).toEqual(['company', 'person']);
    const none = await createUser(t, a, { department: 'North', modules: ['Fair leads'] });
    expect(await search(none.key, 'q=zephyr')).toEqual({ ok: true, q: 'zephyr', kinds: [], items: [], more: [], exact: null });
  });

  it.each([
    ['', 'q'],
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['q=a&limit=0', 'limit'],
    ['q=a&limit=21', 'limit'],
    ['q=a&limit=two', 'limit'],
    ['q=a&kind=company', 'kind'],
  ])('answers 400 invalid for %s', async (query, field) => {
    const res = await as(north.key).get(`/api/v1/search?${query}`).expect(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.error).toBe('invalid');
    expect(res.body.message).toContain(field);
  });

  it('needs a credential of the workspace with crm.read', async () => {
    expect((await api(t, a.host).get('/api/v1/search?q=zephyr').expect(401)).body.error).toBe('unauthorized');
    expect((await api(t, a.host, b.adminKey).get('/api/v1/search?q=zephyr').expect(401)).body.error).toBe('unauthorized');
    const noScope = await issueKey(t, a, 'oauth', a.admin.id, ['profile']);
    expect((await api(t, a.host, noScope).get('/api/v1/search?q=zephyr').expect(403)).body.error).toBe('insufficient_scope');
    const readOnly = await issueKey(t, a, 'oauth', a.admin.id, ['crm.read']);
    expect((await api(t, a.host, readOnly).get('/api/v1/search?q=zephyr').expect(200)).body.items.length).toBeGreaterThan(0);
  });
});
