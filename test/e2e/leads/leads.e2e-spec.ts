import { Lead } from '../../../src/domain/crm/leads/lead.entity';
import { DemoSeedService } from '../../../src/domain/demo/demo-seed.service';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { User } from '../../../src/domain/identity/user.entity';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let north1: { user: User; key: string };
let north2: { user: User; key: string };
let south: { user: User; key: string };
let fairId: number;
let fair2Id: number;

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const as = (key: string, f: Fixture = a) => api(t, f.host, key);
const ids = (items: { id: number }[]) => items.map((i) => i.id);
let n = 0;
const uniq = (p: string) => `${p} ${++n}${Date.now().toString(36)}`;
const create = async (key: string, body: Record<string, unknown> = {}) => (await as(key).post('/api/v1/leads', { company: uniq('Lead Co'), ...body }).expect(201)).body.lead;

const LEAD_FIELDS = [
  'id', 'rid', 'company', 'contact_name', 'contact_label', 'title', 'email', 'phone', 'wa', 'website', 'city', 'sector', 'supplier', 'fair', 'fair_id',
  'created_at', 'updated_at', 'initials', 'interest', 'line', 'next_action', 'next_date', 'note', 'project_note', 'products', 'products_text', 'timing',
  'visitor_type', 'unit', 'potential_kg', 'opp_id', 'opp_type', 'customer_id', 'task_id', 'owner', 'can_edit', 'status', 'status_eff',
  'link_contact_id', 'link_customer', 'link_customer_id', 'converted_at', 'people', 'external_id',
].sort();

const FULL = {
  contact_name: 'Deniz Aksoy',
  title: 'Purchasing Manager',
  email: 'Deniz@Example.com',
  phone: '+90 555 000 11 22',
  wa: '+90 555 000 11 22',
  website: 'https://marmara.test',
  city: 'Bursa',
  sector: 'Packaging',
  supplier: 'Competitor Ltd',
  interest: 'High',
  line: 'Film',
  next_action: 'Send offer',
  next_date: '2026-12-15',
  note: 'Met at the stand.',
  project_note: 'New line in Q2.',
  products: 'PE-LD-200, PP-H-350',
  products_text: 'stretch film for pallets',
  timing: 'This quarter',
  visitor_type: 'Prospect',
  unit: 't',
  potential_kg: 1250.5,
  opp_type: 'New business',
  people: [{ name: 'Can Er', title: 'Production', email: 'can@example.com', phone: '1' }],
};

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'leads-a');
  b = await createWorkspace(t, 'leads-b');
  north1 = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  north2 = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
  fairId = (await as(a.adminKey).post('/api/v1/fairs', { name: 'Plast Eurasia', city: 'Istanbul' }).expect(201)).body.fair.id;
  fair2Id = (await as(a.adminKey).post('/api/v1/fairs', { name: 'K Düsseldorf', city: 'Düsseldorf' }).expect(201)).body.fair.id;
});
afterAll(() => t.close());

