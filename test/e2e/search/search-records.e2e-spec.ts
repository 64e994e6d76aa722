import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * GET /api/v1/search beyond plain names: letters folded both ways (Turkish and accented Latin letters, the
 * four i's), a record key straight to its record, orders by customer PO number, tasks and visits by their
 * text with the record they belong to, and never what the caller may not see.
 */
let t: TestApp;
let a: Fixture;
let north: { key: string };
let south: { key: string };
const ids: Record<string, number> = {};
const as = (key: string) => api(t, a.host, key);
type Item = { kind: string; id: number; rid: string; name: string; subtitle: string; parent?: { kind: string; id: number; name: string } | null; date?: string | null };
type Body = { items: Item[]; exact: Item | null; kinds: string[] };
const search = async (key: string, q: string): Promise<Body> => (await as(key).get(`/api/v1/search?q=${encodeURIComponent(q)}`).expect(200)).body;
const names = async (key: string, q: string, kind = 'company') => (await search(key, q)).items.filter((i) => i.kind === kind).map((i) => i.name).sort();
const post = async (key: string, path: string, body: object) => (await as(key).post(path, body).expect(201)).body;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'searchfold');
  north = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
  for (const name of ['Şahin Ambalaj', 'Sahin Kimya', 'İzmir Tekstil', 'IZMIR Lojistik', 'Öztürk Gıda', 'Çağ Plastik', 'Müller GmbH']) {
    ids[name] = (await post(north.key, '/api/v1/companies', { name })).company.id;
  }
  ids.secret = (await post(south.key, '/api/v1/companies', { name: 'Şahinler Gizli' })).company.id;
  ids.opp = (await post(north.key, '/api/v1/opportunities', { name: 'Stretch film 2027', customer_id: ids['Şahin Ambalaj'] })).opp.id;
  const visit = a.ws.constants.visit_types[0]!;
  ids.task = (await post(north.key, '/api/v1/tasks', { title: 'Fiyat listesini gönder', description: 'Kuzey depo için özel teklif', customer_id: ids['Şahin Ambalaj'] })).task.id;
  ids.visit = (await post(north.key, '/api/v1/activities', { type: visit, date: '2026-03-03', customer_id: ids['Öztürk Gıda'], note: 'Yeni makine hattını gördük' })).activity.id;
  ids.order = (await post(north.key, '/api/v1/orders', { customer_id: ids['Şahin Ambalaj'], kg: 10, price: 2 })).order.id;
  await as(north.key).post(`/api/v1/orders/${ids.order}/po`, { customer_po: 'PO 4500012345' }).expect(200);
  await post(south.key, '/api/v1/tasks', { title: 'Gizli görev', description: 'Kuzey depo için özel teklif', customer_id: ids.secret });
  await post(south.key, '/api/v1/activities', { type: visit, date: '2026-03-04', customer_id: ids.secret, note: 'Yeni makine hattı gizli' });
  const secretOrder = (await post(south.key, '/api/v1/orders', { customer_id: ids.secret, kg: 1, price: 1 })).order.id;
  await as(south.key).post(`/api/v1/orders/${secretOrder}/po`, { customer_po: 'PO 4500099999' }).expect(200);
});

afterAll(() => t?.close());

