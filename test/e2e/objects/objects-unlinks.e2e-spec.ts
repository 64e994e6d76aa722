import { User } from '../../../src/domain/identity/user.entity';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

/** `unlinks` on PATCH /objects/{key}/records/{id}: removing one item of a relation (docs/decisions/objects-approvals-forms.md, "Links between records"). */
let t: TestApp;
let a: Fixture;
let north: { user: User; key: string };
let south: { user: User; key: string };
let company: { id: number };
let other: { id: number };
let southCompany: { id: number };
let p1: { id: number };
let p2: { id: number };

const as = (key: string) => api(t, a.host, key);
const admin = () => as(a.adminKey);
const items = (r: { relations: { key: string; items: { id: number }[] }[] }, key: string) => r.relations.find((x) => x.key === key)!.items.map((i) => i.id);

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'unlinka');
  north = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  south = await createUser(t, a, { department: 'South', fullName: 'Sam South' });
  company = (await as(north.key).post('/api/v1/companies', { name: 'Anadolu Ambalaj' }).expect(201)).body.company;
  other = (await as(north.key).post('/api/v1/companies', { name: 'Ege Plastik' }).expect(201)).body.company;
  southCompany = (await as(south.key).post('/api/v1/companies', { name: 'Toros Film' }).expect(201)).body.company;
  p1 = (await as(north.key).post('/api/v1/people', { name: 'Hakan Öztürk', customer_id: company.id }).expect(201)).body.person;
  p2 = (await as(north.key).post('/api/v1/people', { name: 'Ayşe Kaya', customer_id: company.id }).expect(201)).body.person;
  await admin()
    .post('/api/v1/objects', {
      key: 'sites',
      label: 'Sites',
      relations: [
        { key: 'customer', label: 'Customer', kind: 'company' },
        { key: 'contacts', label: 'Contacts', kind: 'person', many: true },
      ],
    })
    .expect(201);
});
afterAll(() => t.close());

const newSite = async (links: Record<string, unknown>) => (await as(north.key).post('/api/v1/objects/sites/records', { name: 'Plant', links }).expect(201)).body.record;

describe('unlinks', () => {
  it('removes one item of a many-relation and the one item of a one-relation; the company record no longer lists it', async () => {
    const r = await newSite({ customer: company.id, contacts: [p1.id, p2.id] });
    const before = r.updated_at;
    let p = (await as(north.key).patch(`/api/v1/objects/sites/records/${r.id}`, { unlinks: { contacts: p1.id } }).expect(200)).body.record;
    expect(items(p, 'contacts')).toEqual([p2.id]);
    expect(items(p, 'customer')).toEqual([company.id]);
    expect(p.updated_at >= before).toBe(true);
    p = (await as(north.key).post(`/api/v1/objects/sites/records/${r.id}`, { unlinks: { customer: [company.id] } }).expect(200)).body.record;
    expect(items(p, 'customer')).toEqual([]);
    expect(p.customer).toBeNull();
    const co = (await as(north.key).get(`/api/v1/companies/${company.id}`).expect(200)).body.company;
    expect(co.objects.flatMap((o: { items: { id: number }[] }) => o.items.map((i) => i.id))).not.toContain(r.id);
  });

  it('adds and removes in one request; an id not linked or an empty value changes nothing', async () => {
    const r = await newSite({ customer: company.id, contacts: [p1.id] });
    let p = (await as(north.key).patch(`/api/v1/objects/sites/records/${r.id}`, { links: { contacts: [p2.id], customer: other.id }, unlinks: { contacts: [p1.id] } }).expect(200)).body.record;
    expect(items(p, 'contacts')).toEqual([p2.id]);
    expect(items(p, 'customer')).toEqual([other.id]);
    p = (await as(north.key).patch(`/api/v1/objects/sites/records/${r.id}`, { unlinks: { contacts: [p1.id], customer: [] } }).expect(200)).body.record;
    expect(items(p, 'contacts')).toEqual([p2.id]);
    expect(items(p, 'customer')).toEqual([other.id]);
  });

  it('refuses an unknown relation, a bad id, an invisible or missing target, and the same id in links: 400 naming unlinks.<key>, nothing stored', async () => {
    const r = await newSite({ customer: company.id, contacts: [p1.id] });
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await as(north.key).patch(`/api/v1/objects/sites/records/${r.id}`, body).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid' });
      expect(res.body.fields).toContain(field);
    };
    await bad({ unlinks: { nothing: 1 } }, 'unlinks.nothing');
    await bad({ unlinks: { contacts: ['x'] } }, 'unlinks.contacts');
    await bad({ unlinks: { customer: southCompany.id } }, 'unlinks.customer');
    await bad({ unlinks: { contacts: 999999 } }, 'unlinks.contacts');
    await bad({ links: { contacts: [p2.id] }, unlinks: { contacts: [p2.id] } }, 'unlinks.contacts');
    // with a problem elsewhere nothing is removed either
    await bad({ unlinks: { contacts: [p1.id], nothing: 1 } }, 'unlinks.nothing');
    await bad({ unlinks: 'contacts' }, 'unlinks');
    const p = (await as(north.key).get(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body.record;
    expect(items(p, 'contacts')).toEqual([p1.id]);
    expect(items(p, 'customer')).toEqual([company.id]);
  });

  it('needs edit rights (403 for a user who may not edit, 404 for one who may not see)', async () => {
    const r = await newSite({ contacts: [p1.id] });
    await as(south.key).patch(`/api/v1/objects/sites/records/${r.id}`, { unlinks: { contacts: [p1.id] } }).expect(404);
    const mate = await createUser(t, a, { department: 'North', fullName: 'Nils North' });
    await as(mate.key).patch(`/api/v1/objects/sites/records/${r.id}`, { unlinks: { contacts: [p1.id] } }).expect(403);
    expect(items((await as(north.key).get(`/api/v1/objects/sites/records/${r.id}`).expect(200)).body.record, 'contacts')).toEqual([p1.id]);
  });
});
