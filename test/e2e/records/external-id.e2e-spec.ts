import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { csvRecords, download } from '../../helpers/export-files';

/**
 * `external_id` on companies, people, opportunities and leads: set on create, changed and cleared on update,
 * returned, filtered on exactly, unique per workspace and kind (409 `conflict` naming the field, whoever owns
 * the other record), free across kinds and workspaces, and in the exports.
 */
let t: TestApp;
let a: Fixture;
let b: Fixture;
let north: { key: string };
let south: { key: string };
let companyId: number;
let southCompanyId: number;

const as = (key: string, f: Fixture = a) => api(t, f.host, key);

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  b = await createWorkspace(t);
  north = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
  companyId = (await as(north.key).post('/api/v1/companies', { name: 'Base Co' }).expect(201)).body.company.id;
  southCompanyId = (await as(south.key).post('/api/v1/companies', { name: 'South Base Co' }).expect(201)).body.company.id;
});
afterAll(() => t.close());

interface Kind {
  path: string;
  one: string;
  body: (i: number, company?: number) => Record<string, unknown>;
}
const KINDS: Kind[] = [
  { path: 'companies', one: 'company', body: (i) => ({ name: `Ext Company ${i}` }) },
  { path: 'people', one: 'person', body: (i) => ({ name: `Ext Person ${i}` }) },
  { path: 'opportunities', one: 'opp', body: (i, company = companyId) => ({ name: `Ext Opp ${i}`, customer_id: company }) },
  { path: 'leads', one: 'lead', body: (i) => ({ company: `Ext Lead ${i}` }) },
];

describe.each(KINDS)('external_id on $path', ({ path, one, body }) => {
  it('is set, returned, changed, cleared and filtered on', async () => {
    const created = (await as(north.key).post(`/api/v1/${path}`, { ...body(1), external_id: '  SF-001  ' }).expect(201)).body[one];
    expect(created.external_id).toBe('SF-001');
    const plain = (await as(north.key).post(`/api/v1/${path}`, body(2)).expect(201)).body[one];
    expect(plain.external_id).toBeNull();

    const listed = (await as(north.key).get(`/api/v1/${path}?external_id=SF-001`).expect(200)).body.items as { id: number; external_id: string }[];
    expect(listed.map((r) => [r.id, r.external_id])).toEqual([[created.id, 'SF-001']]);
    expect((await as(north.key).get(`/api/v1/${path}?external_id=nope`).expect(200)).body.items).toEqual([]);

    expect((await as(north.key).patch(`/api/v1/${path}/${created.id}`, { external_id: 'SF-002' }).expect(200)).body[one].external_id).toBe('SF-002');
    expect((await as(north.key).get(`/api/v1/${path}/${created.id}`).expect(200)).body[one].external_id).toBe('SF-002');
    expect((await as(north.key).patch(`/api/v1/${path}/${created.id}`, { external_id: '' }).expect(200)).body[one].external_id).toBeNull();
    await as(north.key).patch(`/api/v1/${path}/${created.id}`, { external_id: 'SF-003' }).expect(200);
    expect((await as(north.key).patch(`/api/v1/${path}/${created.id}`, { external_id: null }).expect(200)).body[one].external_id).toBeNull();
    // a patch of other fields leaves it
    await as(north.key).patch(`/api/v1/${path}/${created.id}`, { external_id: 'SF-004' }).expect(200);
    const other = path === 'leads' ? { company: 'Renamed Lead' } : { name: 'Renamed' };
    expect((await as(north.key).patch(`/api/v1/${path}/${created.id}`, other).expect(200)).body[one].external_id).toBe('SF-004');

    const rows = csvRecords((await download(as(north.key).get(`/api/v1/${path}/export?external_id=SF-004`))).bytes.toString('utf8'));
    expect(rows.map((r) => [Number(r.id), r.external_id])).toEqual([[created.id, 'SF-004']]);
  });

  it('is unique per workspace and kind, whoever owns the other record', async () => {
    const first = (await as(north.key).post(`/api/v1/${path}`, { ...body(3), external_id: 'DUP-1' }).expect(201)).body[one];
    const dup = await as(south.key).post(`/api/v1/${path}`, { ...body(4, southCompanyId), external_id: 'DUP-1' }).expect(409);
    expect(dup.body).toMatchObject({ ok: false, error: 'conflict', field: 'external_id' });
    expect(JSON.stringify(dup.body)).not.toContain(String(first.id));
    const second = (await as(south.key).post(`/api/v1/${path}`, { ...body(5, southCompanyId), external_id: 'DUP-2' }).expect(201)).body[one];
    expect((await as(south.key).patch(`/api/v1/${path}/${second.id}`, { external_id: 'DUP-1' }).expect(409)).body.error).toBe('conflict');
    // its own key again is no conflict; the same key in another workspace is free
    await as(north.key).patch(`/api/v1/${path}/${first.id}`, { external_id: 'DUP-1' }).expect(200);
    const otherWs = path === 'opportunities' ? { name: 'B opp', customer_id: (await as(b.adminKey, b).post('/api/v1/companies', { name: 'B Co' }).expect(201)).body.company.id } : body(6);
    await as(b.adminKey, b).post(`/api/v1/${path}`, { ...otherWs, external_id: 'DUP-1' }).expect(201);
  });

  it('refuses a key that is too long or not text', async () => {
    expect((await as(north.key).post(`/api/v1/${path}`, { ...body(7), external_id: 'x'.repeat(201) }).expect(400)).body).toMatchObject({ error: 'invalid', field: 'external_id' });
    expect((await as(north.key).post(`/api/v1/${path}`, { ...body(8), external_id: 42 }).expect(400)).body).toMatchObject({ error: 'invalid', field: 'external_id' });
    expect((await as(north.key).get(`/api/v1/${path}?external_id=${'x'.repeat(201)}`).expect(400)).body.error).toBe('invalid');
  });
});

describe('external_id across kinds', () => {
  it('may repeat across kinds: each kind has its own keys', async () => {
    await as(north.key).post('/api/v1/companies', { name: 'Shared Key Co', external_id: 'SHARED-1' }).expect(201);
    await as(north.key).post('/api/v1/people', { name: 'Shared Key Person', external_id: 'SHARED-1' }).expect(201);
    await as(north.key).post('/api/v1/leads', { company: 'Shared Key Lead', external_id: 'SHARED-1' }).expect(201);
  });
});
