import type { Page } from 'playwright-core';
import { todayIn } from '../../src/platform/common/time';
import { insertCompany } from '../helpers/crm-fixtures';
import { api, createUser, createWorkspace, type Fixture } from '../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../helpers/web-app';

/**
 * The Reports screen in Chromium: the four reports as tables with the API's numbers, the period in the address,
 * no console error, axe clean, at both widths; in Turkish from the navigation.
 */
const web = useWebApp();
let f: Fixture;
let seller: { user: { id: number }; key: string };
let today: string;

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webreports');
  seller = await createUser(web.t, f, { department: 'North' });
  today = todayIn(f.ws.timezone);
  const c = f.ws.constants;
  const company = (await insertCompany(web.t, f, seller.user.id)).id;
  const as = api(web.t, f.host, seller.key);
  await as.post('/api/v1/opportunities', { name: 'Open deal', customer_id: company, value: 1000, close_date: today }).expect(201);
  const won = (await as.post('/api/v1/opportunities', { name: 'Won deal', customer_id: company, value: 2500, close_date: today }).expect(201)).body.opp.id;
  await api(web.t, f.host, f.adminKey).post(`/api/v1/opportunities/${won}/stage`, { stage: c.stages.find((s) => c.stage_roles[s] === 'won') }).expect(200);
});

async function open(path: string, width: Width = 'desktop', key = seller.key): Promise<{ page: Page; errors: string[] }> {
  const page = await web.page({ token: key, width });
  const errors: string[] = [];
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${web.origin(f.host)}${path}`);
  return { page, errors };
}

describe('reports screen', () => {
  it.each(['desktop', 'phone'] as const)('shows the four reports as tables for the period in the address (%s)', async (width) => {
    const { page, errors } = await open(`/reports?from=${today}&to=${today}`, width);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const movement = page.getByRole('table', { name: 'Pipeline movement' });
    await movement.getByRole('rowheader', { name: '+ Created' }).waitFor();
    const created = movement.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '+ Created' }) });
    expect((await created.getByRole('cell').allInnerTexts()).map((x) => x.replace(/^.*:\s*/, ''))[0]).toBe('1');
    await page.getByRole('table', { name: 'Forecast' }).waitFor();
    const win = page.getByRole('table', { name: 'Win rate and sales cycle' });
    await win.getByRole('rowheader', { name: 'Win rate', exact: true }).waitFor();
    expect(await win.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Win rate', exact: true }) }).innerText()).toContain('100');
    await page.getByRole('table', { name: 'Funnel' }).waitFor();
    await page.getByRole('table', { name: 'Stage ageing' }).getByRole('rowheader').first().waitFor();
    expect(await page.getByLabel('From').inputValue()).toBe(today);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'reports', width);
    expect(errors).toEqual([]);
  });

  it('an admin sets a quota that the forecast then compares with what was won; a sales user has no such form', async () => {
    const { page, errors } = await open(`/reports?from=${today}&to=${today}`, 'desktop', f.adminKey);
    const form = page.getByRole('form', { name: 'Set quota' });
    await form.getByLabel('User').selectOption(String(seller.user.id));
    await form.getByLabel('Month').fill(today.slice(0, 7));
    await form.getByLabel('Quota').fill('5000');
    await form.getByRole('button', { name: 'Set quota' }).click();
    await page.getByRole('status').filter({ hasText: 'Quota saved.' }).waitFor();
    const won = page.getByRole('table', { name: 'Forecast' }).getByRole('row').filter({ hasText: /Quota\s+€5,000/ });
    await won.waitFor();
    expect(await won.innerText()).toMatch(/Attainment\s+50/);
    expect((await api(web.t, f.host, f.adminKey).get('/api/v1/quotas').expect(200)).body.items).toEqual([{ user_id: seller.user.id, month: today.slice(0, 7), amount: 5000 }]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    const sales = await open('/reports', 'desktop');
    await sales.page.getByRole('table', { name: 'Forecast' }).waitFor();
    expect(await sales.page.getByRole('form', { name: 'Set quota' }).count()).toBe(0);
  });

  it('is in Turkish for a Turkish user, from the navigation', async () => {
    const tr = await createUser(web.t, f, { department: 'North' });
    await api(web.t, f.host, tr.key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const { page, errors } = await open('/', 'desktop', tr.key);
    await page.getByRole('link', { name: 'Raporlar' }).click();
    await page.getByRole('heading', { name: 'Raporlar', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Fırsat hattı hareketi' }).getByRole('rowheader', { name: '+ Yeni' }).waitFor();
    await page.getByRole('table', { name: 'Huni' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
