import { ObjectRecord } from '../../../src/domain/crm/objects/object-record.entity';
import { DemoSeedService } from '../../../src/domain/demo/demo-seed.service';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { User } from '../../../src/domain/identity/user.entity';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';
import { captureQueries, requestQueryCount } from '../../helpers/query-log';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let north1: { user: User; key: string };
let north2: { user: User; key: string };
let south: { user: User; key: string };
let company: { id: number; name: string };
let southCompany: { id: number; name: string };
let person: { id: number; name: string };
let opp: { id: number; name: string };

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const RECORD_KEYS = ['active', 'customer', 'editable', 'field_list', 'fields', 'id', 'name', 'owner', 'owner_id', 'relations', 'sub', 'updated_at', 'url'];

const as = (key: string, f: Fixture = a) => api(t, f.host, key);
const admin = () => as(a.adminKey);

const SITE_FIELDS = [
  { key: 'size', label: 'Size', type: 'select', options: ['Small', 'Medium', 'Large'], required: true, display: true },
  { key: 'lines', label: 'Lines', type: 'multiselect', options: ['Film', 'Rigid', 'Pipe'] },
  { key: 'city', label: 'City', type: 'text', display: true },
  { key: 'capacity', label: 'Capacity (t)', type: 'number' },
  { key: 'opened', label: 'Opened', type: 'date' },
  { key: 'certified', label: 'ISO certified', type: 'checkbox' },
  { key: 'manager', label: 'Site manager', type: 'person' },
  { key: 'budget', label: 'Budget', type: 'money' },
];
const SITE_RELATIONS = [
  { key: 'customer', label: 'Customer', kind: 'company' },
  { key: 'contacts', label: 'Contacts', kind: 'person', many: true },
  { key: 'deals', label: 'Deals', kind: 'opportunity', many: true },
];

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'objecta');
  b = await createWorkspace(t, 'objectb');
  north1 = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  north2 = await createUser(t, a, { department: 'North', fullName: 'Nils North' });
  south = await createUser(t, a, { department: 'South', fullName: 'Sam South' });
  company = (await as(north1.key).post('/api/v1/companies', { name: 'Anadolu Ambalaj' }).expect(201)).body.company;
  southCompany = (await as(south.key).post('/api/v1/companies', { name: 'Toros Film' }).expect(201)).body.company;
  person = (await as(north1.key).post('/api/v1/people', { name: 'Hakan Öztürk', customer_id: company.id }).expect(201)).body.person;
  opp = (await as(north1.key).post('/api/v1/opportunities', { name: 'LDPE 2027', customer_id: company.id }).expect(201)).body.opp;
  await admin().post('/api/v1/objects', { key: 'sites', label: 'Sites', fields: SITE_FIELDS, relations: SITE_RELATIONS }).expect(201);
  await admin()
    .post('/api/v1/objects', { key: 'machines', label: 'Machines', fields: [{ key: 'serial', label: 'Serial', type: 'text', display: true }], relations: [{ key: 'site', label: 'Site', kind: 'object', object: 'sites' }] })
    .expect(201);
});
afterAll(() => t.close());

const newSite = async (key: string, body: Record<string, unknown> = {}) =>
  (await as(key).post('/api/v1/objects/sites/records', { name: `Site ${Math.random().toString(36).slice(2, 7)}`, fields: { size: 'Small' }, ...body }).expect(201)).body.record;

