import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { foreignLabels } from '../../helpers/languages';
import { useWebApp } from '../../helpers/web-app';

/**
 * One language at a time (labels of the installation constants): in Chromium at 1280 px, the pipeline, an
 * opportunity, the tasks, the leads and the orders show no English constant to a Turkish user and no
 * Turkish constant to an English one. What counts as a constant is the list of default labels
 * (default-labels.ts): a label of the other language that is not also a label of this one.
 */
const web = useWebApp();
let f: Fixture;
let trKey: string;
let oppId: number;
const ids = { company: 0, lead: 0, task: 0, order: 0, visit: 0 };
const COMPANY = 'Marmara Ambalaj';
const OPP = 'Film 2027';

beforeAll(async () => {
  f = await createWorkspace(web.t, 'weblabels');
  const tr = await createUser(web.t, f, { role: 'admin', fullName: 'Tuna Türk' });
  trKey = tr.key;
  await api(web.t, f.host, trKey).patch('/api/v1/me', { locale: 'tr' }).expect(200);
  const as = (key = f.adminKey) => api(web.t, f.host, key);
  const companyId = (await as().post('/api/v1/companies', { name: COMPANY, city: 'Bursa', status: 'Key account' }).expect(201)).body.company.id;
  ids.company = companyId;
  oppId = (await as().post('/api/v1/opportunities', { name: OPP, customer_id: companyId, value: 12000, type: 'New business' }).expect(201)).body.opp.id;
  ids.visit = (await as().post('/api/v1/activities', { type: 'Deneme', date: '2026-11-20', customer_id: companyId, opp_id: oppId, topic: 'Trial follow-up' }).expect(201)).body.activity.id;
  for (const key of [f.adminKey, trKey]) {
    ids.task = (await as(key).post('/api/v1/tasks', { title: 'Rapor 2027', priority: 'High', status: 'In progress', customer_id: companyId, opp_id: oppId, due_date: '2026-12-06' }).expect(201)).body.task.id;
  }
  await as().post('/api/v1/leads', { company: 'Ege Plastik', contact_name: 'Ece', interest: 'High', next_action: 'Send offer', timing: 'This quarter' }).expect(201);
  ids.lead = (await as().post('/api/v1/leads', { company: 'Rhein Verpackung', contact_name: 'Jonas', status: 'Teklif verildi', visitor_type: 'Distributor', interest: 'Low', timing: 'Later', next_action: 'Visit' }).expect(201)).body.lead.id;
  ids.order = (await as().post('/api/v1/orders', { customer_id: companyId, kg: 1200, price: 1.45, kind: 'Sample' }).expect(201)).body.order.id;
});

const h1 = (page: Page) => page.locator('h1').first().waitFor();
/** Each screen: its address (ids are known once seeded) and what shows when its data is in. */
const SCREENS: [string, () => string, (page: Page) => Promise<void>][] = [
  ['pipeline', () => '/opportunities', (page) => page.getByRole('link', { name: OPP }).first().waitFor()],
  ['opportunity', () => `/opportunities/${oppId}`, (page) => page.getByRole('heading', { name: OPP, level: 1 }).waitFor().then(() => page.locator('.steps li').first().waitFor())],
  ['tasks', () => '/tasks', (page) => page.getByRole('link', { name: 'Rapor 2027' }).first().waitFor()],
  ['leads', () => '/leads', (page) => page.getByRole('link', { name: 'Rhein Verpackung' }).waitFor()],
  ['orders', () => '/orders', (page) => page.locator('.co-table tbody tr').first().waitFor()],
  // and the records behind them
  ['company', () => `/companies/${ids.company}`, (page) => page.getByRole('link', { name: OPP }).first().waitFor()],
  ['lead', () => `/leads/${ids.lead}`, (page) => page.getByRole('heading', { name: 'Rhein Verpackung', level: 1 }).waitFor()],
  ['task', () => `/tasks/${ids.task}`, (page) => page.getByRole('heading', { name: 'Rapor 2027', level: 1 }).waitFor()],
  ['order', () => `/orders/${ids.order}`, h1],
  ['visit', () => `/activities/${ids.visit}`, (page) => page.getByRole('link', { name: COMPANY }).first().waitFor()],
];

describe.each([
  ['en', () => f.adminKey, 'en-GB'],
  ['tr', () => trKey, 'tr-TR'],
] as const)('in %s', (lang, key, locale) => {
  it.each(SCREENS)('%s shows only this language\'s constants', async (_name, path, ready) => {
    const page = await web.page({ token: key(), locale });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${web.origin(f.host)}${path()}`);
    await ready(page);
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe(lang);
    expect(await foreignLabels(page, lang)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

it('shows the Turkish labels where the keys are English (and the reverse)', async () => {
  const page = await web.page({ token: trKey, locale: 'tr-TR' });
  await page.goto(`${web.origin(f.host)}/opportunities/${oppId}`);
  await page.getByRole('heading', { name: OPP, level: 1 }).waitFor();
  const text = await page.evaluate<string>('document.body.innerText');
  for (const label of ['Nitelendirme', 'Bütçe doğrulandı', 'Deneme', 'Yüksek', 'Sürüyor', 'Yeni iş']) expect(text).toContain(label);
  const en = await web.page({ token: f.adminKey });
  await en.goto(`${web.origin(f.host)}/leads`);
  await en.getByRole('link', { name: 'Rhein Verpackung' }).waitFor();
  const enText = await en.evaluate<string>('document.body.innerText');
  for (const label of ['New', 'Offer made']) expect(enText).toContain(label);
});
