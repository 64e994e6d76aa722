import type { Page } from 'playwright-core';
import request from 'supertest';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { mainWords, screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * Settings → SCIM in the app at its old address (admins): the base URL, the key by its first characters (the first
 * one made at once, a new one after asking: shown once, the old one 401) and the last provisioning operations, every
 * change over /api/v1. Chromium at 1280 and 390 px, English and Turkish, axe-clean, nothing scrolls sideways.
 */
jest.setTimeout(120_000);
const web = useWebApp();
/** The screen's texts (the app's dictionary, loaded at run time: the service's tsconfig has no JSX). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TEXTS = (require('../../../web/src/features/settings/scim/scim.text') as { useScimText: { texts: Record<'en' | 'tr', Record<string, string>> } }).useScimText.texts;

const scimUsers = (f: Fixture, key: string) => request(web.t.app.getHttpServer()).get('/api/scim/v2/Users').set('Host', f.host).set('Authorization', `Bearer ${key}`);
function scimCreate(f: Fixture, key: string, email: string) {
  const body = { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: email, emails: [{ primary: true, value: email }], active: true };
  return request(web.t.app.getHttpServer()).post('/api/scim/v2/Users').set('Host', f.host).set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/scim+json').send(JSON.stringify(body));
}
async function open(f: Fixture, token: string, width: Width = 'desktop'): Promise<Page> {
  const page = await web.page({ token, width });
  await page.goto(`${web.origin(f.host)}/settings/scim`);
  return page;
}
const fits = async (page: Page, width: Width) => expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(width === 'phone' ? 390 : 1280);

describe.each(['desktop', 'phone'] as const)('Settings → SCIM at %s width', (width) => {
  it('the first key is shown once and provisions; rotating asks first, then the old key is 401; operations are listed', async () => {
    const f = await createWorkspace(web.t);
    const page = await open(f, f.adminKey, width);
    await page.getByRole('heading', { name: 'SCIM provisioning', level: 1 }).waitFor();
    const base = (await api(web.t, f.host, f.adminKey).get('/api/v1/settings/scim').expect(200)).body.base_url as string;
    expect(base).toBe(`${web.origin(f.host)}/api/scim/v2`); // PUBLIC_PORT of the test app
    await page.getByText(base, { exact: true }).waitFor(); // the workspace's configured base, where the identity provider calls
    await page.getByText('Key: none').waitFor();
    await page.getByText('No provisioning operations yet.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);

    await page.getByRole('button', { name: 'Create key' }).click(); // the first key: nothing to lose, no question
    const shown = page.getByTestId('secret-once');
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^scim_/);
    const email = `provisioned.with.a.long.address-${width}@${f.ws.slug}.test`; // a long address wraps on a phone
    await scimCreate(f, key, email).expect(201);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.getByText('user created').waitFor();
    const prefix = (await page.locator('main p code').nth(1).textContent())!.replace('…', '');
    expect(key.startsWith(prefix)).toBe(true);
    expect(await page.content()).not.toContain(key);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-scim', width);

    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByText('Make a new SCIM key? The current key stops working at once', { exact: false }).waitFor();
    await scimUsers(f, key).expect(200); // asked, not done
    await page.getByRole('button', { name: 'Yes, rotate' }).click();
    const key2 = (await shown.textContent())!;
    expect(key2).not.toBe(key);
    await scimUsers(f, key).expect(401);
    await scimUsers(f, key2).expect(200);
  });
});

describe('Settings → SCIM for other users and in Turkish', () => {
  it('a sales user is refused (403): no key is made', async () => {
    const f = await createWorkspace(web.t);
    const { key } = await createUser(web.t, f);
    const page = await open(f, key);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await api(web.t, f.host, key).post('/api/v1/settings/scim/key').expect(403);
    expect((await api(web.t, f.host, f.adminKey).get('/api/v1/settings/scim').expect(200)).body.key).toBeNull();
  });

  it.each(['desktop', 'phone'] as const)('a Turkish admin gets the screen in Turkish, axe-clean (%s)', async (width) => {
    const f = await createWorkspace(web.t);
    await api(web.t, f.host, f.adminKey).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const made = (await api(web.t, f.host, f.adminKey).post('/api/v1/settings/scim/key').expect(201)).body.key as string;
    await scimCreate(f, made, `ece@${f.ws.slug}.test`).expect(201);
    const { en, tr } = TEXTS;
    const english = Object.keys(en).filter((k) => en[k] !== tr[k] && !en[k].includes('{')).map((k) => en[k]);
    const page = await open(f, f.adminKey, width);
    await page.getByRole('heading', { name: tr.heading, level: 1 }).waitFor();
    await page.getByText('kullanıcı oluşturuldu').waitFor();
    await page.getByRole('button', { name: tr.rotateKey }).click();
    await page.getByText(tr.askRotate).waitFor();
    const body = await mainWords(page);
    expect(english.filter((w) => body.includes(w))).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-scim-tr', width);
  });
});