describe('object definitions', () => {
  it('lists the definitions with fields and relations (every user with the module)', async () => {
    const res = await as(north1.key).get('/api/v1/objects').expect(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.objects.map((o: { key: string }) => o.key)).toEqual(['sites', 'machines']);
    const sites = res.body.objects[0];
    expect(Object.keys(sites).sort()).toEqual(['fields', 'key', 'label', 'relations']);
    expect(sites.fields[0]).toEqual({ key: 'size', label: 'Size', type: 'select', options: ['Small', 'Medium', 'Large'], required: true, display: true });
    expect(sites.fields[2]).toEqual({ key: 'city', label: 'City', type: 'text', options: [], required: false, display: true });
    expect(sites.relations).toEqual([
      { key: 'customer', label: 'Customer', kind: 'company', object: '', many: false },
      { key: 'contacts', label: 'Contacts', kind: 'person', object: '', many: true },
      { key: 'deals', label: 'Deals', kind: 'opportunity', object: '', many: true },
    ]);
    expect((await as(north1.key).get('/api/v1/objects/machines').expect(200)).body.object.relations[0]).toMatchObject({ kind: 'object', object: 'sites' });
    expect((await as(north1.key).get('/api/v1/objects/nope').expect(404)).body.error).toBe('not_found');
  });

  it('is admin-only to create and change (403 forbidden)', async () => {
    expect((await as(north1.key).post('/api/v1/objects', { key: 'x', label: 'X' }).expect(403)).body.error).toBe('forbidden');
    expect((await as(north1.key).patch('/api/v1/objects/sites', { label: 'Y' }).expect(403)).body.error).toBe('forbidden');
  });

  it('validates keys, types and options (400 naming the field) and refuses a duplicate key (409)', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await admin().post('/api/v1/objects', body).expect(400);
      expect(r.body).toMatchObject({ ok: false, error: 'invalid', field });
    };
    await bad({ key: 'Bad Key', label: 'X' }, 'key');
    await bad({ key: 'ok', label: '' }, 'label');
    await bad({ key: 'ok', label: 'X', fields: [{ key: 'a', label: 'A', type: 'colour' }] }, 'fields.0.type');
    await bad({ key: 'ok', label: 'X', fields: [{ key: '1a', label: 'A', type: 'text' }] }, 'fields.0.key');
    await bad({ key: 'ok', label: 'X', fields: [{ key: 'a', label: 'A', type: 'select' }] }, 'fields.0.options');
    await bad({ key: 'ok', label: 'X', fields: [{ key: 'a', label: 'A', type: 'select', options: ['x', 'x'] }] }, 'fields.0.options');
    await bad({ key: 'ok', label: 'X', fields: [{ key: 'a', label: 'A', type: 'text', options: ['x'] }] }, 'fields.0.options');
    await bad({ key: 'ok', label: 'X', fields: [{ key: 'a', label: 'A', type: 'text' }, { key: 'a', label: 'B', type: 'number' }] }, 'fields.1.key');
    await bad({ key: 'ok', label: 'X', fields: [{ key: 'a', label: 'A', type: 'checkbox', required: true }] }, 'fields.0.required');
    await bad({ key: 'ok', label: 'X', relations: [{ key: 'r', label: 'R', kind: 'invoice' }] }, 'relations.0.kind');
    await bad({ key: 'ok', label: 'X', relations: [{ key: 'r', label: 'R', kind: 'object', object: 'nothing' }] }, 'relations.0.object');
    await bad({ key: 'ok', label: 'X', relations: [{ key: 'r', label: 'R', kind: 'company', object: 'sites' }] }, 'relations.0.object');
    expect((await admin().post('/api/v1/objects', { key: 'ok', label: 'X', colour: 1 }).expect(400)).body.message).toContain('colour');
    expect((await admin().patch('/api/v1/objects/sites', { key: 'other' }).expect(400)).body.error).toBe('invalid');
    const dup = await admin().post('/api/v1/objects', { key: 'sites', label: 'Again' }).expect(409);
    expect(dup.body).toMatchObject({ ok: false, error: 'conflict', field: 'key' });
    await admin().patch('/api/v1/objects/nope', { label: 'Y' }).expect(404);
    // a relation may point at its own object
    const self = await admin().post('/api/v1/objects', { key: 'areas', label: 'Areas', relations: [{ key: 'parent', label: 'Parent', kind: 'object', object: 'areas' }] }).expect(201);
    expect(self.body.object.relations[0]).toMatchObject({ object: 'areas', many: false });
  });

  it('changes a definition: removed and retyped fields lose their values, narrowed options drop values, removed relations their links', async () => {
    await admin().post('/api/v1/objects', { key: 'plans', label: 'Plans', fields: [
      { key: 'kind', label: 'Kind', type: 'select', options: ['A', 'B', 'C'] },
      { key: 'tags', label: 'Tags', type: 'multiselect', options: ['x', 'y', 'z'] },
      { key: 'note', label: 'Note', type: 'text' },
      { key: 'qty', label: 'Qty', type: 'number' },
    ], relations: [{ key: 'customer', label: 'Customer', kind: 'company' }, { key: 'deals', label: 'Deals', kind: 'opportunity', many: true }] }).expect(201);
    const p1 = (await admin().post('/api/v1/objects/plans/records', { name: 'P1', fields: { kind: 'A', tags: ['x', 'y'], note: 'n', qty: 3 }, links: { customer: company.id, deals: [opp.id] } }).expect(201)).body.record;
    const p2 = (await admin().post('/api/v1/objects/plans/records', { name: 'P2', fields: { kind: 'C', tags: ['z'] } }).expect(201)).body.record;
    const changed = await admin().patch('/api/v1/objects/plans', {
      label: 'Plans v2',
      fields: [
        { key: 'kind', label: 'Kind', type: 'select', options: ['A', 'B'] },
        { key: 'tags', label: 'Tags', type: 'multiselect', options: ['y', 'z'] },
        { key: 'qty', label: 'Qty', type: 'text' },
      ],
      relations: [{ key: 'deals', label: 'Deals', kind: 'opportunity', many: true }],
    }).expect(200);
    expect(changed.body.object).toMatchObject({ key: 'plans', label: 'Plans v2' });
    const r1 = (await admin().get(`/api/v1/objects/plans/records/${p1.id}`).expect(200)).body.record;
    expect(r1.fields).toEqual({ kind: 'A', tags: ['y'], qty: null });
    expect(r1.relations.map((r: { key: string }) => r.key)).toEqual(['deals']);
    expect(r1.relations[0].items).toEqual([{ id: opp.id, name: opp.name }]);
    expect(r1.customer).toBeNull();
    const r2 = (await admin().get(`/api/v1/objects/plans/records/${p2.id}`).expect(200)).body.record;
    expect(r2.fields).toEqual({ kind: null, tags: ['z'], qty: null });
    const raw = await db(t).getRepository(ObjectRecord).findOneByOrFail({ workspaceId: a.ws.id, id: p1.id });
    expect(raw.data).toEqual({ kind: 'A', tags: ['y'] });
    // re-adding the removed relation starts empty
    await admin().patch('/api/v1/objects/plans', { relations: [{ key: 'customer', label: 'Customer', kind: 'company' }, { key: 'deals', label: 'Deals', kind: 'opportunity', many: false }] }).expect(200);
    const r1b = (await admin().get(`/api/v1/objects/plans/records/${p1.id}`).expect(200)).body.record;
    expect(r1b.relations.find((r: { key: string }) => r.key === 'customer').items).toEqual([]);
    expect(r1b.relations.find((r: { key: string }) => r.key === 'deals')).toMatchObject({ many: false, items: [{ id: opp.id, name: opp.name }] });
  });
});

