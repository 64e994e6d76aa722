import type { Page } from 'playwright-core';
import { codeFlowTokens, register } from '../../helpers/oauth-flow';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { mainWords, screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * The user's own settings in the app (Connections, Developers, Sessions) at their old addresses, in Chromium at
 * 1280 and 390 px, English and Turkish: every change over /api/v1; a new key shown once; destructive actions ask
 * first; axe finds nothing serious; nothing scrolls sideways.
 */
jest.setTimeout(120_000);
const web = useWebApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', RATE_LIMIT_OAUTH_PER_MINUTE: '100000', USAGE_FLUSH_MS: '100' } });
let f: Fixture;
const PASSWORD = 'Settings-Password-42';
/** The screens' texts (the app's dictionary, loaded at run time: the service's tsconfig has no JSX). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TEXTS = (require('../../../web/src/features/settings/account.text') as { useAccountText: { texts: Record<'en' | 'tr', Record<string, string>> } }).useAccountText.texts;
const admin = () => api(web.t, f.host, f.adminKey);
const signIn = async (username: string, device: string) => (await api(web.t, f.host).post('/api/v1/login', { username, password: PASSWORD, device }).expect(200)).body.token as string;

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webaccount');
});

async function open(path: string, token: string, width: Width = 'desktop'): Promise<Page> {
  const page = await web.page({ token, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
}
const fits = async (page: Page, width: Width) => expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(width === 'phone' ? 390 : 1280);

describe.each(['desktop', 'phone'] as const)('settings screens at %s width', (width) => {
  it('Developers: a key is shown once and works; it is listed by its prefix; Revoke asks first, then the key is 401', async () => {
    const { user } = await createUser(web.t, f, { password: PASSWORD });
    const page = await open('/settings/developers', await signIn(user.email, 'Laptop'), width);
    await page.getByRole('heading', { name: 'Developers: API keys', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create key' }).click();
    // the refusal is rendered after the click returns: wait for the field to be marked, not for its label
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.and(page.locator('[aria-invalid="true"]')).waitFor();
    await name.fill('Nightly export');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('secret-once');
    await shown.waitFor();
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^sk_/);
    expect((await api(web.t, f.host, key).get('/api/v1/me').expect(200)).body.user.id).toBe(user.id);
    await page.getByRole('rowheader', { name: 'Nightly export' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-developers-created', width);

    await page.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('rowheader', { name: 'Nightly export' }).waitFor();
    expect(await page.content()).not.toContain(key);
    await screenshot(page, 'settings-developers', width);

    await page.getByRole('button', { name: 'Revoke: “Nightly export”' }).click();
    await page.getByText('Revoke the API key “Nightly export”? Programs using it stop working at once.').waitFor();
    await api(web.t, f.host, key).get('/api/v1/me').expect(200); // asked, not done
    await page.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.getByText('Key revoked: it no longer works.').waitFor();
    await api(web.t, f.host, key).get('/api/v1/me').expect(401);
  });

  it('Sessions: this browser is marked; ending another asks first; "Sign out all other sessions" keeps this one', async () => {
    const { user } = await createUser(web.t, f, { password: PASSWORD });
    const here = await signIn(user.email, 'Firefox on Linux (app)');
    const phone = await signIn(user.email, 'Pixel 8');
    const tablet = await signIn(user.email, 'iPad');
    const page = await open('/settings/sessions', here, width);
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    await page.getByRole('row', { name: /Firefox on Linux \(app\)/ }).getByText('This browser').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-sessions', width);

    await page.getByRole('button', { name: 'End session: “Pixel 8”' }).click();
    await page.getByText('Sign out “Pixel 8”?').waitFor();
    await page.getByRole('button', { name: 'Yes, sign out' }).click();
    await page.getByText('Session ended: that device is signed out.').waitFor();
    await api(web.t, f.host, phone).get('/api/v1/me').expect(401);
    await api(web.t, f.host, tablet).get('/api/v1/me').expect(200);

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByRole('button', { name: 'Yes, sign out' }).click();
    await page.getByText('Signed out 1 other session(s).').waitFor();
    await page.getByText('No other sessions.').waitFor();
    await api(web.t, f.host, tablet).get('/api/v1/me').expect(401);
    await api(web.t, f.host, here).get('/api/v1/me').expect(200);
  });

  it('Connections (admin): every kind in one list; rotating a key shows the new one once; revoking an app stops its token', async () => {
    const redirect = 'http://127.0.0.1:4567/callback';
    const clientId = (await register(web.t, f.host, { client_name: `Claude (${width})`, redirect_uris: [redirect], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
    const { access_token: app } = await codeFlowTokens(web.t, f.host, { clientId, redirectUri: redirect, username: f.admin.email, password: 'Admin-Password-123' });
    await api(web.t, f.host, app).get('/api/v1/me').expect(200);
    await admin().post('/api/v1/webhooks', { url: `http://127.0.0.1:9/hooks/${'verylongpathsegment'.repeat(6)}-${width}`, events: ['opp_won'] }).expect(201);
    await admin().post('/api/v1/webhooks', { url: `https://hooks.slack.com/services/T000/B000/${width}`, events: ['opp_won'], kind: 'slack' }).expect(201);
    await admin().post('/api/v1/settings/erp/key').expect(201);
    await admin().post('/api/v1/settings/scim/key').expect(201);

    const page = await open('/settings/connections', f.adminKey, width);
    await page.getByRole('heading', { name: 'Connections', level: 1 }).waitFor();
    await page.getByText(/^Every connection of the workspace/).waitFor();
    for (const kind of ['App (OAuth)', 'API key', 'ERP key', 'SCIM key', 'Webhook', 'Chat']) await page.locator('tbody').getByText(kind, { exact: true }).first().waitFor();
    await page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'Apps' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-connections', width);

    const erp = page.getByRole('row', { name: /ERP key \(/ });
    await erp.getByRole('button', { name: /^Rotate key: / }).click();
    await erp.getByRole('button', { name: 'Yes, rotate' }).click();
    const secret = (await page.getByTestId('secret-once').textContent())!;
    expect(secret).toMatch(/^erp_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('secret-once').waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: new RegExp(`Claude \\(${width}\\)`) });
    await row.getByRole('button', { name: `Revoke: “Claude (${width})”` }).click();
    // the caller's own app: removed through "remove an app's access", not the console's revoke
    const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/v1\/apps\/\d+$/.test(new URL(r.url()).pathname));
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    expect((await removed).status()).toBe(200);
    await page.getByText(`Revoked: Claude (${width}) stops working at once.`).waitFor();
    await api(web.t, f.host, app).get('/api/v1/me').expect(401);
  });
});

describe('settings screens for other users and in Turkish', () => {
  it("a sales user sees only their own connections, and no admin pages in the settings navigation", async () => {
    const { user, key } = await createUser(web.t, f, { password: PASSWORD });
    await api(web.t, f.host, key).post('/api/v1/api-keys', { name: 'My script' }).expect(201);
    const page = await open('/settings/connections', await signIn(user.email, 'Laptop'));
    await page.getByText(/^Your app connections and API keys/).waitFor();
    await page.getByRole('rowheader', { name: /My script/ }).waitFor();
    expect(await page.locator('tbody').getByText('Webhook', { exact: true }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Settings pages' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Overview', 'Connections', 'Developers', 'Sessions']);
  });

  it.each(['desktop', 'phone'] as const)('a Turkish user gets the three screens in Turkish, axe-clean (%s)', async (width) => {
    const { user } = await createUser(web.t, f, { password: PASSWORD });
    const token = await signIn(user.email, 'Dizüstü');
    await api(web.t, f.host, token).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const { en, tr } = TEXTS;
    const english = Object.keys(en).filter((k) => en[k] !== tr[k] && !en[k].includes('{')).map((k) => en[k]);
    for (const [path, heading] of [['/settings/developers', tr.developersHeading], ['/settings/sessions', tr.sessions], ['/settings/connections', tr.connections]] as const) {
      const page = await open(path, token, width);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      if (path === '/settings/developers') {
        await page.getByRole('textbox', { name: /^Ad/ }).fill('Gece dışa aktarımı');
        await page.getByRole('button', { name: tr.createKey }).click();
        await page.getByText('Yeni API anahtarı “Gece dışa aktarımı”: şimdi kopyalayın, bir daha gösterilmez.').waitFor();
        await page.getByRole('button', { name: 'İptal et: “Gece dışa aktarımı”' }).click();
        await page.getByText('“Gece dışa aktarımı” API anahtarı iptal edilsin mi?', { exact: false }).waitFor();
      }
      const body = await mainWords(page);
      expect({ path, english: english.filter((w) => body.includes(w)) }).toEqual({ path, english: [] });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await fits(page, width);
      await screenshot(page, `settings-${path.split('/')[2]}-tr`, width);
    }
  });
});
