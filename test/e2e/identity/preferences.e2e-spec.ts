import { api, createUser, createWorkspace, issueKey, startApp, type Fixture, type TestApp } from '../../helpers/test-app';

/** The caller's language (PATCH /api/v1/me) and the workspace's time zone in GET /api/v1/me. */
let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await startApp();
  f = await createWorkspace(t);
});
afterAll(() => t?.close());

it("reports the workspace's language and time zone until the user chooses a language", async () => {
  const { key } = await createUser(t, f);
  const me = (await api(t, f.host, key).get('/api/v1/me').expect(200)).body;
  expect(me.locale).toBe('en');
  expect(me.timezone).toBe(f.ws.timezone);

  expect((await api(t, f.host, key).patch('/api/v1/me', { locale: 'tr' }).expect(200)).body).toEqual({ ok: true, locale: 'tr' });
  expect((await api(t, f.host, key).get('/api/v1/me').expect(200)).body.locale).toBe('tr');
  // another user keeps the workspace's language
  expect((await api(t, f.host, f.adminKey).get('/api/v1/me').expect(200)).body.locale).toBe('en');

  expect((await api(t, f.host, key).patch('/api/v1/me', { locale: null }).expect(200)).body.locale).toBe('en');
  expect((await api(t, f.host, key).get('/api/v1/me').expect(200)).body.locale).toBe('en');
});

it('refuses an unknown language and a missing body field with 400 invalid', async () => {
  const r = await api(t, f.host, f.adminKey).patch('/api/v1/me', { locale: 'de' }).expect(400);
  expect(r.body).toMatchObject({ ok: false, error: 'invalid' });
  await api(t, f.host, f.adminKey).patch('/api/v1/me', {}).expect(400);
});

it('needs a credential with crm.write', async () => {
  await api(t, f.host).patch('/api/v1/me', { locale: 'tr' }).expect(401);
  const readOnly = await issueKey(t, f, 'oauth', f.admin.id, ['crm.read']);
  const r = await api(t, f.host, readOnly).patch('/api/v1/me', { locale: 'tr' }).expect(403);
  expect(r.body.error).toBe('insufficient_scope');
});