describe('object records', () => {
  it('creates a record with typed values and links, in the full 2.10 shape', async () => {
    const res = await as(north1.key)
      .post('/api/v1/objects/sites/records', {
        name: '  Bursa plant ',
        fields: { size: 'Large', lines: ['Pipe', 'Film'], city: 'Bursa', capacity: 1200.5, opened: '2019-05-01', certified: true, manager: north2.user.id, budget: { amount: 2500.5, currency: 'usd' } },
        links: { customer: company.id, contacts: [person.id], deals: opp.id },
      })
      .expect(201);
    expect(res.body.ok).toBe(true);
    const r = res.body.record;
    expect(Object.keys(r).sort()).toEqual(RECORD_KEYS);
    expect(r).toMatchObject({ name: 'Bursa plant', active: true, owner: 'Nora North', owner_id: north1.user.id, editable: true, sub: 'Large · Bursa', url: `/objects/sites/${r.id}`, customer: { id: company.id, name: company.name } });
    expect(r.updated_at).toMatch(TS);
    expect(r.fields).toEqual({ size: 'Large', lines: ['Film', 'Pipe'], city: 'Bursa', capacity: 1200.5, opened: '2019-05-01', certified: true, manager: north2.user.id, budget: { amount: 2500.5, currency: 'USD' } });
    expect(r.field_list[0]).toEqual({ key: 'size', label: 'Size', type: 'select', display: true, options: ['Small', 'Medium', 'Large'], required: true, value: 'Large' });
    expect(r.field_list).toHaveLength(SITE_FIELDS.length);
    expect(r.relations).toEqual([
      { key: 'customer', kind: 'company', object: '', label: 'Customer', target_label: 'Companies', side: 'out', many: false, items: [{ id: company.id, name: company.name }] },
      { key: 'contacts', kind: 'person', object: '', label: 'Contacts', target_label: 'People', side: 'out', many: true, items: [{ id: person.id, name: person.name }] },
      { key: 'deals', kind: 'opportunity', object: '', label: 'Deals', target_label: 'Opportunities', side: 'out', many: true, items: [{ id: opp.id, name: opp.name }] },
      { key: 'machines.site', kind: 'object', object: 'machines', label: 'Machines: Site', target_label: 'Machines', side: 'in', many: true, items: [] },
    ]);
    expect((await as(north1.key).get(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body).toEqual({ ok: true, record: r });
  });

  it('shows empty values per type and defaults', async () => {
    const r = await newSite(north1.key);
    expect(r.fields).toEqual({ size: 'Small', lines: [], city: null, capacity: null, opened: null, certified: false, manager: null, budget: null });
    expect(r.customer).toBeNull();
    expect(r.sub).toBe('Small');
    const money = await newSite(north1.key, { fields: { size: 'Small', budget: 100 } });
    expect(money.fields.budget).toEqual({ amount: 100, currency: a.ws.app.currency_base });
  });

  it('enforces required fields, option values and types with 400 invalid naming the field', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await as(north1.key).post('/api/v1/objects/sites/records', { name: 'X', ...body }).expect(400);
      expect(r.body).toMatchObject({ ok: false, error: 'invalid', field });
    };
    await bad({}, 'fields.size');
    await bad({ fields: { size: '' } }, 'fields.size');
    await bad({ fields: { size: 'Huge' } }, 'fields.size');
    await bad({ fields: { size: 'Small', lines: ['Film', 'Glass'] } }, 'fields.lines');
    await bad({ fields: { size: 'Small', lines: 'Film' } }, 'fields.lines');
    await bad({ fields: { size: 'Small', capacity: '12' } }, 'fields.capacity');
    await bad({ fields: { size: 'Small', opened: '2026-02-30' } }, 'fields.opened');
    await bad({ fields: { size: 'Small', certified: 'yes' } }, 'fields.certified');
    await bad({ fields: { size: 'Small', manager: 999999 } }, 'fields.manager');
    await bad({ fields: { size: 'Small', budget: { amount: 1, currency: 'XYZ' } } }, 'fields.budget');
    await bad({ fields: { size: 'Small', budget: 1.234 } }, 'fields.budget');
    await bad({ fields: { size: 'Small', colour: 'red' } }, 'fields.colour');
    await bad({ fields: { size: 'Small' }, links: { customer: 999999 } }, 'links.customer');
    await bad({ fields: { size: 'Small' }, links: { customer: [company.id, southCompany.id] } }, 'links.customer');
    await bad({ fields: { size: 'Small' }, links: { deals: ['x'] } }, 'links.deals');
    await bad({ fields: { size: 'Small' }, links: { nothing: 1 } }, 'links.nothing');
    await bad({ name: '', fields: { size: 'Small' } }, 'name');
    await bad({ fields: { size: 'Small' }, owner_id: 'x' }, 'owner_id');
    // every problem is named at once
    const many = await as(north1.key).post('/api/v1/objects/sites/records', { name: 'X', fields: { size: 'Huge', capacity: 'no' } }).expect(400);
    expect(many.body.fields).toEqual(['fields.size', 'fields.capacity']);
  });

  it('PATCH changes only what is sent; an empty value clears; POST to the same path does the same', async () => {
    const r = await newSite(north1.key, { fields: { size: 'Medium', city: 'İzmir', capacity: 10, lines: ['Film'], certified: true } });
    const before = await db(t).getRepository(ObjectRecord).findOneByOrFail({ workspaceId: a.ws.id, id: r.id });
    const p = (await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { fields: { capacity: 20 } }).expect(200)).body.record;
    expect(p.fields).toMatchObject({ size: 'Medium', city: 'İzmir', capacity: 20, lines: ['Film'], certified: true });
    expect(p.name).toBe(r.name);
    const after = await db(t).getRepository(ObjectRecord).findOneByOrFail({ workspaceId: a.ws.id, id: r.id });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());

    const cleared = (await as(north1.key).post(`/api/v1/objects/sites/records/${r.id}`, { fields: { city: '', capacity: null, lines: [], certified: null } }).expect(200)).body.record;
    expect(cleared.fields).toMatchObject({ size: 'Medium', city: null, capacity: null, lines: [], certified: false });
    const raw = await db(t).getRepository(ObjectRecord).findOneByOrFail({ workspaceId: a.ws.id, id: r.id });
    expect(raw.data).toEqual({ size: 'Medium' });

    // a required field cannot be cleared; nothing of a refused PATCH is stored
    const refused = await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { name: 'Renamed', fields: { size: null } }).expect(400);
    expect(refused.body.field).toBe('fields.size');
    expect((await as(north1.key).get(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body.record.name).toBe(r.name);

    const renamed = (await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { name: 'Renamed' }).expect(200)).body.record;
    expect(renamed).toMatchObject({ name: 'Renamed', fields: { size: 'Medium' } });
    expect((await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { name: null }).expect(400)).body.field).toBe('name');
    expect((await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { fields: null }).expect(400)).body.field).toBe('fields');
    // an empty PATCH changes nothing
    expect((await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, {}).expect(200)).body.record).toMatchObject({ name: 'Renamed' });
  });

  it('links add relations; a one-relation is replaced; an empty value clears a relation', async () => {
    const second = (await as(north1.key).post('/api/v1/people', { name: 'Zeynep Arslan', customer_id: company.id }).expect(201)).body.person;
    const other = (await as(north1.key).post('/api/v1/companies', { name: 'Ege Plastik' }).expect(201)).body.company;
    const r = await newSite(north1.key, { links: { contacts: [person.id], customer: company.id } });
    const rel = (rec: { relations: { key: string; items: { id: number }[] }[] }, key: string) => rec.relations.find((x) => x.key === key)!.items.map((i) => i.id);
    let p = (await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { links: { contacts: second.id } }).expect(200)).body.record;
    expect(rel(p, 'contacts')).toEqual([person.id, second.id]);
    // adding an existing link again changes nothing
    p = (await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { links: { contacts: [person.id] } }).expect(200)).body.record;
    expect(rel(p, 'contacts')).toEqual([person.id, second.id]);
    p = (await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { links: { customer: other.id } }).expect(200)).body.record;
    expect(rel(p, 'customer')).toEqual([other.id]);
    expect(p.customer).toEqual({ id: other.id, name: other.name });
    p = (await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { links: { contacts: [], customer: null } }).expect(200)).body.record;
    expect(rel(p, 'contacts')).toEqual([]);
    expect(p.customer).toBeNull();
  });

  it('links objects to objects, shown on both sides (side in)', async () => {
    const site = await newSite(north1.key, { name: 'Gebze site' });
    const m = (await as(north1.key).post('/api/v1/objects/machines/records', { name: 'Extruder 1', fields: { serial: 'EX-1' }, links: { site: site.id } }).expect(201)).body.record;
    expect(m.relations).toEqual([{ key: 'site', kind: 'object', object: 'sites', label: 'Site', target_label: 'Sites', side: 'out', many: false, items: [{ id: site.id, name: 'Gebze site' }] }]);
    const back = (await as(north1.key).get(`/api/v1/objects/sites/records/${site.id}`).expect(200)).body.record;
    expect(back.relations.find((x: { side: string }) => x.side === 'in')).toEqual({ key: 'machines.site', kind: 'object', object: 'machines', label: 'Machines: Site', target_label: 'Machines', side: 'in', many: true, items: [{ id: m.id, name: 'Extruder 1' }] });
    // a machine id is not a site: refused
    expect((await as(north1.key).post('/api/v1/objects/machines/records', { name: 'X', links: { site: m.id } }).expect(400)).body.field).toBe('links.site');
    // a self-relation cannot link a record to itself
    const area = (await admin().post('/api/v1/objects/areas/records', { name: 'North' }).expect(201)).body.record;
    expect((await admin().patch(`/api/v1/objects/areas/records/${area.id}`, { links: { parent: area.id } }).expect(400)).body.field).toBe('links.parent');
  });

  it('archives with active:false (and DELETE) and restores with active:true', async () => {
    const r = await newSite(north1.key, { name: 'Archive me' });
    const archived = (await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { active: false }).expect(200)).body.record;
    expect(archived.active).toBe(false);
    const activeIds = (await as(north1.key).get('/api/v1/objects/sites/records?limit=200').expect(200)).body.items.map((x: { id: number }) => x.id);
    expect(activeIds).not.toContain(r.id);
    const archivedIds = (await as(north1.key).get('/api/v1/objects/sites/records?active=false').expect(200)).body.items.map((x: { id: number }) => x.id);
    expect(archivedIds).toContain(r.id);
    expect((await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { active: true }).expect(200)).body.record.active).toBe(true);
    expect((await as(north1.key).delete(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body).toEqual({ ok: true });
    expect((await as(north1.key).get(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body.record.active).toBe(false);
  });

  it('owner_id: only admins give a record away or leave it without owner; empty means none', async () => {
    const r = await newSite(north1.key);
    expect((await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { owner_id: north2.user.id }).expect(403)).body.error).toBe('forbidden');
    expect((await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { owner_id: '' }).expect(403)).body.error).toBe('forbidden');
    const given = (await admin().patch(`/api/v1/objects/sites/records/${r.id}`, { owner_id: north2.user.id }).expect(200)).body.record;
    expect(given).toMatchObject({ owner_id: north2.user.id, owner: 'Nils North' });
    const none = (await admin().patch(`/api/v1/objects/sites/records/${r.id}`, { owner_id: '' }).expect(200)).body.record;
    expect(none).toMatchObject({ owner_id: null, owner: '', editable: true });
    const none2 = (await admin().post('/api/v1/objects/sites/records', { name: 'Shared', owner_id: null, fields: { size: 'Small' } }).expect(201)).body.record;
    expect(none2.owner_id).toBeNull();
    // a record without owner: everyone sees it, only admins edit it
    const seen = (await as(south.key).get(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body.record;
    expect(seen.editable).toBe(false);
    expect((await as(south.key).patch(`/api/v1/objects/sites/records/${r.id}`, { name: 'Mine now' }).expect(403)).body.error).toBe('forbidden');
    expect((await admin().patch(`/api/v1/objects/sites/records/${r.id}`, { owner_id: 999999 }).expect(400)).body.field).toBe('owner_id');
  });

  it("two users' visibility: team sees, may not edit (403); another team's record is 404; its targets cannot be linked", async () => {
    const r = await newSite(north1.key, { name: 'North only', links: { customer: company.id } });
    const teammate = (await as(north2.key).get(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body.record;
    expect(teammate.editable).toBe(false);
    expect((await as(north2.key).patch(`/api/v1/objects/sites/records/${r.id}`, { name: 'X' }).expect(403)).body.error).toBe('forbidden');
    expect((await as(north2.key).post(`/api/v1/objects/sites/records/${r.id}`, { name: 'X' }).expect(403)).body.error).toBe('forbidden');
    expect((await as(north2.key).delete(`/api/v1/objects/sites/records/${r.id}`).expect(403)).body.error).toBe('forbidden');
    expect((await as(south.key).get(`/api/v1/objects/sites/records/${r.id}`).expect(404)).body.error).toBe('not_found');
    expect((await as(south.key).patch(`/api/v1/objects/sites/records/${r.id}`, { name: 'X' }).expect(404)).body.error).toBe('not_found');
    const southIds = (await as(south.key).get('/api/v1/objects/sites/records?limit=200').expect(200)).body.items.map((x: { id: number }) => x.id);
    expect(southIds).not.toContain(r.id);
    // south's company is invisible to north1: not linkable
    expect((await as(north1.key).patch(`/api/v1/objects/sites/records/${r.id}`, { links: { customer: southCompany.id } }).expect(400)).body.field).toBe('links.customer');
    // an admin links it; north1 then does not see that item (nor its name)
    await admin().patch(`/api/v1/objects/sites/records/${r.id}`, { links: { contacts: [person.id] } }).expect(200);
    const southSite = await newSite(south.key, { links: { customer: southCompany.id } });
    await admin().post('/api/v1/objects/machines/records', { name: 'South machine', owner_id: south.user.id, links: { site: r.id } }).expect(201);
    const viewed = (await as(north1.key).get(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body.record;
    expect(viewed.relations.find((x: { side: string }) => x.side === 'in').items).toEqual([]);
    expect(JSON.stringify(viewed)).not.toContain('South machine');
    expect((await as(north1.key).get(`/api/v1/objects/sites/records/${southSite.id}`).expect(404)).body.error).toBe('not_found');
  });

  it('lists with keyset paging, q, active and owner filters, without a query per record', async () => {
    await admin().post('/api/v1/objects', { key: 'tanks', label: 'Tanks', fields: [{ key: 'vol', label: 'Volume', type: 'number', display: true }, { key: 'who', label: 'Who', type: 'person' }], relations: [{ key: 'customer', label: 'Customer', kind: 'company' }, { key: 'site', label: 'Site', kind: 'object', object: 'sites' }] }).expect(201);
    const site = await newSite(north1.key);
    for (let i = 0; i < 7; i++) {
      await as(i % 2 ? north2.key : north1.key).post('/api/v1/objects/tanks/records', { name: `Tank ${i} ${i % 3 ? 'steel' : 'plastic'}`, fields: { vol: i * 10, who: north2.user.id }, links: { customer: company.id, site: site.id } }).expect(201);
    }
    const page1 = await as(north1.key).get('/api/v1/objects/tanks/records?limit=4').expect(200);
    expect(page1.body.items.map((x: { name: string }) => x.name.split(' ')[1])).toEqual(['6', '5', '4', '3']);
    expect(page1.body.next_cursor).toEqual(expect.any(String));
    const page2 = await as(north1.key).get(`/api/v1/objects/tanks/records?limit=4&cursor=${page1.body.next_cursor}`).expect(200);
    expect(page2.body.items.map((x: { name: string }) => x.name.split(' ')[1])).toEqual(['2', '1', '0']);
    expect(page2.body.next_cursor).toBeNull();
    expect((await as(north1.key).get('/api/v1/objects/tanks/records?q=plast').expect(200)).body.items).toHaveLength(3);
    expect((await as(north1.key).get(`/api/v1/objects/tanks/records?owner_id=${north2.user.id}`).expect(200)).body.items).toHaveLength(3);
    expect((await as(north1.key).get('/api/v1/objects/tanks/records?active=maybe').expect(400)).body.field).toBe('active');
    expect((await as(north1.key).get('/api/v1/objects/tanks/records?cursor=xyz').expect(400)).body.field).toBe('cursor');
    expect((await as(north1.key).get('/api/v1/objects/nope/records').expect(404)).body.error).toBe('not_found');
    const first = page1.body.items[0];
    expect(first).toMatchObject({ sub: '60', customer: { id: company.id, name: company.name } });
    expect(first.fields.who).toBe(north2.user.id);
    const sync = await as(north1.key).get('/api/v1/objects/tanks/records?sort=update&updated_since=2000-01-01').expect(200);
    expect(sync.body.items).toHaveLength(7);

    expect((await as(north1.key).get('/api/v1/objects/tanks/records?limit=7').expect(200)).body.items).toHaveLength(7);
    // beyond the auth context (which reloads by timing on the embedded database), the same statements
    const one = await requestQueryCount(() => as(north1.key).get('/api/v1/objects/tanks/records?limit=1').expect(200));
    const seven = await requestQueryCount(() => as(north1.key).get('/api/v1/objects/tanks/records?limit=7').expect(200));
    expect(seven).toBe(one);
    expect(seven).toBeGreaterThan(0);
    expect(seven).toBeLessThanOrEqual(8);
  });

  it('answers 404 for an unknown key or id, and a record of another object under this key', async () => {
    const r = await newSite(north1.key);
    await admin().get('/api/v1/objects/sites/records/999999').expect(404);
    await admin().patch('/api/v1/objects/sites/records/999999', { name: 'X' }).expect(404);
    await admin().get(`/api/v1/objects/nope/records/${r.id}`).expect(404);
    await admin().post('/api/v1/objects/nope/records', { name: 'X' }).expect(404);
    expect((await admin().get(`/api/v1/objects/machines/records/${r.id}`).expect(404)).body.error).toBe('not_found');
    expect((await admin().get('/api/v1/objects/sites/records/abc').expect(400)).body.field).toBe('id');
  });

  it('keeps workspaces apart (404), and B cannot link A records', async () => {
    const r = await newSite(north1.key);
    const asB = as(b.adminKey, b);
    await asB.get('/api/v1/objects/sites').expect(404);
    expect((await asB.get('/api/v1/objects').expect(200)).body.objects).toEqual([]);
    await asB.post('/api/v1/objects', { key: 'sites', label: 'B sites', fields: [{ key: 'size', label: 'Size', type: 'text' }], relations: [{ key: 'customer', label: 'Customer', kind: 'company' }] }).expect(201);
    expect((await asB.get(`/api/v1/objects/sites/records/${r.id}`).expect(404)).body.error).toBe('not_found');
    await asB.patch(`/api/v1/objects/sites/records/${r.id}`, { name: 'Stolen' }).expect(404);
    await asB.post(`/api/v1/objects/sites/records/${r.id}`, { name: 'Stolen' }).expect(404);
    await asB.delete(`/api/v1/objects/sites/records/${r.id}`).expect(404);
    expect((await asB.get('/api/v1/objects/sites/records').expect(200)).body.items).toEqual([]);
    expect((await asB.post('/api/v1/objects/sites/records', { name: 'B', links: { customer: company.id } }).expect(400)).body.field).toBe('links.customer');
    expect((await admin().get(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body.record.name).toBe(r.name);
  });

  it('needs a credential, crm.write for writes, and the Customers module', async () => {
    const r = await newSite(north1.key);
    await api(t, a.host).get('/api/v1/objects').expect(401);
    await api(t, a.host).get('/api/v1/objects/sites/records').expect(401);
    const readOnly = await issueKey(t, a, 'oauth', north1.user.id, ['crm.read']);
    expect((await as(readOnly).get(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body.record.id).toBe(r.id);
    for (const req of [
      as(readOnly).post('/api/v1/objects/sites/records', { name: 'X', fields: { size: 'Small' } }),
      as(readOnly).patch(`/api/v1/objects/sites/records/${r.id}`, { name: 'X' }),
      as(readOnly).post(`/api/v1/objects/sites/records/${r.id}`, { name: 'X' }),
      as(readOnly).delete(`/api/v1/objects/sites/records/${r.id}`),
      as(await issueKey(t, a, 'oauth', a.admin.id, ['crm.read'])).post('/api/v1/objects', { key: 'x', label: 'X' }),
    ]) {
      expect((await req.expect(403)).body.error).toBe('insufficient_scope');
    }
    const noModule = await createUser(t, a, { department: 'North', modules: ['Opportunities'] });
    for (const req of [
      as(noModule.key).get('/api/v1/objects'),
      as(noModule.key).get('/api/v1/objects/sites/records'),
      as(noModule.key).get(`/api/v1/objects/sites/records/${r.id}`),
      as(noModule.key).patch(`/api/v1/objects/sites/records/${r.id}`, { name: 'X' }),
    ]) {
      expect((await req.expect(403)).body.error).toBe('module');
    }
  });
});

describe('the records linking to a company, person or opportunity (objects on their records)', () => {
  it('lists the visible linking records by object and relation on the company, person and opportunity records, archived ones marked', async () => {
    const co = (await as(north1.key).post('/api/v1/companies', { name: `Linked Co ${Date.now()}` }).expect(201)).body.company;
    expect(co.objects).toEqual([]);
    const pe = (await as(north1.key).post('/api/v1/people', { name: 'Linked Person', customer_id: co.id }).expect(201)).body.person;
    expect(pe.objects).toEqual([]);
    const op = (await as(north1.key).post('/api/v1/opportunities', { name: 'Linked Deal', customer_id: co.id }).expect(201)).body.opp;
    const s1 = await newSite(north1.key, { name: 'Plant Gebze', links: { customer: co.id, contacts: [pe.id], deals: [op.id] } });
    const s2 = await newSite(north2.key, { name: 'Plant Izmir', links: { customer: co.id } });
    const archived = await newSite(north1.key, { name: 'Old Plant', links: { customer: co.id } });
    await as(north1.key).delete(`/api/v1/objects/sites/records/${archived.id}`).expect(200);
    // a record of another team (South) linking to the same company: not visible to North
    const hidden = await newSite(a.adminKey, { name: 'South Plant', owner_id: south.user.id, links: { customer: co.id } });
    const machine = (await as(north1.key).post('/api/v1/objects/machines/records', { name: 'Extruder 7', fields: { serial: 'X7' }, links: { site: s1.id } }).expect(201)).body.record;

    const company = (await as(north1.key).get(`/api/v1/companies/${co.id}`).expect(200)).body.company;
    expect(company.objects).toEqual([
      {
        key: 'sites',
        label: 'Sites',
        relation: 'customer',
        relation_label: 'Customer',
        items: [
          { id: s2.id, name: 'Plant Izmir', active: true },
          { id: s1.id, name: 'Plant Gebze', active: true },
          { id: archived.id, name: 'Old Plant', active: false },
        ],
      },
    ]);
    expect(JSON.stringify(company.objects)).not.toContain(String(machine.name));
    // an admin sees every record
    const all = (await admin().get(`/api/v1/companies/${co.id}`).expect(200)).body.company.objects[0].items.map((i: { id: number }) => i.id);
    expect(all).toContain(hidden.id);

    const personRecord = (await as(north1.key).get(`/api/v1/people/${pe.id}`).expect(200)).body.person;
    expect(personRecord.objects).toEqual([{ key: 'sites', label: 'Sites', relation: 'contacts', relation_label: 'Contacts', items: [{ id: s1.id, name: 'Plant Gebze', active: true }] }]);
    const oppRecord = (await as(north1.key).get(`/api/v1/opportunities/${op.id}`).expect(200)).body.opp;
    expect(oppRecord.objects).toEqual([{ key: 'sites', label: 'Sites', relation: 'deals', relation_label: 'Deals', items: [{ id: s1.id, name: 'Plant Gebze', active: true }] }]);
    // an update answers the same record, objects included
    const patched = (await as(north1.key).patch(`/api/v1/companies/${co.id}`, { city: 'Gebze' }).expect(200)).body.company;
    expect(patched.objects).toEqual(company.objects);

    // without the module of custom objects (Customers) the opportunity record lists none
    const noModule = await createUser(t, a, { department: 'North', modules: ['Opportunities'] });
    expect((await as(noModule.key).get(`/api/v1/opportunities/${op.id}`).expect(200)).body.opp.objects).toEqual([]);
    // another workspace never sees them (its own ids do not reach these links)
    const other = (await as(b.adminKey, b).post('/api/v1/companies', { name: 'B Co' }).expect(201)).body.company;
    expect((await as(b.adminKey, b).get(`/api/v1/companies/${other.id}`).expect(200)).body.company.objects).toEqual([]);
  });

  it('reads the links with one statement, however many records link', async () => {
    const co = (await as(north1.key).post('/api/v1/companies', { name: `Counted Co ${Date.now()}` }).expect(201)).body.company;
    const count = async () => {
      const { queries } = await captureQueries(() => as(north1.key).get(`/api/v1/companies/${co.id}`).expect(200));
      return queries.filter((q) => /object_links|object_records/.test(q.text)).length;
    };
    await newSite(north1.key, { links: { customer: co.id } });
    const one = await count();
    for (let i = 0; i < 5; i++) await newSite(north1.key, { links: { customer: co.id } });
    expect(await count()).toBe(one);
    expect(one).toBe(1);
  });
});

describe('demo:seed', () => {
  it('creates one custom object type with typed records linked to sample companies, people and opportunities; no events; idempotent', async () => {
    const f = await createWorkspace(t, 'objectdemo');
    const first = await t.get(DemoSeedService).seed(f.ws);
    expect(first).toMatchObject({ objects: 1, object_records: 4 });
    expect(await t.get(DemoSeedService).seed(f.ws)).toMatchObject({ objects: 0, object_records: 0 });
    const asF = as(f.adminKey, f);
    const defs = (await asF.get('/api/v1/objects').expect(200)).body.objects;
    expect(defs.map((d: { key: string }) => d.key)).toEqual(['production_lines']);
    for (const fd of defs[0].fields) expect(Object.keys(fd).sort()).toEqual(['display', 'key', 'label', 'options', 'required', 'type']);
    const items = (await asF.get('/api/v1/objects/production_lines/records').expect(200)).body.items;
    expect(items).toHaveLength(4);
    for (const r of items) {
      expect(r.customer).toEqual({ id: expect.any(Number), name: expect.any(String) });
      expect(r.relations.find((x: { key: string }) => x.key === 'contacts').items.length).toBeGreaterThan(0);
      expect(r.fields.line_type).toEqual(expect.any(String));
      expect(r.sub).toContain(r.fields.line_type);
    }
    expect(items.some((r: { relations: { key: string; items: unknown[] }[] }) => r.relations.find((x) => x.key === 'deals')!.items.length > 0)).toBe(true);
    // the sample records are valid for the PATCH rules too
    await asF.patch(`/api/v1/objects/production_lines/records/${items[0].id}`, { fields: { capacity_t: 200 } }).expect(200);
    const flags = await db(t).query('SELECT bool_and(is_sample) AS s FROM object_records WHERE workspace_id = $1', [f.ws.id]);
    expect(flags[0].s).toBe(true);
    expect(await db(t).getRepository(OutboxEvent).count({ where: { workspaceId: f.ws.id } })).toBe(0);
  });
});