describe('POST /api/v1/leads', () => {
  it('creates a lead with every 2.5 field, typed, and raises lead_created', async () => {
    const res = await as(north1.key).post('/api/v1/leads', { company: 'Marmara Ambalaj', fair_id: fairId, ...FULL }).expect(201);
    expect(res.body.ok).toBe(true);
    const l = res.body.lead;
    expect(Object.keys(l).sort()).toEqual(LEAD_FIELDS);
    expect(l).toMatchObject({
      rid: `L-${l.id}`,
      company: 'Marmara Ambalaj',
      contact_label: 'Deniz Aksoy, Purchasing Manager',
      email: 'deniz@example.com',
      fair: 'Plast Eurasia',
      fair_id: fairId,
      initials: 'MA',
      status: 'Yeni',
      status_eff: 'Yeni',
      potential_kg: 1250.5,
      unit: 't',
      can_edit: true,
      owner: { id: north1.user.id, full_name: 'Nora North' },
      opp_id: null,
      customer_id: null,
      task_id: null,
      link_customer: '',
      link_customer_id: null,
      link_contact_id: null,
      converted_at: null,
      people: [
        { cid: null, name: 'Deniz Aksoy', title: 'Purchasing Manager', email: 'deniz@example.com', phone: '+90 555 000 11 22' },
        { cid: null, name: 'Can Er', title: 'Production', email: 'can@example.com', phone: '1' },
      ],
    });
    expect(l.created_at).toMatch(TS);
    for (const k of ['id', 'potential_kg']) expect(typeOf(l[k])).toBe('number');
    for (const k of ['next_date', 'fair', 'note', 'products_text']) expect(typeOf(l[k])).toBe('string');
    const ev = await db(t).getRepository(OutboxEvent).find({ where: { workspaceId: a.ws.id, event: 'lead_created', recordId: l.id } });
    expect(ev).toHaveLength(1);
    expect(ev[0]!.data).toEqual({ id: l.id, company: 'Marmara Ambalaj', contact: 'Deniz Aksoy', email: 'deniz@example.com', interest: 'High' });
    // absolute on the configured link base (docs/decisions/deployment-and-runtime.md, "Link base")
    expect(ev[0]!.url).toBe(`http://${a.host}:3000/leads/${l.id}`);
  });

  it('defaults: only company is required', async () => {
    const l = await create(north1.key);
    expect(l).toMatchObject({ contact_name: '', contact_label: '', fair: '', fair_id: null, next_date: null, potential_kg: null, people: [], status: 'Yeni' });
  });

  it('400 naming each bad field; nothing stored', async () => {
    const before = await db(t).getRepository(Lead).count({ where: { workspaceId: a.ws.id } });
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await as(north1.key).post('/api/v1/leads', { company: 'X', ...body }).expect(400);
      expect(r.body).toMatchObject({ ok: false, error: 'invalid', field });
    };
    await bad({ company: '  ' }, 'company');
    await bad({ company: undefined }, 'company');
    await bad({ status: 'Done' }, 'status');
    await bad({ interest: 'Huge' }, 'interest');
    await bad({ next_action: 'Dance' }, 'next_action');
    await bad({ timing: 'Never' }, 'timing');
    await bad({ visitor_type: 'Alien' }, 'visitor_type');
    await bad({ opp_type: 'Gift' }, 'opp_type');
    await bad({ unit: 'bushel' }, 'unit');
    await bad({ potential_kg: -1 }, 'potential_kg');
    await bad({ next_date: '2026-02-30' }, 'next_date');
    await bad({ email: 'not-an-email' }, 'email');
    await bad({ fair_id: 99999999 }, 'fair_id');
    await bad({ customer_id: 99999999 }, 'customer_id');
    await bad({ people: [{ title: 'no name' }] }, 'people.0.name');
    await bad({ people: 'Can' }, 'people');
    await bad({ owner_id: 0 }, 'owner_id');
    await bad({ colour: 'red' }, 'colour');
    expect(await db(t).getRepository(Lead).count({ where: { workspaceId: a.ws.id } })).toBe(before);
    // a sales user gives no lead away
    expect((await as(north1.key).post('/api/v1/leads', { company: 'X', owner_id: north2.user.id }).expect(403)).body.error).toBe('forbidden');
    // a company the caller cannot see is not a reference
    const southCo = (await as(south.key).post('/api/v1/companies', { name: uniq('South Co') }).expect(201)).body.company;
    expect((await as(north1.key).post('/api/v1/leads', { company: 'X', customer_id: southCo.id }).expect(400)).body.field).toBe('customer_id');
  });

  it('401 without a token, 403 insufficient_scope for a read-only token, 403 module without Fair leads', async () => {
    await api(t, a.host).post('/api/v1/leads', { company: 'X' }).expect(401);
    await api(t, a.host).get('/api/v1/leads').expect(401);
    const readOnly = await issueKey(t, a, 'oauth', north1.user.id, ['crm.read']);
    expect((await as(readOnly).post('/api/v1/leads', { company: 'X' }).expect(403)).body.error).toBe('insufficient_scope');
    await as(readOnly).get('/api/v1/leads').expect(200);
    const noModule = await createUser(t, a, { modules: ['Customers'] });
    for (const r of [
      as(noModule.key).get('/api/v1/leads'),
      as(noModule.key).post('/api/v1/leads', { company: 'X' }),
      as(noModule.key).get('/api/v1/leads/1'),
      as(noModule.key).patch('/api/v1/leads/1', {}),
    ]) expect((await r.expect(403)).body.error).toBe('module');
  });
});

