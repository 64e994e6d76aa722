import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * Settings → Weekly targets in the app (admins): the visits and completed tasks per user and week that Today and
 * the activity report measure against, saved over PUT /api/v1/settings/weekly-targets and read by Today at once.
 * Chromium at 1280 and 390 px, English and Turkish, axe-clean, nothing scrolls sideways.
 */
jest.setTimeout(120_000);
const web = useWebApp();
let f: Fixture;

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webtargets');
});

async function open(token: string, width: Width = 'desktop'): Promise<{ page: Page; errors: string[] }> {
  const page = await web.page({ token, width });
  const errors: string[] = [];
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  await page.goto(`${web.origin(f.host)}/settings/targets`);
  return { page, errors };
}
const fits = async (page: Page) => expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

describe('Settings → Weekly targets', () => {
  it.each(['desktop', 'phone'] as const)('an admin changes the targets, which Today then shows (%s)', async (width) => {
    const { page, errors } = await open(f.adminKey, width);
    const form = page.getByRole('form', { name: 'Weekly targets' });
    const visits = form.getByLabel('Visits per user and week');
    await visits.waitFor();
    const n = width === 'phone' ? 3 : 4;
    await visits.fill(String(n));
    await form.getByLabel('Completed tasks per user and week').fill(String(n + 5));
    await form.getByRole('button', { name: 'Save targets' }).click();
    await page.getByRole('status').filter({ hasText: 'Weekly targets saved.' }).waitFor();
    expect((await api(web.t, f.host, f.adminKey).get('/api/v1/settings/weekly-targets').expect(200)).body).toEqual({ ok: true, visits: n, tasks: n + 5 });
    const today = (await api(web.t, f.host, f.adminKey).get('/api/v1/today').expect(200)).body;
    expect(today.targets.visits.target).toBe(n);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page);
    await screenshot(page, 'settings-targets', width);
    expect(errors).toEqual([]);
  });

  it('a sales user reads the targets without a way to change them, and has no link to the page', async () => {
    const { key } = await createUser(web.t, f);
    const { page } = await open(key);
    const form = page.getByRole('form', { name: 'Weekly targets' });
    await form.getByLabel('Visits per user and week').waitFor();
    expect(await form.getByLabel('Visits per user and week').isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Save targets' }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Settings pages' });
    expect(await nav.getByRole('link', { name: 'Weekly targets' }).count()).toBe(0);
  });

  it('is in Turkish for a Turkish admin', async () => {
    const { key } = await createUser(web.t, f, { role: 'admin' });
    await api(web.t, f.host, key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const { page, errors } = await open(key, 'phone');
    await page.getByRole('heading', { name: 'Haftalık hedefler', level: 1 }).waitFor();
    await page.getByLabel('Kullanıcı başına haftalık ziyaret').waitFor();
    expect(await page.getByRole('navigation', { name: 'Ayar sayfaları' }).getByRole('link', { name: 'Haftalık hedefler' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page);
    expect(errors).toEqual([]);
  });
});
