import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let other: Fixture;
let sales: { key: string };

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'catalogue');
  other = await createWorkspace(t, 'catalogue2');
  sales = await createUser(t, a, { modules: [] });
});
afterAll(() => t.close());

const admin = () => api(t, a.host, a.adminKey);

describe('products', () => {
  it('lets an admin create, read and change a product; everyone reads; me.products lists active ones', async () => {
    const res = await admin().post('/api/v1/products', { code: 'PE-1', name: 'LDPE film', list_price: 1.45, currency: 'USD', unit: 't', ext_id: 'ERP-9' }).expect(201);
    expect(res.body).toEqual({ ok: true, product: { id: expect.any(Number), code: 'PE-1', name: 'LDPE film', list_price: 1.45, currency: 'USD', unit: 't', ext_id: 'ERP-9', active: true, updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) } });
    const id = res.body.product.id;
    const defaults = await admin().post('/api/v1/products', { code: 'PP-1', name: 'PP homopolymer' }).expect(201);
    expect(defaults.body.product).toMatchObject({ list_price: 0, currency: 'EUR', unit: 'kg', ext_id: '' });

    // a sales user without any module still reads the catalogue
    expect((await api(t, a.host, sales.key).get(`/api/v1/products/${id}`).expect(200)).body.product.code).toBe('PE-1');
    const list = await api(t, a.host, sales.key).get('/api/v1/products').expect(200);
    expect(list.body.items.map((p: { code: string }) => p.code)).toEqual(['PE-1', 'PP-1']);

    const changed = await admin().patch(`/api/v1/products/${id}`, { name: 'LDPE film grade', active: false }).expect(200);
    expect(changed.body.product).toMatchObject({ name: 'LDPE film grade', active: false });
    expect((await admin().get('/api/v1/products').expect(200)).body.items.map((p: { code: string }) => p.code)).toEqual(['PP-1']);
    expect((await admin().get('/api/v1/products?all=true').expect(200)).body.items).toHaveLength(2);
    expect((await admin().get('/api/v1/me').expect(200)).body.products).toEqual([{ code: 'PP-1', id: defaults.body.product.id, list_price: 0, name: 'PP homopolymer' }]);
  });

  it('refuses writes by sales users (403) and by read-only tokens (403 insufficient_scope)', async () => {
    expect((await api(t, a.host, sales.key).post('/api/v1/products', { code: 'X', name: 'X' }).expect(403)).body.error).toBe('forbidden');
    const p = (await admin().post('/api/v1/products', { code: 'MB-1', name: 'Masterbatch' }).expect(201)).body.product;
    expect((await api(t, a.host, sales.key).patch(`/api/v1/products/${p.id}`, { name: 'Y' }).expect(403)).body.error).toBe('forbidden');
    const readOnly = await issueKey(t, a, 'oauth', a.admin.id, ['crm.read']);
    expect((await api(t, a.host, readOnly).post('/api/v1/products', { code: 'Z', name: 'Z' }).expect(403)).body.error).toBe('insufficient_scope');
  });

  it('validates and names the field, and refuses a duplicate code with 409', async () => {
    expect((await admin().post('/api/v1/products', { name: 'no code' }).expect(400)).body.fields).toEqual(['code']);
    expect((await admin().post('/api/v1/products', { code: 'N', name: 'N', list_price: -1 }).expect(400)).body.fields).toEqual(['list_price']);
    expect((await admin().post('/api/v1/products', { code: 'N', name: 'N', currency: 'XYZ' }).expect(400)).body.field).toBe('currency');
    expect((await admin().post('/api/v1/products', { code: 'N', name: 'N', unit: 'bushel' }).expect(400)).body.field).toBe('unit');
    expect((await admin().post('/api/v1/products', { code: 'N', name: 'N', colour: 'red' }).expect(400)).body.message).toContain('colour');
    expect((await admin().get('/api/v1/products?all=maybe').expect(400)).body.fields).toEqual(['all']);
    await admin().post('/api/v1/products', { code: 'DUP', name: 'First' }).expect(201);
    const dup = await admin().post('/api/v1/products', { code: 'DUP', name: 'Second' }).expect(409);
    expect(dup.body).toMatchObject({ ok: false, error: 'conflict', field: 'code' });
    const other2 = (await admin().post('/api/v1/products', { code: 'OTHER', name: 'Other' }).expect(201)).body.product;
    expect((await admin().patch(`/api/v1/products/${other2.id}`, { code: 'DUP' }).expect(409)).body.error).toBe('conflict');
  });

  it('needs a credential, and keeps workspaces apart (404)', async () => {
    await api(t, a.host).get('/api/v1/products').expect(401);
    await api(t, a.host).post('/api/v1/products', { code: 'A', name: 'A' }).expect(401);
    const p = (await admin().post('/api/v1/products', { code: 'MINE', name: 'Mine' }).expect(201)).body.product;
    expect((await api(t, other.host, other.adminKey).get(`/api/v1/products/${p.id}`).expect(404)).body.error).toBe('not_found');
    await api(t, other.host, other.adminKey).patch(`/api/v1/products/${p.id}`, { name: 'Theirs' }).expect(404);
    expect((await api(t, other.host, other.adminKey).get('/api/v1/products').expect(200)).body.items).toEqual([]);
    await admin().get('/api/v1/products/999999').expect(404);
  });
});