describe('GET /api/v1/leads and /leads/{id}', () => {
  it('lists visible leads newest first with filters fair, status, owner and q, keyset-paged', async () => {
    const tag = uniq('Zeytin');
    const l1 = await create(north1.key, { company: `${tag} One`, fair_id: fairId });
    const l2 = await create(north2.key, { company: `${tag} Two`, fair_id: fair2Id, contact_name: 'Gül Tan', status: 'İletişime geçildi' });
    const l3 = await create(south.key, { company: `${tag} Three`, fair_id: fairId, email: 'x@south.test' });
    const list = async (key: string, q: string) => ids((await as(key).get(`/api/v1/leads?q=${encodeURIComponent(tag)}${q}`).expect(200)).body.items);
    expect(await list(north1.key, '')).toEqual([l2.id, l1.id]);
    expect(await list(south.key, '')).toEqual([l3.id]);
    expect(await list(a.adminKey, '')).toEqual([l3.id, l2.id, l1.id]);
    expect(await list(a.adminKey, `&fair_id=${fairId}`)).toEqual([l3.id, l1.id]);
    expect(await list(a.adminKey, `&status=${encodeURIComponent('İletişime geçildi')}`)).toEqual([l2.id]);
    expect(await list(a.adminKey, `&owner_id=${north2.user.id}`)).toEqual([l2.id]);
    expect(ids((await as(a.adminKey).get('/api/v1/leads?q=g%C3%BCl%20tan').expect(200)).body.items)).toEqual([l2.id]);
    expect(ids((await as(a.adminKey).get('/api/v1/leads?q=x@south').expect(200)).body.items)).toEqual([l3.id]);
    const p1 = (await as(a.adminKey).get(`/api/v1/leads?q=${encodeURIComponent(tag)}&limit=2`).expect(200)).body;
    expect(ids(p1.items)).toEqual([l3.id, l2.id]);
    const p2 = (await as(a.adminKey).get(`/api/v1/leads?q=${encodeURIComponent(tag)}&limit=2&cursor=${p1.next_cursor}`).expect(200)).body;
    expect(ids(p2.items)).toEqual([l1.id]);
    expect(p2.next_cursor).toBeNull();
    expect((await as(a.adminKey).get('/api/v1/leads?fair_id=abc').expect(400)).body.field).toBe('fair_id');
    expect((await as(a.adminKey).get('/api/v1/leads?cursor=zzz').expect(400)).body.field).toBe('cursor');
    // sort=update for sync
    const sync = (await as(a.adminKey).get(`/api/v1/leads?sort=update&q=${encodeURIComponent(tag)}`).expect(200)).body;
    expect(ids(sync.items)).toEqual([l1.id, l2.id, l3.id]);
  });

  it("reads one lead; another user's or another workspace's lead is 404", async () => {
    const l = await create(north1.key, { fair_id: fairId });
    expect((await as(north1.key).get(`/api/v1/leads/${l.id}`).expect(200)).body).toMatchObject({ ok: true, lead: { id: l.id, fair: 'Plast Eurasia', can_edit: true } });
    expect((await as(north2.key).get(`/api/v1/leads/${l.id}`).expect(200)).body.lead.can_edit).toBe(false);
    expect((await as(south.key).get(`/api/v1/leads/${l.id}`).expect(404)).body.error).toBe('not_found');
    expect((await as(b.adminKey, b).get(`/api/v1/leads/${l.id}`).expect(404)).body.error).toBe('not_found');
    expect(ids((await as(b.adminKey, b).get('/api/v1/leads').expect(200)).body.items)).toEqual([]);
    await as(north1.key).get('/api/v1/leads/99999999').expect(404);
    await as(north1.key).get('/api/v1/leads/abc').expect(400);
  });
});

