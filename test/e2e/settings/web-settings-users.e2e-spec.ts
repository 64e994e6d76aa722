import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * Settings → Users in the app at its old address (admins): the users waiting for a password with their open
 * invitation; "New invitation link" shows a fresh link once (over POST /api/v1/users/{id}/invitation) and the
 * earlier one stops working. Chromium at 1280 and 390 px, English and Turkish, axe-clean, nothing scrolls sideways.
 */
jest.setTimeout(120_000);
const web = useWebApp();
let f: Fixture;
/** The screen's texts (the app's dictionary, loaded at run time: the service's tsconfig has no JSX). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TEXTS = (require('../../../web/src/features/settings/users/users.text') as { useUsersText: { texts: Record<'en' | 'tr', Record<string, string>> } }).useUsersText.texts;

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webusers');
});

async function open(token: string, width: Width = 'desktop'): Promise<Page> {
  const page = await web.page({ token, width });
  await page.goto(`${web.origin(f.host)}/settings/users`);
  return page;
}
const fits = async (page: Page, width: Width) => expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(width === 'phone' ? 390 : 1280);
const pending = async () => (await api(web.t, f.host, f.adminKey).get('/api/v1/users/pending').expect(200)).body.items as { id: number; invitation: unknown }[];

describe.each(['desktop', 'phone'] as const)('Settings → Users at %s width', (width) => {
  it('lists a user without a password; a new invitation link is shown once, works, and then the user leaves the list', async () => {
    const { user } = await createUser(web.t, f, { fullName: `Deniz Kaya ${width}` });
    expect((await pending()).find((p) => p.id === user.id)?.invitation).toBeNull();
    const page = await open(f.adminKey, width);
    await page.getByRole('heading', { name: 'Users: invitations', level: 1 }).waitFor();
    await page.getByText(/^This server sends no e-mail \(SMTP_URL is not set\)/).waitFor();
    const row = page.getByRole('table', { name: 'Waiting for a password' }).getByRole('row', { name: new RegExp(`Deniz Kaya ${width}`) });
    await row.getByText('none open (expired or never sent)').waitFor();
    await page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'Users' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-users', width);

    await row.getByRole('button', { name: `New invitation link: “Deniz Kaya ${width}”` }).click();
    const shown = page.getByTestId('secret-once');
    await shown.waitFor();
    const link = (await shown.textContent())!;
    expect(link).toMatch(/\/invite\?token=inv_[A-Za-z0-9_-]{43}$/);
    await page.getByText(`Invitation link of ${user.username}: it works once, for 72 hours`, { exact: false }).waitFor();
    await row.getByText(/^sent .+, works until /).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-users-link', width);

    await page.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(link);

    // a second link replaces the first: the first no longer opens the set-password page
    await row.getByRole('button', { name: /^New invitation link/ }).click();
    const second = (await page.getByTestId('secret-once').textContent())!;
    expect(second).not.toBe(link);
    const path = (u: string) => u.slice(u.indexOf('/invite'));
    await api(web.t, f.host).get(path(link)).expect(410);
    await api(web.t, f.host).post('/api/v1/invitations/accept', { token: /token=(.+)$/.exec(second)![1], password: 'Brand-New-Passw0rd-9' }).expect(200);
    expect((await pending()).map((p) => p.id)).not.toContain(user.id);
  });
});

describe('Settings → Users for other users and in Turkish', () => {
  it('a sales user is refused (403) and has no Users link in the settings navigation', async () => {
    const { key } = await createUser(web.t, f);
    const page = await open(key);
    await page.getByRole('alert').waitFor();
    expect(await page.getByText(/Deniz Kaya/).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Settings pages' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Overview', 'Connections', 'Developers', 'Sessions']);
  });

  it.each(['desktop', 'phone'] as const)('a Turkish admin gets the screen in Turkish, axe-clean (%s)', async (width) => {
    const { user: waiting } = await createUser(web.t, f, { fullName: `Ece Demir ${width}` });
    const { key } = await createUser(web.t, f, { role: 'admin', password: 'Turkish-Admin-Password-1' });
    await api(web.t, f.host, key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const { en, tr } = TEXTS;
    const english = Object.keys(en).filter((k) => en[k] !== tr[k] && !en[k].includes('{')).map((k) => en[k]);
    const page = await open(key, width);
    await page.getByRole('heading', { name: tr.heading, level: 1 }).waitFor();
    await page.getByRole('button', { name: `Yeni davet bağlantısı: “Ece Demir ${width}”` }).click();
    await page.getByText(`${waiting.username} için davet bağlantısı: bir kez, 72 saat boyunca çalışır`, { exact: false }).waitFor();
    // the users' names are names, not words of the screen
    const pendingNames = ((await api(web.t, f.host, key).get('/api/v1/users/pending').expect(200)).body.items as { username: string; full_name: string; email: string }[]).flatMap((u) => [u.username, u.full_name, u.email]);
    const userNames = ((await api(web.t, f.host, key).get('/api/v1/permissions').expect(200)).body.items as { username: string; name: string }[]).flatMap((u) => [u.username, u.name]);
    const names = [...pendingNames, ...userNames].sort((x, y) => y.length - x.length);
    const body = names.reduce((all, name) => all.split(name).join(' '), await page.locator('main').innerText());
    expect(english.filter((w) => body.includes(w))).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-users-tr', width);
  });
});

describe('Settings → Users: the import permission', () => {
  it.each(['desktop', 'phone'] as const)('an admin allows and withdraws it per user; the user imports only while allowed (%s)', async (width) => {
    const seller = await createUser(web.t, f, { fullName: `Selin Satış ${width}`, modules: ['Customers'] });
    const upload = () => api(web.t, f.host, seller.key).raw('post', '/api/v1/imports').attach('file', Buffer.from('name\nDeniz Kimya\n', 'utf8'), 'companies.csv');
    await upload().expect(403);
    const page = await open(f.adminKey, width);
    const section = page.getByRole('region', { name: 'Import permission' });
    const row = section.getByRole('row', { name: new RegExp(`Selin Satış ${width}`) });
    await row.getByText('not allowed', { exact: true }).waitFor();
    // an admin's row says so and has no button
    const adminRow = section.getByRole('row', { name: new RegExp(f.admin.username) });
    await adminRow.getByText('allowed (admin)').waitFor();
    expect(await adminRow.getByRole('button').count()).toBe(0);

    await row.getByRole('button', { name: `Allow importing: “Selin Satış ${width}”` }).click();
    await page.getByText(`Selin Satış ${width} may import now.`).waitFor();
    await row.getByText('allowed', { exact: true }).waitFor();
    await upload().expect(201);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);

    await row.getByRole('button', { name: `Withdraw the import permission: “Selin Satış ${width}”` }).click();
    await page.getByText(`Selin Satış ${width} may no longer import.`).waitFor();
    await upload().expect(403);
  });
});