describe('GET /api/v1/search: folded letters', () => {
  it('"sahin" finds "Şahin" and the plain spelling; typed with the accent it finds both too', async () => {
    expect(await names(north.key, 'sahin')).toEqual(['Sahin Kimya', 'Şahin Ambalaj']);
    expect(await names(north.key, 'ŞAHİN')).toEqual(['Sahin Kimya', 'Şahin Ambalaj']);
  });

  it('"izmir" finds "İzmir" and "IZMIR", and every i (İ ı I i) folds to i', async () => {
    for (const q of ['izmir', 'IZMIR', 'İzmir', 'ızmır', 'İZMİR']) expect(await names(north.key, q)).toEqual(['IZMIR Lojistik', 'İzmir Tekstil']);
  });

  it.each([
    ['ozturk', 'Öztürk Gıda'],
    ['cag', 'Çağ Plastik'],
    ['Muller', 'Müller GmbH'],
    ['gida', 'Öztürk Gıda'],
    ['çağ plas', 'Çağ Plastik'],
  ])('"%s" finds "%s"', async (q, name) => {
    expect(await names(north.key, q)).toEqual([name]);
  });

  it('the lists fold the same way (their `q` is the search\'s)', async () => {
    const res = await as(north.key).get(`/api/v1/companies?q=${encodeURIComponent('ozturk')}`).expect(200);
    expect(res.body.items.map((c: { name: string }) => c.name)).toEqual(['Öztürk Gıda']);
  });
});

describe('GET /api/v1/search: keys, PO numbers, tasks and visits', () => {
  it('a record key names its record in `exact`, in any case, only when the caller may see it', async () => {
    const body = await search(north.key, `O-${ids.opp}`);
    expect(body.exact).toEqual({ kind: 'opportunity', id: ids.opp, rid: `O-${ids.opp}`, name: 'Stretch film 2027', subtitle: '', url: `http://searchfold.localhost:3000/opportunities/${ids.opp}` });
    expect((await search(north.key, ` c-${ids['Müller GmbH']} `)).exact).toMatchObject({ kind: 'company', name: 'Müller GmbH' });
    expect((await search(north.key, `A-${ids.visit}`)).exact).toMatchObject({ kind: 'activity', id: ids.visit });
    expect((await search(north.key, `C-${ids.secret}`)).exact).toBeNull();
    expect((await search(south.key, `C-${ids.secret}`)).exact).toMatchObject({ name: 'Şahinler Gizli' });
    expect((await search(north.key, 'O-999999')).exact).toBeNull();
  });

  it('finds an order by its customer PO number, naming its company', async () => {
    const orders = (await search(north.key, '4500012345')).items.filter((i) => i.kind === 'order');
    expect(orders).toEqual([
      expect.objectContaining({ kind: 'order', id: ids.order, name: 'PO 4500012345', parent: { kind: 'company', id: ids['Şahin Ambalaj'], rid: `C-${ids['Şahin Ambalaj']}`, name: 'Şahin Ambalaj' } }),
    ]);
  });

  it("finds a task by its text (folded), naming its company", async () => {
    const tasks = (await search(north.key, 'ozel teklif')).items.filter((i) => i.kind === 'task');
    expect(tasks).toEqual([expect.objectContaining({ id: ids.task, name: 'Fiyat listesini gönder', parent: expect.objectContaining({ kind: 'company', name: 'Şahin Ambalaj' }) })]);
    expect((await search(north.key, 'listesini gonder')).items.map((i) => i.id)).toContain(ids.task);
  });

  it("finds a visit by its note, naming its company", async () => {
    const visits = (await search(north.key, 'makine hatti')).items.filter((i) => i.kind === 'activity');
    expect(visits).toEqual([expect.objectContaining({ id: ids.visit, rid: `A-${ids.visit}`, date: '2026-03-03', parent: expect.objectContaining({ kind: 'company', name: 'Öztürk Gıda' }) })]);
  });

  it("never returns another team's private records: companies, tasks, visits or orders", async () => {
    for (const q of ['sahinler', 'gizli', '4500099999']) expect((await search(north.key, q)).items).toEqual([]);
    expect((await search(north.key, 'ozel teklif')).items.map((i) => i.id)).toEqual([ids.task]);
    const theirs = await search(south.key, 'gizli');
    expect(theirs.items.map((i) => i.kind).sort()).toEqual(['activity', 'company', 'task']);
    expect((await search(south.key, '4500099999')).items.map((i) => i.kind)).toEqual(['order']);
  });
});
