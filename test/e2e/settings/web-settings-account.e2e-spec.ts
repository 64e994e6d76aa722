import { createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { Browser, formFields } from '../../helpers/oauth-flow';

let t: TestApp;
let a: Fixture;
const PASSWORD = 'Correct-Horse-42';

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
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
async function signedIn(f: Fixture, email: string, path = '/settings', password = PASSWORD): Promise<Browser> {
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
    expect(links(r.text)).toEqual(['/settings/connections', '/settings/developers', '/settings/sessions', '/settings/apps', '/settings/scim', '/settings/erp', '/settings/users', '/settings/targets', '/workflows']);
    expect(r.text).toContain('Workspace (admins)');
    for (const href of links(r.text)) expect((await br.get(href)).status).toBe(200);
  });
});

describe('settings CSRF (csrf-csrf)', () => {
  it('binds the token to the session and refuses a foreign Origin or a cross-site request', async () => {
    const u = await salesUser(a);
    const one = await signedIn(a, u.email);
    const two = await signedIn(a, u.email);
    const page = await one.get('/settings');
    const form = formOf(page.text, '/settings/signout');
    // browser two with browser one's token and CSRF cookie, but its own session: refused
    jar(two).set('crm_settings_csrf', jar(one).get('crm_settings_csrf')!);
    expect((await two.post('/settings/signout', form)).status).toBe(403);

    expect((await one.post('/settings/signout', form, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await one.post('/settings/signout', form, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    const cookies = (await one.get('/settings')).headers['set-cookie'] as unknown as string[];
    const csrfCookie = cookies.find((c) => c.startsWith('crm_settings_csrf='))!;
    expect(csrfCookie).toMatch(/; Path=\/settings; HttpOnly; SameSite=Lax$/);
    // still signed in after the refusals; what browsers send for a same-origin form under Referrer-Policy: no-referrer passes
    const out = await submit(one, '/settings/signout', form, '/settings/signedout', { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' });
    expect(out.status).toBe(200);
    const three = await signedIn(a, u.email);
    const own = await three.post('/settings/signout', formOf((await three.get('/settings')).text, '/settings/signout'), { Origin: `http://${a.host}` });
    expect(own.status).toBe(303);
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
