import request from 'supertest';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { authorizeUrl, Browser, consent, formFields, pkce, register, signIn, token } from '../../helpers/oauth-flow';

let t: TestApp;
let a: Fixture;
let b: Fixture;
const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1:4567/callback';

beforeAll(async () => {
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
  b = await createWorkspace(t);
});
afterAll(async () => {
  await t.close();
});

/** A browser signed in to the settings through the settings sign-in form. */
async function settingsBrowser(f: Fixture, email: string, password: string): Promise<Browser> {
  const br = new Browser(t, f.host);
  const first = await br.get('/settings');
  expect(first.status).toBe(302);
  expect(first.headers.location).toBe('/settings/signin?return_to=%2Fsettings');
  const page = await br.get(first.headers.location as string);
  expect(page.status).toBe(200);
  const r = await br.post('/settings/signin', { ...formFields(page.text), username: email, password });
  expect(r.status).toBe(303);
  expect(r.headers.location).toBe('/settings');
  return br;
}

async function salesUser(f: Fixture) {
  const email = `s${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  const u = await createUser(t, f, { email, password: PASSWORD });
  return { ...u, email };
}

const adminBrowser = (f: Fixture) => settingsBrowser(f, f.admin.email, 'Admin-Password-123');

/** The hidden inputs of the form whose action is `action`. */
function formOf(html: string, action: string): Record<string, string> {
  const i = html.indexOf(`action="${action}"`);
  if (i < 0) throw new Error(`no form ${action} in ${html.slice(0, 500)}`);
  const end = html.indexOf('</form>', i);
  return formFields(html.slice(i, end));
}

/** A change: 303 to `to` (POST-redirect-GET), then the page it leads to. */
async function submit(br: Browser, path: string, form: Record<string, string>, to: string) {
  const r = await br.post(path, form);
  expect({ status: r.status, location: r.headers.location }).toEqual({ status: 303, location: to });
  return br.get(to);
}

describe('settings pages (server-rendered)', () => {
  it('redirects to sign-in when not signed in, refuses a wrong password, and never redirects off-site', async () => {
    const br = new Browser(t, a.host);
    for (const p of ['/settings']) {
      const r = await br.get(p);
      expect(r.status).toBe(302);
      expect(r.headers.location).toBe(`/settings/signin?return_to=${encodeURIComponent(p)}`);
    }
    const page = await br.get('/settings/signin?return_to=https%3A%2F%2Fevil.example%2F');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(formFields(page.text).return_to).toBe('/settings/connections');
    const bad = await br.post('/settings/signin', { ...formFields(page.text), username: a.admin.email, password: 'wrong-wrong' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Invalid username or password');
    const forged = await br.post('/settings/signin', { ...formFields(page.text), csrf: 'forged', username: a.admin.email, password: 'Admin-Password-123' });
    expect(forged.status).toBe(400);
    expect(forged.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringContaining('crm_session')]));
    // a POST without session is refused
    expect((await br.post('/settings/signout', { csrf: 'x' })).status).toBe(403);
  });

  it('consent escapes the app name; the grant is listed for the Connections screen and its revoke stops the access token', async () => {
    const u = await salesUser(a);
    const reg = await register(t, a.host, { client_name: '<script>alert(1)</script> App', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201);
    const clientId = reg.body.client_id as string;
    const oauthBrowser = new Browser(t, a.host);
    const { verifier, challenge } = pkce();
    const url = authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, scope: 'crm.read crm.write', code_challenge: challenge });
    expect((await signIn(oauthBrowser, url, u.email, PASSWORD)).status).toBe(303);
    const consentPage = await oauthBrowser.get(url);
    expect(consentPage.text).not.toContain('<script>');
    expect(consentPage.text).toContain('<strong>&lt;script&gt;alert(1)&lt;/script&gt; App</strong>');
    const back = await consent(oauthBrowser, url);
    const tok = await token(t, a.host, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier }).expect(200);
    const access = tok.body.access_token as string;
    await api(t, a.host, access).get('/api/v1/me').expect(200);

    // the settings sign-in's session opens the app's Connections screen at the old address; the screen's calls revoke
    const br = await settingsBrowser(a, u.email, PASSWORD);
    const page = await br.get('/settings/connections');
    expect(page.text).toMatch(/<div id="root">|The web app is not built/);
    const session = { session: br.cookies.get('crm_session')!, csrf: br.cookies.get('crm_csrf')! };
    const asUser = (method: 'get' | 'post', path: string) =>
      request(t.app.getHttpServer())[method](path).set('Host', a.host).set('Cookie', `crm_session=${session.session}; crm_csrf=${session.csrf}`).set('X-CSRF-Token', session.csrf);
    const grant = (await asUser('get', '/api/v1/connections').expect(200)).body.items.find((c: { kind: string }) => c.kind === 'app');
    expect(grant).toMatchObject({ name: '<script>alert(1)</script> App', scopes: ['crm.read', 'crm.write'] });
    // another user cannot remove it
    const other = await salesUser(a);
    await api(t, a.host, other.key).post(`/api/v1/connections/app/${grant.id}/revoke`).expect(404);
    await api(t, a.host, access).get('/api/v1/me').expect(200);
    await asUser('post', `/api/v1/connections/app/${grant.id}/revoke`).expect(201);
    await api(t, a.host, access).get('/api/v1/me').expect(401);
  });

  it('workspace isolation: a session of A is not signed in on B', async () => {
    const br = await adminBrowser(a);
    expect((await br.get('/settings')).status).toBe(200);
    const cookie = (br as unknown as { cookies: Map<string, string> }).cookies;
    const onB = new Browser(t, b.host);
    (onB as unknown as { cookies: Map<string, string> }).cookies = new Map(cookie);
    const r = await onB.get('/settings');
    expect(r.status).toBe(302);
    expect(String(r.headers.location)).toMatch(/^\/settings\/signin/);
    expect((await onB.post('/settings/signout', { csrf: 'whatever' })).status).toBe(403);
    // sign-out revokes the session
    const page = await br.get('/settings');
    const out = await submit(br, '/settings/signout', formOf(page.text, '/settings/signout'), '/settings/signedout');
    expect(out.status).toBe(200);
    expect(out.text).toContain('Signed out');
    expect((await br.get('/settings')).status).toBe(302);
  });
});
