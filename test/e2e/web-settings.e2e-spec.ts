import request from 'supertest';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../helpers/test-app';
import { WebhookWorker } from '../../src/domain/integrations/webhook-worker';
import { authorizeUrl, Browser, consent, formFields, pkce, register, signIn, token } from '../helpers/oauth-flow';

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
    for (const p of ['/settings', '/settings/apps']) {
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
    expect((await br.post('/settings/apps', { csrf: 'x' })).status).toBe(403);
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

  it('Apps is admin-only: 403 page for a sales user', async () => {
    const u = await salesUser(a);
    const br = await settingsBrowser(a, u.email, PASSWORD);
    for (const p of ['/settings/apps', '/settings/apps/1/deliveries']) {
      const r = await br.get(p);
      expect(r.status).toBe(403);
      expect(r.text).toContain('Only admins');
    }
  });

  it('Apps: create (escaped hostile URL, key once), test, rotate (new key once), delivery log; CSRF enforced', async () => {
    const br = await adminBrowser(a);
    const page = await br.get('/settings/apps');
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="events" value="opp_won"');
    const create = formOf(page.text, '/settings/apps');
    expect((await br.post('/settings/apps', { url: 'http://127.0.0.1:9/h', events: 'opp_won' })).status).toBe(403);
    expect((await br.post('/settings/apps', { csrf: 'forged', url: 'http://127.0.0.1:9/h', events: 'opp_won' })).status).toBe(403);

    const invalid = await br.post('/settings/apps', { ...create, url: 'http://127.0.0.1:9/h' });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('select at least one event');

    const hostile = `http://127.0.0.1:9/h?q='onmouseover='x&a="><b>bold</b>`;
    const made = await submit(br, '/settings/apps', { ...create, url: hostile, events: ['opp_won', 'opp_created'] } as unknown as Record<string, string>, '/settings/apps');
    expect(made.status).toBe(200);
    expect(made.text).not.toContain('<b>bold</b>');
    expect(made.text).not.toContain(`'onmouseover='`);
    expect(made.text).toMatch(/<td class="wrap" id="conn-\d+">http:\/\/127\.0\.0\.1:9\/h\?q=[^<]*&amp;a=/); // stored URL rendered escaped
    const key = made.text.match(/<code class="key">([^<]+)<\/code>/)![1]!;
    expect(key.length).toBeGreaterThan(20);
    expect(made.text).toContain('opp_won, opp_created');

    const again = await br.get('/settings/apps');
    expect(again.text).not.toContain(key);
    expect(again.text).not.toContain('class="key"');
    const id = again.text.match(/\/settings\/apps\/(\d+)\/rotate/)![1]!;

    const tested = await submit(br, `/settings/apps/${id}/test`, formOf(again.text, `/settings/apps/${id}/test`), '/settings/apps');
    expect(tested.status).toBe(200);
    expect(tested.text).toContain('Test delivery queued');
    const log = await br.get(`/settings/apps/${id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.text).toContain('Delivery log');
    expect(log.text).not.toContain('No deliveries yet.');
    const resendAction = log.text.match(/action="(\/settings\/apps\/\d+\/deliveries\/\d+\/resend)"/)![1]!;
    expect((await br.post(resendAction, { csrf: 'forged' })).status).toBe(403);
    const resent = await submit(br, resendAction, formOf(log.text, resendAction), `/settings/apps/${id}/deliveries`);
    expect(resent.status).toBe(200);
    expect(resent.text).toContain('Sent again');

    const rotated = await submit(br, `/settings/apps/${id}/rotate`, { ...formOf(again.text, `/settings/apps/${id}/rotate`), confirm: 'yes' }, '/settings/apps');
    expect(rotated.status).toBe(200);
    const key2 = rotated.text.match(/<code class="key">([^<]+)<\/code>/)![1]!;
    expect(key2).not.toBe(key);
    expect((await br.get('/settings/apps')).text).not.toContain(key2);
    expect((await br.post(`/settings/apps/${id}/rotate`, { csrf: 'forged' })).status).toBe(403);
    expect((await br.get('/settings/apps/99999999/deliveries')).status).toBe(404);
  });

  it('Apps: creates and edits a record-creation connection (Asana): its settings, a token never shown again, a bad setting re-shown with its message', async () => {
    const f = await createWorkspace(t);
    const br = await adminBrowser(f);
    const page = await br.get('/settings/apps');
    expect(page.text).toContain('<option value="asana">Asana (task)</option>');
    expect(page.text).toContain('name="asana.project_gid"');
    const create = formOf(page.text, '/settings/apps');
    const TOKEN = '2/1200000000000001/1209999999999999:webformtoken0123456789';
    const bad = await br.post('/settings/apps', { ...create, kind: 'asana', 'asana.project_gid': 'my project', token: TOKEN, events: 'opp_created' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('config.project_gid');
    expect(bad.text).toContain('value="my project"');
    expect(bad.text).not.toContain(TOKEN);
    const made = await submit(br, '/settings/apps', { ...create, kind: 'asana', 'asana.project_gid': '1204567890123456', token: TOKEN, events: 'opp_created' }, '/settings/apps');
    expect(made.text).toContain('Connection created (Asana (task))');
    expect(made.text).not.toContain(TOKEN);
    expect(made.text).not.toContain('class="key"'); // nothing signs: no key to show
    const hook = (await api(t, f.host, f.adminKey).get('/api/v1/webhooks').expect(200)).body.items[0];
    expect(hook).toMatchObject({ kind: 'asana', config: { project_gid: '1204567890123456' }, token_set: true, events: ['opp_created'] });
    expect(made.text).not.toContain(`/settings/apps/${hook.id}/rotate`);

    const edit = await br.get(`/settings/apps/${hook.id}/edit`);
    expect(edit.text).toContain('value="1204567890123456"');
    expect(edit.text).not.toContain('name="url"');
    expect(edit.text).not.toContain('name="trello.list_id"');
    expect(edit.text).not.toContain(TOKEN);
    const action = `/settings/apps/${hook.id}`;
    // an empty token keeps the stored one
    await submit(br, action, { ...formOf(edit.text, action), 'asana.project_gid': '1204567890999999', token: '', events: ['opp_created', 'opp_won'] } as unknown as Record<string, string>, '/settings/apps');
    const saved = (await api(t, f.host, f.adminKey).get(`/api/v1/webhooks/${hook.id}`).expect(200)).body.webhook;
    expect(saved).toMatchObject({ config: { project_gid: '1204567890999999' }, token_set: true, events: ['opp_created', 'opp_won'] });
  });

  it('Apps: "Send again what failed" and "Send again everything since …" queue replays (POST-redirect-GET), marked in the delivery log', async () => {
    const f = await createWorkspace(t);
    const br = await adminBrowser(f);
    // a receiver that refuses connections: the event's delivery fails
    const hook = (await api(t, f.host, f.adminKey).post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/replay', events: ['customer_created'] }).expect(201)).body.webhook;
    await api(t, f.host, f.adminKey).post('/api/v1/companies', { name: 'Replay Page Co' }).expect(201);
    const worker = t.get(WebhookWorker);
    const deadline = Date.now() + 15000;
    for (;;) {
      await worker.round();
      const items = (await api(t, f.host, f.adminKey).get(`/api/v1/webhooks/${hook.id}/deliveries`).expect(200)).body.items;
      if (items[0]?.status === 'done') break;
      if (Date.now() > deadline) throw new Error('the delivery never finished');
      await new Promise((r) => setTimeout(r, 25));
    }
    const page = await br.get('/settings/apps');
    expect(page.text).toContain(`<label for="since-${hook.id}">Send again everything since</label>`);
    expect(page.text).toContain(`id="since-${hook.id}" name="since" type="datetime-local"`);
    const failedAction = `/settings/apps/${hook.id}/replay/failed`;
    const sinceAction = `/settings/apps/${hook.id}/replay`;
    expect((await br.post(failedAction, { csrf: 'forged' })).status).toBe(403);
    expect((await br.post(sinceAction, { csrf: 'forged', since: '2026-01-01T00:00' })).status).toBe(403);

    const failed = await submit(br, failedAction, formOf(page.text, failedAction), '/settings/apps');
    expect(failed.text).toContain('1 event queued to send again');
    // the replay is now the latest delivery of that event, not a failure: nothing more to send
    const none = await submit(br, failedAction, formOf(page.text, failedAction), '/settings/apps');
    expect(none.text).toContain('Nothing to send again in that window.');

    const tooOld = await br.post(sinceAction, { ...formOf(page.text, sinceAction), since: '2020-01-01T00:00' });
    expect(tooOld.status).toBe(400);
    expect(tooOld.text).toContain('older than the event journal keeps events');
    const since = await submit(br, sinceAction, { ...formOf(page.text, sinceAction), since: hook.created_at.slice(0, 16) }, '/settings/apps');
    expect(since.text).toContain('1 event queued to send again');

    const log = await br.get(`/settings/apps/${hook.id}/deliveries`);
    expect(log.text.match(/customer_created \(replay\)/g)).toHaveLength(2);
    expect(log.text.match(/customer_created<\/td>/g)).toHaveLength(1);
    expect((await api(t, f.host, f.adminKey).get(`/api/v1/webhooks/${hook.id}/deliveries`).expect(200)).body.items.map((d: { replay: boolean }) => d.replay)).toEqual([true, true, false]);
  });

  it('workspace isolation: a session of A is not signed in on B', async () => {
    const br = await adminBrowser(a);
    expect((await br.get('/settings/apps')).status).toBe(200);
    const cookie = (br as unknown as { cookies: Map<string, string> }).cookies;
    const onB = new Browser(t, b.host);
    (onB as unknown as { cookies: Map<string, string> }).cookies = new Map(cookie);
    const r = await onB.get('/settings/apps');
    expect(r.status).toBe(302);
    expect(String(r.headers.location)).toMatch(/^\/settings\/signin/);
    expect((await onB.post('/settings/apps', { csrf: 'whatever' })).status).toBe(403);
    // sign-out revokes the session
    const page = await br.get('/settings/apps');
    const out = await submit(br, '/settings/signout', formOf(page.text, '/settings/signout'), '/settings/signedout');
    expect(out.status).toBe(200);
    expect(out.text).toContain('Signed out');
    expect((await br.get('/settings/apps')).status).toBe(302);
  });
});
