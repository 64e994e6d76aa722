import request from 'supertest';
import { UsersService } from '../../../src/domain/identity/users.service';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/** Managing inbound hooks: /api/v1/hooks, admins only, first party only; the secret shown once. */
let t: TestApp;
let a: Fixture;
let other: Fixture;
let sales: { user: { id: number }; key: string };
const admin = () => api(t, a.host, a.adminKey);
const LEAD = { name: 'Website', target: 'lead', mapping: [{ field: 'company', path: 'data.company' }] };
const deliver = (key: string, body: object, auth: string, host = a.host) =>
  request(t.app.getHttpServer()).post(`/hooks/${key}`).set('Host', host).set('Authorization', `Bearer ${auth}`).send(body);

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  other = await createWorkspace(t);
  sales = await createUser(t, a, { fullName: 'Selin Sales' });
});
afterAll(() => t.close());

describe('inbound hooks: management', () => {
  it('creates a hook and shows its secret once; lists, reads and changes it without the secret', async () => {
    const r = await admin().post('/api/v1/hooks', { ...LEAD, owner_id: sales.user.id, idempotency_path: 'data.id', per_minute: 30 }).expect(201);
    const hook = r.body.hook;
    expect(r.body.secret).toMatch(/^hk_[A-Za-z0-9_-]{43}$/);
    expect(hook).toMatchObject({ name: 'Website', target: 'lead', auth_mode: 'bearer', owner: { id: sales.user.id }, active: true, per_minute: 30, received: 0, replayed: 0, last_received_at: null, idempotency_path: 'data.id' });
    expect(hook.secret_hint).toBe(r.body.secret.slice(0, 9));
    expect(hook.public_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hook.url).toMatch(new RegExp(`^https?://${a.ws.slug}\\.[^/]+/hooks/${hook.public_key}$`));
    expect(hook.mapping).toEqual([{ field: 'company', path: 'data.company' }]);
    const list = await admin().get('/api/v1/hooks').expect(200);
    expect(list.body.items.map((h: { id: number }) => h.id)).toEqual([hook.id]);
    expect(JSON.stringify(list.body)).not.toContain(r.body.secret);
    const one = await admin().get(`/api/v1/hooks/${hook.id}`).expect(200);
    expect(JSON.stringify(one.body)).not.toContain(r.body.secret);

    const ch = await admin()
      .patch(`/api/v1/hooks/${hook.id}`, { name: 'Website 2', target: 'company', mapping: [{ field: 'name', path: 'org' }, { field: 'source', value: 'Website' }], active: false, per_minute: 5, owner_id: a.admin.id })
      .expect(200);
    expect(ch.body.hook).toMatchObject({ name: 'Website 2', target: 'company', active: false, per_minute: 5, owner: { id: a.admin.id }, public_key: hook.public_key, mapping: [{ field: 'name', path: 'org' }, { field: 'source', value: 'Website' }] });
    // a new target re-checks the mapping it keeps
    expect((await admin().patch(`/api/v1/hooks/${hook.id}`, { target: 'task' }).expect(400)).body.field).toBe('mapping[0].field');
  });

  it('rotates the secret (the old one stops at once), switches the mode with it, and deletes', async () => {
    const made = (await admin().post('/api/v1/hooks', LEAD).expect(201)).body;
    await deliver(made.hook.public_key, { data: { company: 'Before Rotate' } }, made.secret).expect(201);
    const rot = await admin().post(`/api/v1/hooks/${made.hook.id}/rotate`, {}).expect(201);
    expect(rot.body.secret).toMatch(/^hk_/);
    expect(rot.body.secret).not.toBe(made.secret);
    await deliver(made.hook.public_key, { data: { company: 'Old Secret' } }, made.secret).expect(401);
    await deliver(made.hook.public_key, { data: { company: 'New Secret' } }, rot.body.secret).expect(201);
    const sig = await admin().post(`/api/v1/hooks/${made.hook.id}/rotate`, { auth_mode: 'signature' }).expect(201);
    expect(sig.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(sig.body.hook.auth_mode).toBe('signature');
    await deliver(made.hook.public_key, { data: { company: 'Bearer After Switch' } }, rot.body.secret).expect(401);
    expect((await admin().patch(`/api/v1/hooks/${made.hook.id}`, { auth_mode: 'bearer' }).expect(400)).body.message).toContain('auth_mode');
    await admin().delete(`/api/v1/hooks/${made.hook.id}`).expect(200);
    await admin().get(`/api/v1/hooks/${made.hook.id}`).expect(404);
    await deliver(made.hook.public_key, { data: { company: 'Deleted' } }, rot.body.secret).expect(404);
  });

  it("answers a replay with the receipt's record kind after the target changed; an unreadable signing key is 401", async () => {
    const made = (await admin().post('/api/v1/hooks', LEAD).expect(201)).body;
    const first = await deliver(made.hook.public_key, { data: { company: 'Kind Co' } }, made.secret).set('webhook-id', 'k-1').expect(201);
    await admin().patch(`/api/v1/hooks/${made.hook.id}`, { target: 'company', mapping: [{ field: 'name', path: 'data.company' }] }).expect(200);
    const again = await deliver(made.hook.public_key, { data: { company: 'Kind Co' } }, made.secret).set('webhook-id', 'k-1').expect(200);
    expect(again.body).toEqual({ ok: true, kind: 'lead', id: first.body.id, replayed: true });

    const sig = (await admin().post('/api/v1/hooks', { ...LEAD, auth_mode: 'signature' }).expect(201)).body.hook;
    await db(t).query(`UPDATE inbound_hooks SET secret_sealed = 'v1.garbage.x.y' WHERE workspace_id = $1 AND id = $2`, [a.ws.id, sig.id]);
    const r = await request(t.app.getHttpServer()).post(`/hooks/${sig.public_key}`).set('Host', a.host)
      .set({ 'webhook-id': 'm', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' }).send({ data: { company: 'X' } });
    expect([r.status, r.body.error]).toEqual([401, 'unauthorized']);
    expect(r.body.message).toContain('rotate');
  });

  it('refuses bad definitions with 400 naming the part', async () => {
    const bad = async (body: object) => (await admin().post('/api/v1/hooks', body).expect(400)).body.field as string;
    expect(await bad({ ...LEAD, name: '' })).toBe('name');
    expect(await bad({ ...LEAD, target: 'opportunity' })).toBe('target');
    expect(await bad({ ...LEAD, auth_mode: 'basic' })).toBe('auth_mode');
    expect(await bad({ ...LEAD, mapping: [] })).toBe('mapping');
    expect(await bad({ ...LEAD, mapping: [{ field: 'company', path: 'a..b' }] })).toBe('mapping[0].path');
    expect(await bad({ ...LEAD, mapping: [{ field: 'company', path: 'c' }, { field: 'colour', path: 'x' }] })).toBe('mapping[1].field');
    expect(await bad({ ...LEAD, mapping: [{ field: 'company', path: 'c' }, { field: 'company', path: 'd' }] })).toBe('mapping[1].field');
    expect(await bad({ ...LEAD, mapping: [{ field: 'company' }] })).toBe('mapping[0]');
    expect(await bad({ ...LEAD, mapping: [{ field: 'company', path: 'c', value: 'x' }] })).toBe('mapping[0]');
    expect(await bad({ ...LEAD, mapping: [{ field: 'company', value: { x: 1 } }] })).toBe('mapping[0].value');
    expect(await bad({ ...LEAD, mapping: [{ field: 'email', path: 'e' }] })).toBe('mapping');
    expect(await bad({ ...LEAD, idempotency_path: 'a[x]' })).toBe('idempotency_path');
    expect(await bad({ ...LEAD, per_minute: 0 })).toBe('per_minute');
    expect(await bad({ ...LEAD, per_minute: 601 })).toBe('per_minute');
    expect(await bad({ ...LEAD, owner_id: 999999 })).toBe('owner_id');
    expect(await bad({ ...LEAD, secret: 'mine' })).toBe('secret');
  });

  it('is for admins (403 forbidden), first party only (an OAuth token: 403 insufficient_scope), and needs a credential (401)', async () => {
    const hook = (await admin().post('/api/v1/hooks', LEAD).expect(201)).body.hook;
    const s = api(t, a.host, sales.key);
    expect((await s.get('/api/v1/hooks').expect(403)).body.error).toBe('forbidden');
    expect((await s.post('/api/v1/hooks', LEAD).expect(403)).body.error).toBe('forbidden');
    expect((await s.patch(`/api/v1/hooks/${hook.id}`, { name: 'x' }).expect(403)).body.error).toBe('forbidden');
    expect((await s.post(`/api/v1/hooks/${hook.id}/rotate`, {}).expect(403)).body.error).toBe('forbidden');
    expect((await s.delete(`/api/v1/hooks/${hook.id}`).expect(403)).body.error).toBe('forbidden');
    const oauth = await issueKey(t, a, 'oauth', a.admin.id, ['crm.read', 'crm.write']);
    const o = api(t, a.host, oauth);
    expect((await o.get('/api/v1/hooks').expect(403)).body.error).toBe('insufficient_scope');
    expect((await o.post('/api/v1/hooks', LEAD).expect(403)).body.error).toBe('insufficient_scope');
    expect((await o.post(`/api/v1/hooks/${hook.id}/rotate`, {}).expect(403)).body.error).toBe('insufficient_scope');
    expect((await o.delete(`/api/v1/hooks/${hook.id}`).expect(403)).body.error).toBe('insufficient_scope');
    await api(t, a.host).get('/api/v1/hooks').expect(401);
    await api(t, a.host).post('/api/v1/hooks', LEAD).expect(401);
  });

  it("keeps workspaces apart: another workspace's hook is 404 to every admin route", async () => {
    const theirs = (await api(t, other.host, other.adminKey).post('/api/v1/hooks', LEAD).expect(201)).body.hook;
    expect((await admin().get(`/api/v1/hooks/${theirs.id}`).expect(404)).body.error).toBe('not_found');
    await admin().patch(`/api/v1/hooks/${theirs.id}`, { name: 'mine' }).expect(404);
    await admin().post(`/api/v1/hooks/${theirs.id}/rotate`, {}).expect(404);
    await admin().delete(`/api/v1/hooks/${theirs.id}`).expect(404);
    expect((await admin().get('/api/v1/hooks').expect(200)).body.items.map((h: { id: number }) => h.id)).not.toContain(theirs.id);
    expect((await api(t, other.host, other.adminKey).get(`/api/v1/hooks/${theirs.id}`).expect(200)).body.hook.name).toBe('Website');
  });

  it("creates records as the owner; a deactivated owner's go to the first active admin; an owner without the module gets 403 module", async () => {
    const noLeads = await createUser(t, a, { modules: ['Customers'] });
    const made = (await admin().post('/api/v1/hooks', { ...LEAD, owner_id: noLeads.user.id }).expect(201)).body;
    expect((await deliver(made.hook.public_key, { data: { company: 'No Module Co' } }, made.secret).expect(403)).body.error).toBe('module');
    const gone = await createUser(t, a);
    const g = (await admin().post('/api/v1/hooks', { ...LEAD, owner_id: gone.user.id }).expect(201)).body;
    await t.get(UsersService).deactivate(a.ws.id, gone.user.id);
    const r = await deliver(g.hook.public_key, { data: { company: 'Orphan Co' } }, g.secret).expect(201);
    expect((await admin().get(`/api/v1/leads/${r.body.id}`).expect(200)).body.lead.owner.id).toBe(a.admin.id);
  });
});
