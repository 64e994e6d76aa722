import type { Locator, Page } from 'playwright-core';
import { todayIn } from '../../../src/platform/common/time';
import { insertProduct } from '../../helpers/crm-fixtures';
import { foreignLabels } from '../../helpers/languages';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { waitFor } from '../../helpers/wait';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * A new rep's day in the web app, in each language at each width: a company, a person, an opportunity edited
 * until it passes two gates moved on the board, a visit whose next step lands on Today and the calendar, a fair,
 * a lead captured there and converted, an order created and sent to the ERP. Every screen of the walk shows the
 * rep's language only (no constant of the other language), no API field name and no id for a name, and the
 * console stays clean. The texts come from the app's own dictionaries (`.texts`), so a renamed button does not
 * break the walk, while the language check catches a screen left in the other language.
 */
const web = useWebApp();
let f: Fixture;
let product: string;

type Texts = Record<'en' | 'tr', Record<string, string>>;
/**
 * A screen's texts in a language, read from the web app's dictionary module (`screenText(...).texts`). Loaded at
 * run time: the service's tsconfig has no JSX, and the dictionaries live beside the React code.
 */
function dictionary(path: string, name: string): Texts {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(`../../../web/src/${path}`) as Record<string, { texts?: Texts } & Texts>;
  const texts = mod[name]?.texts ?? (mod[name] as Texts);
  if (!texts?.en || !texts.tr) throw new Error(`no texts ${name} in web/src/${path}`);
  return texts;
}
const DICTS = {
  app: dictionary('lib/i18n', 'appTexts'),
  co: dictionary('features/companies/companies.text', 'useCompanyText'),
  opp: dictionary('features/opportunities/opportunity.text', 'useOppText'),
  visit: dictionary('features/activities/visits.text', 'useVisitText'),
  fair: dictionary('features/leads/fairs.text', 'useFairText'),
  lead: dictionary('features/leads/leads.text', 'useLeadText'),
  order: dictionary('features/orders/orders.text', 'useOrderText'),
  task: dictionary('features/tasks/tasks.text', 'useTaskText'),
};
/** Every text the walk uses, in one language; a key the app no longer has fails loudly. */
function TEXTS(lang: 'en' | 'tr'): Record<keyof typeof DICTS, Record<string, string>> {
  const strict = (d: Texts) => new Proxy(d[lang], { get: (o, k: string) => o[k] ?? (() => { throw new Error(`no text "${k}" in ${lang}`); })() });
  return Object.fromEntries(Object.entries(DICTS).map(([k, d]) => [k, strict(d)])) as Record<keyof typeof DICTS, Record<string, string>>;
}

beforeAll(async () => {
  f = await createWorkspace(web.t);
  product = (await insertProduct(web.t, f, { name: 'Streç film 23µ', code: 'STR23' })).name;
});

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its label, "(required)" or not. */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${esc(label)}( \\(.*\\))?$`));

/** The rep's language only, no API field names, no ids for names, and the page's language attribute. */
async function expectOneLanguage(page: Page, lang: 'en' | 'tr', ids: number[]): Promise<void> {
  expect(await page.evaluate<string>('document.documentElement.lang')).toBe(lang);
  expect(await foreignLabels(page, lang)).toEqual([]);
  const visible = await page.locator('#main').innerText();
  expect(visible).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  for (const id of ids) expect(visible).not.toMatch(new RegExp(`#${id}\\b|\\b(customer|opp|product|owner)[ _]?id\\b`, 'i'));
}

