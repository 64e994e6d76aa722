import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../helpers/test-app';
import { Browser, formFields } from '../helpers/oauth-flow';

let t: TestApp;
let a: Fixture;
let b: Fixture;
const PASSWORD = 'Correct-Horse-42';

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  b = await createWorkspace(t);
});
afterAll(async () => {
  await t.close();
});

type Jar = { cookies: Map<string, string> };
const jar = (br: Browser) => (br as unknown as Jar).cookies;

async function salesUser(f: Fixture) {
  const email = `d${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  const u = await createUser(t, f, { email, password: PASSWORD });
  return { ...u, email };
}

/** A browser signed in to the settings (through the sign-in form) on `path`. */
async function signedIn(f: Fixture, email: string, path = '/settings/developers', password = PASSWORD): Promise<Browser> {
  const br = new Browser(t, f.host);
  const first = await br.get(path);
  expect(first.status).toBe(302);
  const page = await br.get(first.headers.location as string);
  const r = await br.post('/settings/signin', { ...formFields(page.text), username: email, password });
  expect(r.status).toBe(303);
  expect(r.headers.location).toBe(path);
  return br;
}

/** The hidden inputs of the form whose action is `action`. */
function formOf(html: string, action: string): Record<string, string> {
  const i = html.indexOf(`action="${action}"`);
  if (i < 0) throw new Error(`no form ${action} in ${html.slice(0, 500)}`);
  return formFields(html.slice(i, html.indexOf('</form>', i)));
}

/** A change: 303 to `to` (POST-redirect-GET), then the page it leads to. */
async function submit(br: Browser, path: string, form: Record<string, string>, to: string, headers: Record<string, string> = {}) {
  const r = await br.post(path, form, headers);
  expect({ status: r.status, location: r.headers.location }).toEqual({ status: 303, location: to });
  return br.get(to);
}

const shownKey = (html: string) => html.match(/<code class="key">([^<]+)<\/code>/)?.[1];
const login = async (f: Fixture, email: string, device: string) => (await api(t, f.host).post('/api/v1/login', { username: email, password: PASSWORD, device }).expect(200)).body.token as string;

describe('Settings landing page (/settings, the web app\'s "Settings" link)', () => {
  const links = (html: string) => [...html.matchAll(/<dt><a href="([^"]+)">/g)].map((m) => m[1]);

  it('sends a browser without a session to sign-in and back to /settings', async () => {
    const first = await new Browser(t, a.host).get('/settings');
    expect({ status: first.status, location: first.headers.location }).toEqual({ status: 302, location: '/settings/signin?return_to=%2Fsettings' });
  });

  it("lists a sales user's own pages, not the admin pages, and each opens", async () => {
    const u = await salesUser(a);
    const br = await signedIn(a, u.email, '/settings');
    const r = await br.get('/settings');
    expect(r.status).toBe(200);
    expect(r.text).toContain('<h1>Settings</h1>');
    expect(r.text).toContain('<a href="/settings" aria-current="page">Overview</a>');
    expect(links(r.text)).toEqual(['/settings/connections', '/settings/developers', '/settings/sessions']);
    expect(r.text).not.toContain('Workspace (admins)');
    for (const href of links(r.text)) expect((await br.get(href)).status).toBe(200);
  });

  it('lists the admin pages too for an admin, and each opens', async () => {
    const br = await signedIn(a, a.admin.email, '/settings', 'Admin-Password-123');
    const r = await br.get('/settings');
    expect(r.status).toBe(200);
    expect(links(r.text)).toEqual(['/settings/connections', '/settings/developers', '/settings/sessions', '/settings/apps', '/settings/scim', '/settings/erp', '/settings/users']);
    expect(r.text).toContain('Workspace (admins)');
    for (const href of links(r.text)) expect((await br.get(href)).status).toBe(200);
  });
});

describe('Developers page: API keys', () => {
  it('creates a key shown once that works as a bearer, lists it without the secret, revokes it (401 next use)', async () => {
    const u = await salesUser(a);
    const br = await signedIn(a, u.email);
    const page = await br.get('/settings/developers');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).not.toContain('script-src');
    expect(page.text).toContain('<a href="/settings/developers" aria-current="page">Developers</a>');
    expect(page.text).not.toContain('href="/settings/apps"'); // admin pages are not offered to a sales user
    expect(page.text).toContain('<label for="key-name">Name</label>');

    const form = formOf(page.text, '/settings/developers/keys');
    expect((await br.post('/settings/developers/keys', { name: 'No token' })).status).toBe(403);
    expect((await br.post('/settings/developers/keys', { ...form, csrf: 'forged', name: 'Forged' })).status).toBe(403);
    const empty = await br.post('/settings/developers/keys', { ...form, name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('give the key a name');
    expect(shownKey(empty.text)).toBeUndefined();

    const made = await submit(br, '/settings/developers/keys', { ...form, name: '<b>Nightly</b> export' }, '/settings/developers');
    expect(made.status).toBe(200);
    expect(made.text).not.toContain('<b>Nightly</b>');
    expect(made.text).toContain('&lt;b&gt;Nightly&lt;/b&gt; export');
    const key = shownKey(made.text)!;
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    const me = await api(t, a.host, key).get('/api/v1/me').expect(200);
    expect(me.body.user.id).toBe(u.user.id);

    // shown once: the list has the name and the first characters only
    const again = await br.get('/settings/developers');
    expect(again.text).not.toContain(key);
    expect(shownKey(again.text)).toBeUndefined();
    expect(again.text).toContain(`<code>${key.slice(0, 12)}…</code>`);
    const row = again.text.split('<tr>').find((r) => r.includes('Nightly'))!;
    const revokeAction = row.match(/action="(\/settings\/developers\/keys\/\d+\/revoke)"/)![1]!;
    expect((await br.post(revokeAction, { csrf: 'forged' })).status).toBe(403);
    await api(t, a.host, key).get('/api/v1/me').expect(200); // cached in the auth cache now

    // asks first: the row's button leads to the confirm page, nothing is revoked yet
    const ask = await br.post(revokeAction, formOf(again.text, revokeAction));
    expect(ask.status).toBe(200);
    expect(ask.text).toContain('Revoke the API key &quot;&lt;b&gt;Nightly&lt;/b&gt; export&quot;?');
    await api(t, a.host, key).get('/api/v1/me').expect(200);
    const revoked = await submit(br, revokeAction, formOf(ask.text, revokeAction), '/settings/developers');
    expect(revoked.status).toBe(200);
    expect(revoked.text).toContain('Key revoked');
    expect(revoked.text).not.toContain('&lt;b&gt;Nightly');
    await api(t, a.host, key).get('/api/v1/me').expect(401);
    // revoking it again: not found
    expect((await br.post(revokeAction, { ...formOf(revoked.text, '/settings/signout'), confirm: 'yes' })).status).toBe(404);
  });

  it("another user's key, or a key of another workspace, is not found and keeps working", async () => {
    const owner = await salesUser(a);
    const ownerBr = await signedIn(a, owner.email);
    const made = await submit(ownerBr, '/settings/developers/keys', { ...formOf((await ownerBr.get('/settings/developers')).text, '/settings/developers/keys'), name: 'Mine' }, '/settings/developers');
    const key = shownKey(made.text)!;
    const id = made.text.split('<tr>').find((r) => r.includes('>Mine<'))!.match(/\/settings\/developers\/keys\/(\d+)\/revoke/)![1]!;

    const other = await salesUser(a);
    const otherBr = await signedIn(a, other.email);
    const otherPage = await otherBr.get('/settings/developers');
    expect(otherPage.text).not.toContain('Mine');
    const notMine = await otherBr.post(`/settings/developers/keys/${id}/revoke`, { ...formOf(otherPage.text, '/settings/signout'), confirm: 'yes' });
    expect(notMine.status).toBe(404);
    expect(notMine.text).toContain('API key not found');

    const admin = await signedIn(b, b.admin.email, '/settings/developers', 'Admin-Password-123');
    const onB = await admin.post(`/settings/developers/keys/${id}/revoke`, { ...formOf((await admin.get('/settings/developers')).text, '/settings/signout'), confirm: 'yes' });
    expect(onB.status).toBe(404);
    // a session id is not an API key either
    const sessionId = (await ownerBr.get('/settings/sessions')).text.match(/id="session-(\d+)"/)![1]!;
    expect((await ownerBr.post(`/settings/developers/keys/${sessionId}/revoke`, { ...formOf(made.text, '/settings/signout'), confirm: 'yes' })).status).toBe(404);
    await api(t, a.host, key).get('/api/v1/me').expect(200);
    expect((await ownerBr.get('/settings/sessions')).status).toBe(200);
  });
});

describe('Sessions page', () => {
  it('lists sessions with device names and marks this browser; ending one makes its token 401', async () => {
    const u = await salesUser(a);
    const phone = await login(a, u.email, 'Pixel <9>');
    const br = await signedIn(a, u.email, '/settings/sessions');
    const page = await br.get('/settings/sessions');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Pixel &lt;9&gt;');
    expect(page.text).toMatch(/Browser \(settings\) <span class="tag">This browser<\/span>/);
    const phoneRow = page.text.split('<tr>').find((r) => r.includes('Pixel'))!;
    const end = phoneRow.match(/action="(\/settings\/sessions\/\d+\/signout)"/)![1]!;
    // the current session has no "End session" button (Sign out is at the bottom)
    expect(page.text.split('<tr>').find((r) => r.includes('This browser'))).not.toContain('End session');

    await api(t, a.host, phone).get('/api/v1/me').expect(200);
    expect((await br.post(end, {})).status).toBe(403);
    const ended = await submit(br, end, { ...formOf(page.text, end), confirm: 'yes' }, '/settings/sessions');
    expect(ended.status).toBe(200);
    expect(ended.text).toContain('Session ended');
    expect(ended.text).not.toContain('Pixel');
    await api(t, a.host, phone).get('/api/v1/me').expect(401);
    expect((await br.post(end, { ...formOf(page.text, end), confirm: 'yes' })).status).toBe(404);
  });

  it('"Sign out all other sessions" revokes the others and keeps this browser', async () => {
    const u = await salesUser(a);
    const tokens = [await login(a, u.email, 'Phone'), await login(a, u.email, 'Tablet')];
    const someoneElse = await salesUser(a);
    const theirs = await login(a, someoneElse.email, 'Their phone');
    const br = await signedIn(a, u.email, '/settings/sessions');
    const page = await br.get('/settings/sessions');
    expect(page.text).toContain('Phone');
    expect(page.text).toContain('Tablet');
    expect(page.text).not.toContain('Their phone');
    for (const tok of tokens) await api(t, a.host, tok).get('/api/v1/me').expect(200);

    const ask = await br.post('/settings/sessions/others/signout', formOf(page.text, '/settings/sessions/others/signout'));
    expect(ask.status).toBe(200);
    expect(ask.text).toContain('Sign out every other device');
    for (const tok of tokens) await api(t, a.host, tok).get('/api/v1/me').expect(200);
    const out = await submit(br, '/settings/sessions/others/signout', formOf(ask.text, '/settings/sessions/others/signout'), '/settings/sessions');
    expect(out.status).toBe(200);
    expect(out.text).toContain('Signed out 2 other sessions.');
    expect(out.text).toContain('No other sessions.');
    for (const tok of tokens) await api(t, a.host, tok).get('/api/v1/me').expect(401);
    await api(t, a.host, theirs).get('/api/v1/me').expect(200);
    expect((await br.get('/settings/sessions')).status).toBe(200);

    // another user's session id is not found
    const theirId = (await signedIn(a, someoneElse.email, '/settings/sessions').then((x) => x.get('/settings/sessions'))).text.match(/id="session-(\d+)"/)![1]!;
    expect((await br.post(`/settings/sessions/${theirId}/signout`, { ...formOf(out.text, '/settings/signout'), confirm: 'yes' })).status).toBe(404);
    await api(t, a.host, theirs).get('/api/v1/me').expect(200);
  });

  it("ending this browser's own session signs it out", async () => {
    const u = await salesUser(a);
    const br = await signedIn(a, u.email, '/settings/sessions');
    const page = await br.get('/settings/sessions');
    const own = page.text.match(/id="session-(\d+)">[^<]*<span class="tag">This browser/)![1]!;
    const r = await submit(br, `/settings/sessions/${own}/signout`, { ...formOf(page.text, '/settings/signout'), confirm: 'yes' }, '/settings/signedout');
    expect(r.status).toBe(200);
    expect(r.text).toContain('Signed out');
    expect((await br.get('/settings/sessions')).status).toBe(302);
  });
});

describe('settings CSRF (csrf-csrf)', () => {
  it('binds the token to the session and refuses a foreign Origin or a cross-site request', async () => {
    const u = await salesUser(a);
    const one = await signedIn(a, u.email);
    const two = await signedIn(a, u.email);
    const page = await one.get('/settings/developers');
    const form = formOf(page.text, '/settings/developers/keys');
    // browser two with browser one's token and CSRF cookie, but its own session: refused
    jar(two).set('crm_settings_csrf', jar(one).get('crm_settings_csrf')!);
    expect((await two.post('/settings/developers/keys', { ...form, name: 'Stolen token' })).status).toBe(403);

    expect((await one.post('/settings/developers/keys', { ...form, name: 'x' }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await one.post('/settings/developers/keys', { ...form, name: 'x' }, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    // what browsers send for a same-origin form under Referrer-Policy: no-referrer
    const ok = await submit(one, '/settings/developers/keys', { ...form, name: 'Same site' }, '/settings/developers', { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' });
    expect(ok.status).toBe(200);
    expect(shownKey(ok.text)).toMatch(/^sk_/);
    const own = await one.post('/settings/developers/keys', { ...form, name: 'Own origin' }, { Origin: `http://${a.host}` });
    expect(own.status).toBe(303);

    const cookies = (await one.get('/settings/developers')).headers['set-cookie'] as unknown as string[];
    const csrfCookie = cookies.find((c) => c.startsWith('crm_settings_csrf='))!;
    expect(csrfCookie).toMatch(/; Path=\/settings; HttpOnly; SameSite=Lax$/);
  });

  it('the sign-in form token is bound to the pre-session cookie', async () => {
    const u = await salesUser(a);
    const br = new Browser(t, a.host);
    const page = await br.get('/settings/signin');
    expect(jar(br).has('crm_settings_presession')).toBe(true);
    jar(br).set('crm_settings_presession', 'another-pre-session-value');
    const r = await br.post('/settings/signin', { ...formFields(page.text), username: u.email, password: PASSWORD });
    expect(r.status).toBe(400);
    expect(r.text).toContain('The form expired');
    expect(jar(br).has('crm_session')).toBe(false);
  });
});
