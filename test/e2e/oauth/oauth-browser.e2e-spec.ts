import * as oauth from 'oauth4webapi';
import type { Locator, Page } from 'playwright-core';
import { currentTotp } from '../../../src/domain/identity/totp';
import { UsersService } from '../../../src/domain/identity/users.service';
import { horizontalOverflow, LoopbackCallback, loopbackCallback, servePage, signInWithPage, useChromium } from '../../helpers/browser';
import { listenLoopback, loopbackFetch } from '../../helpers/loopback-fetch';
import { createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The consent flow in a real headless Chromium, with oauth4webapi as the client: the library builds the
 * authorization request and checks the callback; the browser does what a person does on our pages.
 */
jest.setTimeout(60_000);

const chromium = useChromium();
let t: TestApp;
let a: Fixture;
let port = 0;
let cb: LoopbackCallback;
const PASSWORD = 'Correct-Horse-42';
const opts = { [oauth.customFetch]: loopbackFetch, [oauth.allowInsecureRequests]: true };
const READ_WORDS = 'Read your CRM data (companies, people, opportunities, activities, tasks)';
const WRITE_WORDS = 'Create and change CRM records on your behalf';

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
  port = (await listenLoopback(t)).port;
});
beforeEach(async () => {
  cb = await loopbackCallback();
});
afterEach(() => cb.close());
afterAll(() => t.close());

const origin = (f: Fixture) => `http://${f.host}:${port}`;