describe.each([
  ['en', 'desktop'],
  ['tr', 'phone'],
  ['tr', 'desktop'],
  ['en', 'phone'],
] as const)('a rep\'s day in the web app (%s, %s)', (lang, width: Width) => {
  it('company, person, opportunity through two gates on the board, visit with its follow-up, fair, lead converted, order sent', async () => {
    const x = TEXTS(lang);
    const tag = `${lang}-${width}`;
    const rep = await createUser(web.t, f, { role: 'sales', department: 'Sales', fullName: `Rep ${tag}` });
    const as = api(web.t, f.host, rep.key);
    await as.patch('/api/v1/me', { locale: lang }).expect(200);
    const page = await web.page({ token: rep.key, width, locale: lang === 'tr' ? 'tr-TR' : 'en-GB' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const go = (path: string) => page.goto(`${web.origin(f.host)}${path}`);
    const idOf = (kind: string) => Number(new RegExp(`/${kind}/(\\d+)$`).exec(new URL(page.url()).pathname)?.[1]);

    // a company, and a person at it
    const companyName = `Ege Ambalaj ${tag}`;
    await go('/companies');
    await page.getByRole('button', { name: x.co.newCompany }).click();
    let form = page.getByRole('form', { name: x.co.newCompany });
    await field(form, x.app['common.name']).fill(companyName);
    await form.getByRole('button', { name: x.app['common.create'] }).click();
    await page.getByRole('heading', { name: companyName, level: 1 }).waitFor();
    const companyId = idOf('companies');
    await page.getByRole('button', { name: x.co.newPerson }).click();
    form = page.getByRole('form', { name: x.co.newPerson });
    await field(form, x.app['common.name']).fill(`Deniz Kaya ${tag}`);
    await form.getByRole('button', { name: x.app['common.create'] }).click();
    await page.getByRole('link', { name: `Deniz Kaya ${tag}` }).first().waitFor();
    expect((await as.get(`/api/v1/people?customer_id=${companyId}`).expect(200)).body.items.map((p: { name: string }) => p.name)).toEqual([`Deniz Kaya ${tag}`]);
    await expectOneLanguage(page, lang, [companyId]);

    // an opportunity from the company, edited until Viable's and Present Solution's gates are met
    await go(`/companies/${companyId}`);
    await page.getByRole('button', { name: x.opp.newOpp }).click();
    form = page.getByRole('form', { name: x.opp.newOpp });
    await form.getByText(companyName, { exact: true }).waitFor();
    const oppName = `Streç hattı ${tag}`;
    await field(form, x.opp.name).fill(oppName);
    await form.getByRole('button', { name: x.app['common.create'] }).click();
    await page.getByRole('heading', { name: oppName, level: 1 }).waitFor();
    const oppId = idOf('opportunities');
    const opp = async () => (await as.get(`/api/v1/opportunities/${oppId}`).expect(200)).body.opp;
    const stages: string[] = f.ws.constants.stages;
    expect((await opp()).stage).toBe(stages[0]);
    for (const flag of ['bant_b', 'bant_a', 'bant_n'] as const) {
      const label = { bant_b: x.opp.bantB, bant_a: x.opp.bantA, bant_n: x.opp.bantN }[flag];
      await page.getByRole('checkbox', { name: label, exact: true }).click();
      await page.getByRole('checkbox', { name: label, exact: true, checked: true, disabled: false }).waitFor();
    }
    await page.getByRole('button', { name: x.opp.edit, exact: true }).click();
    const edit = page.getByRole('form', { name: x.opp.editOpp });
    await edit.getByLabel(x.opp.value, { exact: true }).fill('42500');
    await edit.getByRole('combobox', { name: x.opp.product }).fill('streç');
    await edit.getByRole('option', { name: new RegExp(`^${esc(product)}`) }).click();
    await edit.getByLabel(x.opp.closeDate, { exact: true }).fill('2031-06-30');
    await edit.getByRole('button', { name: x.app['common.save'] }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await opp()).toMatchObject({ value: 42500, product, close_date: '2031-06-30', bant_b: true, bant_a: true, bant_n: true });
    await expectOneLanguage(page, lang, [oppId, companyId]);

    // two gates passed by moving the card on the board ("Move to…" works at every width)
    await go('/opportunities');
    for (const target of [stages[1], stages[2]]) {
      const move = page.getByRole('combobox', { name: x.opp.moveToOf.replace('{name}', oppName) });
      await move.waitFor();
      const label = (await opp()).next_stage === target ? await move.locator(`option[value="${target}"]`).textContent() : null;
      expect(label).toBeTruthy();
      await move.selectOption(target);
      await waitFor(async () => (await opp()).stage === target);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await expectOneLanguage(page, lang, [oppId]);
    await screenshot(page, `walk-board-${lang}`, width);

    // a visit whose next step becomes a task on Today and on the calendar
    const today = todayIn(f.ws.timezone);
    await go(`/activities/new?customer_id=${companyId}`);
    await page.locator('textarea').first().fill(`Ziyaret ${tag}: numune istendi`);
    await page.locator('[data-block="contact"] select').selectOption({ label: `Deniz Kaya ${tag}` });
    await page.locator('[data-block="next"] select').selectOption('Call');
    await page.locator('[data-block="next"] input[type="date"]').fill(today);
    await page.getByRole('button', { name: x.visit.save }).click();
    const openVisit = page.getByRole('link', { name: x.visit.openVisit });
    await openVisit.waitFor();
    const visitId = Number(/\/activities\/(\d+)$/.exec((await openVisit.getAttribute('href')) ?? '')?.[1]);
    const visit = (await as.get(`/api/v1/activities/${visitId}`).expect(200)).body.activity;
    expect(visit.task_id).toEqual(expect.any(Number));
    await go('/');
    await page.getByRole('link', { name: visit.task }).first().waitFor();
    await expectOneLanguage(page, lang, [visit.task_id]);
    await go(`/calendar?view=day&date=${today}`);
    await page.getByRole('list', { name: x.task.tasksOf }).getByRole('link', { name: visit.task }).first().waitFor();
    await expectOneLanguage(page, lang, [visit.task_id]);

    // a fair, a lead captured at it, converted into a new company with an opportunity
    const fairName = `Plast Eurasia ${tag}`;
    await go('/fairs');
    await page.getByRole('button', { name: x.fair.newFair }).click();
    form = page.getByRole('form', { name: x.fair.newFair });
    await field(form, x.fair.name).fill(fairName);
    await field(form, x.fair.city).fill('İstanbul');
    await field(form, x.fair.startDate).fill('2026-12-03');
    await field(form, x.fair.endDate).fill('2026-12-06');
    await form.getByRole('button', { name: x.fair.create }).click();
    await page.getByRole('link', { name: fairName }).waitFor();
    const fairId = (await as.get('/api/v1/fairs?limit=50').expect(200)).body.items.find((i: { name: string }) => i.name === fairName).id;
    await expectOneLanguage(page, lang, [fairId]);

    await go(`/leads/new?fair_id=${fairId}`);
    form = page.getByRole('form', { name: x.lead.captureLead });
    await field(form, x.lead.company).fill(`Rhein Folien ${tag}`);
    await field(form, x.lead.contact).fill('Jonas Weber');
    await form.getByRole('button', { name: x.lead.saveLead }).click();
    const saved = page.getByRole('status').getByRole('link');
    await saved.waitFor();
    await saved.click();
    await page.getByRole('heading', { name: `Rhein Folien ${tag}`, level: 1 }).waitFor();
    const leadId = idOf('leads');
    await expectOneLanguage(page, lang, [leadId, fairId]);
    await page.getByRole('button', { name: x.lead.convert, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: x.lead.convertLead });
    await dialog.getByLabel(x.lead.modeNew).check();
    expect(await dialog.getByLabel(x.lead.oppNew).isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: x.lead.convert, exact: true }).click();
    await page.getByRole('dialog', { name: x.lead.result }).waitFor();
    const lead = (await as.get(`/api/v1/leads/${leadId}`).expect(200)).body.lead;
    expect(lead.status).toBe(f.ws.constants.lead_status_converted);
    expect(lead.opp_id).toEqual(expect.any(Number));
    await expectOneLanguage(page, lang, [leadId, lead.opp_id]);

    // an order for the first company, sent to the ERP
    await go(`/companies/${companyId}`);
    await page.getByRole('link', { name: x.co.newOrder }).click();
    form = page.getByRole('form', { name: x.order.newOrder });
    await form.getByLabel(x.order.product).selectOption({ label: product });
    await form.getByLabel(x.order.quantity).fill('2500');
    await form.getByLabel(x.order.price).fill(lang === 'tr' ? '1,2' : '1.2');
    await form.getByRole('button', { name: x.app['common.create'] }).click();
    await page.waitForURL(/\/orders\/\d+$/);
    const orderId = idOf('orders');
    const erp = page.getByRole('region', { name: x.order.erp });
    await erp.getByRole('button', { name: x.order.sendErp }).click();
    await erp.getByRole('button', { name: x.order.sendErpYes, exact: true }).click();
    await waitFor(async () => (await as.get(`/api/v1/orders/${orderId}`).expect(200)).body.order.status === f.ws.constants.order_sent_status);
    expect((await as.get(`/api/v1/orders/${orderId}`).expect(200)).body.order).toMatchObject({ customer_id: companyId, kg: 2500, amount: 3000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await expectOneLanguage(page, lang, [orderId, companyId]);
    await screenshot(page, `walk-order-${lang}`, width);

    expect(errors).toEqual([]);
  });
});