describe('PATCH /api/v1/leads/{id} (spec 4.3)', () => {
  it('changes only the fields sent; null clears', async () => {
    const l = await create(north1.key, { fair_id: fairId, ...FULL });
    const r = (await as(north1.key).patch(`/api/v1/leads/${l.id}`, { city: 'İzmir', next_date: null, potential_kg: null, note: null }).expect(200)).body;
    expect(r.ok).toBe(true);
    expect(r.lead).toMatchObject({ city: 'İzmir', next_date: null, potential_kg: null, note: '', contact_name: 'Deniz Aksoy', fair_id: fairId, interest: 'High', people: expect.any(Array) });
    expect(r.lead.people).toHaveLength(2);
    expect((await as(north1.key).patch(`/api/v1/leads/${l.id}`, {}).expect(200)).body.lead.city).toBe('İzmir');
  });

  it('with company rewrites every form field and clears the ones omitted (status and owner stay)', async () => {
    const l = await create(north1.key, { fair_id: fairId, status: 'Teklif verildi', ...FULL });
    const r = (await as(north1.key).patch(`/api/v1/leads/${l.id}`, { company: 'Renamed Co', city: 'Ankara', interest: 'Low' }).expect(200)).body.lead;
    expect(r).toMatchObject({
      company: 'Renamed Co',
      city: 'Ankara',
      interest: 'Low',
      contact_name: '',
      title: '',
      email: '',
      phone: '',
      wa: '',
      website: '',
      sector: '',
      supplier: '',
      fair: '',
      fair_id: null,
      line: '',
      next_action: '',
      next_date: null,
      note: '',
      project_note: '',
      products: '',
      products_text: '',
      timing: '',
      visitor_type: '',
      unit: '',
      potential_kg: null,
      opp_type: '',
      customer_id: null,
      people: [],
      status: 'Teklif verildi',
      owner: { id: north1.user.id },
    });
  });

  it('status must be one of lead_statuses: 400 and never stored', async () => {
    const l = await create(north1.key);
    const bad = await as(north1.key).patch(`/api/v1/leads/${l.id}`, { status: 'Gewonnen', city: 'Adana' }).expect(400);
    expect(bad.body).toMatchObject({ error: 'invalid', field: 'status' });
    expect(bad.body.message).toContain('Yeni');
    const still = (await as(north1.key).get(`/api/v1/leads/${l.id}`).expect(200)).body.lead;
    expect(still).toMatchObject({ status: 'Yeni', city: '' });
    const ok = (await as(north1.key).patch(`/api/v1/leads/${l.id}`, { status: 'Vazgeçildi' }).expect(200)).body.lead;
    expect(ok).toMatchObject({ status: 'Vazgeçildi', status_eff: 'Vazgeçildi' });
    for (const [body, field] of [
      [{ company: '' }, 'company'],
      [{ company: null }, 'company'],
      [{ status: null }, 'status'],
      [{ interest: 'Huge' }, 'interest'],
      [{ fair_id: 99999999 }, 'fair_id'],
      [{ people: [{ name: '' }] }, 'people.0.name'],
    ] as const) {
      expect((await as(north1.key).patch(`/api/v1/leads/${l.id}`, body).expect(400)).body.field).toBe(field);
    }
  });

  it('403 forbidden for a teammate who sees but may not edit; 404 for others and other workspaces; admins edit', async () => {
    const l = await create(north1.key);
    expect((await as(north2.key).patch(`/api/v1/leads/${l.id}`, { city: 'X' }).expect(403)).body.error).toBe('forbidden');
    expect((await as(south.key).patch(`/api/v1/leads/${l.id}`, { city: 'X' }).expect(404)).body.error).toBe('not_found');
    expect((await as(b.adminKey, b).patch(`/api/v1/leads/${l.id}`, { city: 'X' }).expect(404)).body.error).toBe('not_found');
    await as(north1.key).patch('/api/v1/leads/99999999', { city: 'X' }).expect(404);
    const given = (await as(a.adminKey).patch(`/api/v1/leads/${l.id}`, { owner_id: north2.user.id }).expect(200)).body.lead;
    expect(given.owner.id).toBe(north2.user.id);
    await as(north2.key).patch(`/api/v1/leads/${l.id}`, { city: 'Mine now' }).expect(200);
    const readOnly = await issueKey(t, a, 'oauth', north2.user.id, ['crm.read']);
    expect((await as(readOnly).patch(`/api/v1/leads/${l.id}`, { city: 'X' }).expect(403)).body.error).toBe('insufficient_scope');
  });

  it('a converted lead keeps its linked people', async () => {
    const l = await create(north1.key, { contact_name: 'Ali Veli' });
    await as(north1.key).post(`/api/v1/leads/${l.id}/convert`, { opp_mode: 'none', make_visit: false }).expect(200);
    expect((await as(north1.key).patch(`/api/v1/leads/${l.id}`, { people: [] }).expect(400)).body.field).toBe('people');
    const r = (await as(north1.key).patch(`/api/v1/leads/${l.id}`, { company: l.company, city: 'Konya' }).expect(200)).body.lead;
    expect(r.people).toEqual([]); // the primary contact's name was cleared by the rewrite
    expect(r.link_contact_id).toEqual(expect.any(Number));
  });
});

