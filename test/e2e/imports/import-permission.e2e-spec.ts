import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The `import` permission granted and withdrawn by admins over REST (the app's Settings → Users calls it: web-settings-users.e2e-spec.ts) (docs/decisions/import.md,
 * "Who may"): a user without it gets 403 on the import routes, with it the user imports, and the change is
 * audited with the admin who made it and seen on the user's next request (the auth cache is told).
 */
let t: TestApp;
let a: Fixture;
let other: Fixture;
let seller: { key: string; user: { id: number; username: string } };

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'importperm');
  other = await createWorkspace(t, 'importperm2');
  seller = await createUser(t, a, { modules: ['Customers'], fullName: 'Selin Satış' });
});
afterAll(() => t.close());

const admin = () => api(t, a.host, a.adminKey);
const upload = (key: string) => api(t, a.host, key).raw('post', '/api/v1/imports').attach('file', Buffer.from('name\nDeniz Kimya\n', 'utf8'), 'companies.csv');
const audit = (action: string) => db(t).query(`SELECT user_id, subject, detail FROM audit_log WHERE workspace_id = $1 AND action = $2 ORDER BY id`, [a.ws.id, action]);
const held = async (id: number) => ((await admin().get('/api/v1/permissions').expect(200)).body.items as { id: number; permissions: string[] }[]).find((u) => u.id === id)?.permissions;

describe('the import permission', () => {
  it('is granted and withdrawn by an admin over REST; the user imports with it and gets 403 without it', async () => {
    expect((await upload(seller.key).expect(403)).body.error).toBe('forbidden');
    await api(t, a.host, seller.key).get('/api/v1/imports').expect(403);
    expect(await held(seller.user.id)).toEqual([]);
    const list = (await admin().get('/api/v1/permissions').expect(200)).body;
    expect(list.permissions).toEqual(['import']);
    expect(list.items.find((u: { role: string }) => u.role === 'admin').permissions).toEqual(['import']);

    const granted = (await admin().put(`/api/v1/users/${seller.user.id}/permissions/import`).expect(200)).body;
    expect(granted).toEqual({ ok: true, user: { id: seller.user.id, username: seller.user.username, name: 'Selin Satış', role: 'sales', permissions: ['import'] } });
    // the next request of the user sees it (the cached credential was refreshed)
    const job = (await upload(seller.key).expect(201)).body.import;
    expect(job.created_by).toBe(seller.user.id);
    await api(t, a.host, seller.key).get(`/api/v1/imports/${job.id}`).expect(200);
    // granting again changes nothing
    expect((await admin().put(`/api/v1/users/${seller.user.id}/permissions/import`).expect(200)).body.user.permissions).toEqual(['import']);
    const [row] = await audit('permission_granted');
    expect(row).toMatchObject({ user_id: a.admin.id, subject: seller.user.username, detail: { user_id: seller.user.id, permission: 'import' } });

    expect((await admin().delete(`/api/v1/users/${seller.user.id}/permissions/import`).expect(200)).body.user.permissions).toEqual([]);
    expect((await upload(seller.key).expect(403)).body.error).toBe('forbidden');
    await api(t, a.host, seller.key).get(`/api/v1/imports/${job.id}`).expect(403);
    expect((await audit('permission_withdrawn'))[0]).toMatchObject({ user_id: a.admin.id, detail: { user_id: seller.user.id, permission: 'import' } });
    // the modules the user had are untouched
    expect((await db(t).query('SELECT modules FROM users WHERE id = $1', [seller.user.id]))[0].modules).toEqual(['Customers']);
  });

  it('is for admins only, knows only its permissions and stays in the workspace', async () => {
    expect((await api(t, a.host, seller.key).put(`/api/v1/users/${seller.user.id}/permissions/import`).expect(403)).body.error).toBe('forbidden');
    expect((await api(t, a.host, seller.key).get('/api/v1/permissions').expect(403)).body.error).toBe('forbidden');
    expect((await admin().put(`/api/v1/users/${seller.user.id}/permissions/export-everything`).expect(400)).body.error).toBe('invalid');
    expect((await api(t, other.host, other.adminKey).put(`/api/v1/users/${seller.user.id}/permissions/import`).expect(404)).body.error).toBe('not_found');
    expect(await held(seller.user.id)).toEqual([]);
    await upload(seller.key).expect(403);
  });
});