async function newUser(f: Fixture, twoFactor = false): Promise<{ email: string; id: number; otp?: () => string }> {
  const email = `b${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  const { user } = await createUser(t, f, { email, password: PASSWORD, fullName: 'Bea Browser' });
  if (!twoFactor) return { email, id: user.id };
  const { secret } = await t.get(UsersService).enableTotp(f.ws.id, user.id);
  return { email, id: user.id, otp: () => currentTotp(secret) };
}

/** Discovery and dynamic registration through the library; an authorization URL with PKCE S256 and state. */
async function client(f: Fixture, name: string, scope = 'crm.read crm.write') {
  const issuer = new URL(origin(f));
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...opts, algorithm: 'oauth2' }));
  const c = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(as, { client_name: name, redirect_uris: [cb.uri], token_endpoint_auth_method: 'none' }, opts),
  );
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: c.client_id,
    redirect_uri: cb.uri,
    response_type: 'code',
    scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return { as, client: c, verifier, state, url: url.href };
}

type Flow = Awaited<ReturnType<typeof client>>;

/** The callback URL oauth4webapi validates (state, iss), the code exchanged, the token used on /api/v1/me. */
async function finish(flow: Flow, callback: URL): Promise<{ email: string; scope: string }> {
  const params = oauth.validateAuthResponse(flow.as, flow.client, callback, flow.state);
  expect(params.get('iss')).toBe(flow.as.issuer);
  const res = await oauth.authorizationCodeGrantRequest(flow.as, flow.client, oauth.None(), params, cb.uri, flow.verifier, opts);
  const tokens = await oauth.processAuthorizationCodeResponse(flow.as, flow.client, res);
  expect(tokens.access_token).toMatch(/^mcp_/);
  const me = await loopbackFetch(`${flow.as.issuer}/api/v1/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(me.status).toBe(200);
  const body = (await me.json()) as { user: { email: string } };
  return { email: body.user.email, scope: tokens.scope! };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const allow = (page: Page) => page.getByRole('button', { name: 'Allow' });
const deny = (page: Page) => page.getByRole('button', { name: 'Deny' });

/** The consent page as a person reads it: the app, where they go back to, what the app may do. */
async function expectConsentPage(page: Page, appName: string, words: string[]): Promise<void> {
  await allow(page).waitFor();
  expect(pathOf(page)).toBe('/oauth/authorize');
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain(appName);
  const text = await page.locator('body').innerText();
  expect(text).toContain('127.0.0.1');
  for (const w of words) expect(text).toContain(w);
  expect(await deny(page).isVisible()).toBe(true);
}

/** Presses Tab until `target` has the focus (at most `max` times): keyboard only, no clicks. */
async function tabTo(page: Page, target: Locator, max = 15): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((el: { ownerDocument: { activeElement: unknown } }) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

describe('consent flow in headless Chromium (oauth4webapi as the client)', () => {
  it('sign-in page, consent page in words, Allow: the library validates the callback, exchanges the code, the token works', async () => {
    const u = await newUser(a);
    const flow = await client(a, 'Browser Notes App');
    const page = await chromium.page();
    await page.goto(flow.url);
    // not signed in: sent to the sign-in page
    expect(pathOf(page)).toBe('/oauth/signin');
    await signInWithPage(page, u.email, PASSWORD);
    await expectConsentPage(page, 'Browser Notes App', [READ_WORDS, WRITE_WORDS]);
    const [callback] = await Promise.all([cb.next(), allow(page).click()]);
    await page.waitForURL((url) => url.href.startsWith(cb.uri));
    expect(await page.locator('body').innerText()).toContain('You can close this window');
    expect(await finish(flow, callback)).toEqual({ email: u.email, scope: 'crm.read crm.write' });
  });

  it('two-factor: password, then the 6-digit code; a read-only request shows only the read scope', async () => {
    const u = await newUser(a, true);
    const flow = await client(a, 'Two Factor Reader', 'crm.read');
    const page = await chromium.page();
    await page.goto(flow.url);
    expect(pathOf(page)).toBe('/oauth/signin');
    await signInWithPage(page, u.email, PASSWORD, u.otp);
    await expectConsentPage(page, 'Two Factor Reader', [READ_WORDS]);
    expect(await page.locator('body').innerText()).not.toContain(WRITE_WORDS);
    const [callback] = await Promise.all([cb.next(), allow(page).click()]);
    expect(await finish(flow, callback)).toEqual({ email: u.email, scope: 'crm.read' });
  });

  it('Deny sends the browser back with access_denied and the state; the library reports the error', async () => {
    const u = await newUser(a);
    const flow = await client(a, 'Denied App');
    const page = await chromium.page();
    await page.goto(flow.url);
    await signInWithPage(page, u.email, PASSWORD);
    await expectConsentPage(page, 'Denied App', [READ_WORDS, WRITE_WORDS]);
    const [callback] = await Promise.all([cb.next(), deny(page).click()]);
    expect([callback.searchParams.get('error'), callback.searchParams.get('state'), callback.searchParams.get('code')]).toEqual(['access_denied', flow.state, null]);
    expect(() => oauth.validateAuthResponse(flow.as, flow.client, callback, flow.state)).toThrow(expect.objectContaining({ error: 'access_denied' }));
  });

  it('keyboard only: Tab, typing, Enter and Space through sign-in and consent', async () => {
    const u = await newUser(a);
    const flow = await client(a, 'Keyboard App');
    const page = await chromium.page();
    await page.goto(flow.url);
    expect(pathOf(page)).toBe('/oauth/signin');
    await tabTo(page, page.getByLabel('Username or e-mail'));
    await page.keyboard.type(u.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(PASSWORD);
    await Promise.all([page.waitForURL((url) => url.pathname === '/oauth/authorize'), page.keyboard.press('Enter')]);
    await expectConsentPage(page, 'Keyboard App', [READ_WORDS, WRITE_WORDS]);
    await tabTo(page, allow(page));
    const [callback] = await Promise.all([cb.next(), page.keyboard.press('Space')]);
    expect((await finish(flow, callback)).email).toBe(u.email);
  });

  it('works without JavaScript: the whole flow with scripts disabled', async () => {
    const u = await newUser(a, true);
    const flow = await client(a, 'No Script App');
    const page = await chromium.page({ javaScriptEnabled: false });
    // scripts really are off in this context
    await page.setContent('<title>before</title><script>document.title = "script ran"</script>');
    expect(await page.title()).toBe('before');
    await page.goto(flow.url);
    expect(pathOf(page)).toBe('/oauth/signin');
    await signInWithPage(page, u.email, PASSWORD, u.otp);
    await expectConsentPage(page, 'No Script App', [READ_WORDS, WRITE_WORDS]);
    const [callback] = await Promise.all([cb.next(), allow(page).click()]);
    expect((await finish(flow, callback)).email).toBe(u.email);
  });

  it('phone width (360 px): sign-in, consent, Connections, Developers and Sessions never scroll sideways; row buttons on screen', async () => {
    const u = await newUser(a);
    const flow = await client(a, 'A Phone App With A Rather Long Name For A Narrow Screen');
    const page = await chromium.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const fits = async (where: string) => {
      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect({ where, innerWidth, fits: scrollWidth <= innerWidth }).toEqual({ where, innerWidth: 360, fits: true });
    };
    await page.goto(flow.url);
    expect(pathOf(page)).toBe('/oauth/signin');
    await fits('sign-in');
    await signInWithPage(page, u.email, PASSWORD);
    await expectConsentPage(page, 'A Phone App With A Rather Long Name For A Narrow Screen', [READ_WORDS, WRITE_WORDS]);
    await fits('consent');
    await Promise.all([cb.next(), allow(page).click()]);
    // the settings' own sign-in, then the app's Connections screen with the grant just made
    await page.goto(`${origin(a)}/settings`);
    expect(pathOf(page)).toBe('/settings/signin');
    await fits('settings sign-in');
    await signInWithPage(page, u.email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.goto(`${origin(a)}/settings/connections`);
    await page.getByRole('rowheader', { name: 'A Phone App With A Rather Long Name For A Narrow Screen' }).waitFor();
    await fits('Connections');
    // the row's button is on the screen, not behind a sideways scroll
    const inside = async (name: string) => {
      const box = await page.getByRole('button', { name }).first().boundingBox();
      expect({ name, right: Math.ceil(box!.x + box!.width) <= 360 }).toEqual({ name, right: true });
    };
    await inside('Revoke');
    await page.goto(`${origin(a)}/settings/developers`);
    await page.getByLabel('Name').fill('Phone key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByTestId('secret-once').waitFor();
    await fits('Developers, key shown once');
    await inside('Revoke');
    await page.goto(`${origin(a)}/settings/sessions`);
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    await fits('Sessions');
    await inside('End session');
  });

  it('the consent page cannot be framed: a page of another origin shows it blank, the headers forbid framing', async () => {
    const u = await newUser(a);
    const flow = await client(a, 'Framed App');
    const page = await chromium.page();
    await page.goto(flow.url);
    await signInWithPage(page, u.email, PASSWORD);
    // the consent page itself renders at the top level (so an empty frame below is the framing rule, not a failure)
    await expectConsentPage(page, 'Framed App', [READ_WORDS]);
    // another origin of the same site (same host, other port, a real loopback server: Chromium's local network
    // access checks would block a frame of loopback in a page that does not come from loopback itself), so the
    // browser sends the session cookie with the framed request
    const html = `<!doctype html><title>Attacker</title><h1>Win a prize</h1><iframe title="victim" src="${flow.url.replace(/&/g, '&amp;')}" width="600" height="400"></iframe>`;
    const other = await servePage(html);
    try {
      const [framed] = await Promise.all([page.waitForResponse((r) => r.url() === flow.url), page.goto(`http://${a.host}:${other.port}/`, { waitUntil: 'load' })]);
      // the server answered the consent page (the session cookie went along), and told the browser not to frame it
      expect(framed.status()).toBe(200);
      const headers = await framed.allHeaders();
      expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(headers['x-frame-options']).toBe('DENY');
      // ...which the browser obeyed: the attacker's page is there, nothing of the consent page inside its frame
      expect(await page.getByRole('heading', { name: 'Win a prize' }).isVisible()).toBe(true);
      const inFrame = page.getByTitle('victim').contentFrame();
      expect(await inFrame.getByRole('button', { name: 'Allow' }).count()).toBe(0);
      expect(await inFrame.getByText('Framed App').count()).toBe(0);
      expect(page.frames().map((f) => f.url())).toEqual([`http://${a.host}:${other.port}/`, 'chrome-error://chromewebdata/']);
    } finally {
      await other.close();
    }
  });
});