describe("Today's leads card (spec 4.2)", () => {
  it('shows my open leads, my team\'s, and recently opened ones, with counts', async () => {
    const me = await createUser(t, a, { department: 'Fair team' });
    const mate = await createUser(t, a, { department: 'Fair team' });
    const m1 = await create(me.key, { next_date: '2030-01-02' });
    const m2 = await create(me.key, { next_date: '2030-01-01' });
    const m3 = await create(me.key);
    await create(me.key, { status: 'Vazgeçildi' });
    const converted = await create(me.key);
    await as(me.key).post(`/api/v1/leads/${converted.id}/convert`, { opp_mode: 'none', make_visit: false }).expect(200);
    const t1 = await create(mate.key);
    await as(me.key).get(`/api/v1/leads/${t1.id}`).expect(200);
    const today = (await as(me.key).get('/api/v1/today').expect(200)).body.cards.leads;
    expect(ids(today.mine)).toEqual([m2.id, m1.id, m3.id]);
    expect(ids(today.team)).toEqual([t1.id]);
    expect(ids(today.recent)).toEqual([t1.id]);
    expect(today.n).toEqual({ mine: 3, team: 1, recent: 1 });
    expect(Object.keys(today.mine[0]).sort()).toEqual(LEAD_FIELDS);
    // without the module the card is empty
    const noModule = await createUser(t, a, { department: 'Fair team', modules: ['Customers'] });
    expect((await as(noModule.key).get('/api/v1/today').expect(200)).body.cards.leads).toEqual({ mine: [], team: [], recent: [], n: { mine: 0, recent: 0, team: 0 } });
  });
});

describe('demo:seed', () => {
  it('creates sample fairs with leads, some converted (one won), raising no events', async () => {
    const s = await createWorkspace(t, 'leads-seed');
    const res = await t.get(DemoSeedService).seed(s.ws);
    expect(res).toMatchObject({ fairs: 3, leads: 8 });
    const leads = (await as(s.adminKey, s).get('/api/v1/leads?limit=200').expect(200)).body.items;
    expect(leads).toHaveLength(8);
    const converted = leads.filter((l: { link_customer_id: number | null }) => l.link_customer_id !== null);
    expect(converted).toHaveLength(2);
    expect(converted.map((l: { status_eff: string }) => l.status_eff).sort()).toEqual(['Aktarıldı', 'Kazanıldı']);
    expect(converted.every((l: { link_customer: string; opp_id: number }) => l.link_customer && l.opp_id)).toBe(true);
    expect((await as(s.adminKey, s).get('/api/v1/fairs').expect(200)).body.items.map((f: { leads_n: number }) => f.leads_n).sort()).toEqual([0, 4, 4]);
    expect(await db(t).getRepository(OutboxEvent).count({ where: { workspaceId: s.ws.id } })).toBe(0);
    const flags = await db(t).query('SELECT bool_and(is_sample) AS s FROM leads WHERE workspace_id = $1', [s.ws.id]);
    expect(flags[0].s).toBe(true);
  });
});
