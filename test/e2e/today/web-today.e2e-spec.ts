import type { Page } from 'playwright-core';
import { addDays, todayIn } from '../../../src/platform/common/time';
import { Company } from '../../../src/domain/crm/companies/company.entity';
import { api, createUser, createWorkspace, db, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, WIDTHS } from '../../helpers/web-app';

/** The web app's Today screen (spec 4.2) and the global search (GET /api/v1/search), in Chromium. */
const web = useWebApp();
let f: Fixture;
let sam: { key: string };
let noCustomers: { key: string };
let zephyrId: number;
let oppId: number;
const as = (key: string) => api(web.t, f.host, key);
const post = async (key: string, path: string, body: object) => (await as(key).post(path, body).expect(201)).body;

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webtoday');
  const today = todayIn(f.ws.timezone);
  const s = await createUser(web.t, f, { department: 'North', fullName: 'Sam Seller' });
  const tia = await createUser(web.t, f, { department: 'North', fullName: 'Tia Teammate' });
  sam = s;
  noCustomers = await createUser(web.t, f, { department: 'North', modules: ['Visits / Activities', 'Fair leads'] });

  const zephyr = (await post(sam.key, '/api/v1/companies', { name: 'Zephyr Plastics', city: 'Bursa', sector: 'Packaging' })).company;
  zephyrId = zephyr.id;
  const late = (await post(sam.key, '/api/v1/companies', { name: 'Late Visit Gıda', city: 'İzmir' })).company;
  await post(sam.key, '/api/v1/companies', { name: 'Marmara Kimya', city: 'Kocaeli' });
  await db(web.t).getRepository(Company).update({ workspaceId: f.ws.id, id: late.id }, { nextVisitDue: addDays(today, -4), lastVisit: addDays(today, -34) });
  const tiaCo = (await post(tia.key, '/api/v1/companies', { name: 'Teammate Tekstil', city: 'Denizli' })).company;
  await post(tia.key, '/api/v1/companies', { name: 'Ege Metal', city: 'Manisa' });
  await post(sam.key, '/api/v1/people', { name: 'Ada Zephyrson', title: 'Buyer', customer_id: zephyr.id, is_main: true });
  await post(sam.key, '/api/v1/people', { name: 'Baran Kaya', title: 'Plant manager', customer_id: late.id });
  await post(sam.key, '/api/v1/leads', { company: 'Fuar Ambalaj', contact_name: 'Ceren Aydın' });
  await post(noCustomers.key, '/api/v1/leads', { company: 'Stand 12 Lojistik', contact_name: 'Deniz Ak' });
  oppId = (await post(sam.key, '/api/v1/opportunities', { name: 'Zephyr film 2027', customer_id: zephyr.id })).opp.id;
  await post(sam.key, '/api/v1/tasks', { title: 'Send the offer', customer_id: zephyr.id, due_date: today });
  await post(sam.key, '/api/v1/tasks', { title: 'Call back about samples', customer_id: late.id, due_date: addDays(today, -3) });
  await post(sam.key, '/api/v1/calendar', { title: 'Visit Zephyr', start: `${today}T10:00:00`, end: `${today}T11:30:00`, customer_id: zephyr.id });
  await as(sam.key).get(`/api/v1/companies/${tiaCo.id}`).expect(200); // recently opened
});

/** The card (a region named by its heading) and its tabs. */
const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('Today', () => {
  it.each(['desktop', 'phone'] as const)('shows the cards with their counts, the day and the targets (%s)', async (width) => {
    const page = await web.page({ token: sam.key, width });
    await page.goto(`${web.origin(f.host)}/`);
    await page.getByRole('heading', { name: /^Today/, level: 1 }).waitFor();
    const companies = card(page, 'Companies');
    expect(await companies.getByRole('tab').allInnerTexts()).toEqual(['Mine 3', 'Team 2', 'Recent 1']);
    expect(await companies.getByRole('tab', { selected: true }).innerText()).toBe('Mine 3');
    expect(await companies.getByRole('tabpanel').getByRole('link').allInnerTexts()).toEqual(expect.arrayContaining(['Zephyr Plastics', 'Late Visit Gıda', 'Marmara Kimya']));
    await companies.getByText('visit 4 days overdue').waitFor();
    expect(await card(page, 'People').getByRole('tab').allInnerTexts()).toEqual(['Mine 2', 'Team 0', 'Recent 0']);
    expect(await card(page, 'Leads').getByRole('tabpanel').getByRole('link').allInnerTexts()).toEqual(['Fuar Ambalaj']);
    const meetings = card(page, "Today's meetings");
    expect(await meetings.innerText()).toContain('10:00–11:30');
    await meetings.getByRole('link', { name: 'Visit Zephyr' }).waitFor();
    await card(page, 'Actions').getByRole('link', { name: 'Send the offer' }).waitFor();
    const overdue = card(page, 'Overdue');
    await overdue.getByRole('link', { name: 'Call back about samples' }).waitFor();
    await overdue.getByText('3 days late').waitFor();
    await overdue.getByRole('link', { name: 'Late Visit Gıda', exact: true }).waitFor();
    expect(await page.getByRole('region', { name: /^This week/ }).innerText()).toMatch(/Visits\s+0 of 10[\s\S]*Tasks\s+0 of 15/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const scroll = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    expect(scroll).toBeLessThanOrEqual(WIDTHS[width].width);
    await screenshot(page, 'today', width);
  });

  it('switches a card\'s tabs with the arrow keys, and a card item opens its record', async () => {
    const page = await web.page({ token: sam.key });
    await page.goto(`${web.origin(f.host)}/`);
    const companies = card(page, 'Companies');
    const mine = companies.getByRole('tab', { name: 'Mine 3' });
    await mine.focus();
    await page.keyboard.press('ArrowRight');
    await companies.getByRole('tab', { name: 'Team 2', selected: true }).waitFor();
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Team 2');
    expect((await companies.getByRole('tabpanel').getByRole('link').allInnerTexts()).sort()).toEqual(['Ege Metal', 'Teammate Tekstil']);
    await page.keyboard.press('ArrowRight');
    await companies.getByRole('tab', { name: 'Recent 1', selected: true }).waitFor();
    expect(await companies.getByRole('tabpanel').getByRole('link').allInnerTexts()).toEqual(['Teammate Tekstil']);
    await page.keyboard.press('ArrowRight'); // wraps around
    await companies.getByRole('tab', { name: 'Mine 3', selected: true }).waitFor();
    await page.keyboard.press('End');
    await companies.getByRole('tab', { name: 'Recent 1', selected: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Tab leaves the tab list for the panel, then its first link; Enter opens the record
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Teammate Tekstil', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/companies\/\d+$/);
  });

  it('leaves out the company and people cards for a user without the Customers module', async () => {
    const page = await web.page({ token: noCustomers.key });
    await page.goto(`${web.origin(f.host)}/`);
    await card(page, 'Leads').getByRole('link', { name: 'Stand 12 Lojistik' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Companies' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'People' }).count()).toBe(0);
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Companies' }).count()).toBe(0);
    await card(page, 'Overdue').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('Search', () => {
  it.each(['desktop', 'phone'] as const)('finds a company by name from the search box and opens it (%s)', async (width) => {
    const page = await web.page({ token: sam.key, width });
    await page.goto(`${web.origin(f.host)}/`);
    await page.getByRole('heading', { name: /^Today/, level: 1 }).waitFor();
    const box = page.getByRole('searchbox', { name: 'Search companies, people, opportunities, tasks, visits and orders' });
    await box.fill('zephyr');
    await box.press('Enter');
    await page.getByRole('heading', { name: 'Results for “zephyr”', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=zephyr');
    const companies = card(page, 'Companies');
    await companies.getByRole('link', { name: 'Zephyr Plastics' }).waitFor(); // the heading shows before the results
    expect(await companies.getByRole('link').allInnerTexts()).toEqual(['Zephyr Plastics']);
    expect(await companies.innerText()).toContain('Bursa · Packaging');
    expect(await card(page, 'People').getByRole('link').allInnerTexts()).toEqual(['Ada Zephyrson']);
    expect(await card(page, 'Opportunities').getByRole('link').allInnerTexts()).toEqual(['Zephyr film 2027']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'search', width);
    await companies.getByRole('link', { name: 'Zephyr Plastics' }).click();
    await page.getByRole('heading', { name: 'Zephyr Plastics', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/companies/${zephyrId}`);
  });

  it.each([
    ['en', 'desktop', { orders: 'Orders', visits: 'Visits and activities', tasks: 'Tasks', companies: 'Companies', of: 'Company:' }],
    ['tr', 'phone', { orders: 'Siparişler', visits: 'Ziyaretler ve aktiviteler', tasks: 'Görevler', companies: 'Firmalar', of: 'Firma:' }],
  ] as const)('finds folded names, PO numbers, visits and tasks by their text, naming their company (%s, %s)', async (lang, width, w) => {
    const u = await createUser(web.t, f, { department: 'North' });
    await as(u.key).patch('/api/v1/me', { locale: lang }).expect(200);
    const tag = lang === 'en' ? 4500012345 : 4500054321;
    const order = (await post(sam.key, '/api/v1/orders', { customer_id: zephyrId, kg: 10, price: 2 })).order;
    await as(sam.key).post(`/api/v1/orders/${order.id}/po`, { customer_po: `PO ${tag}` }).expect(200);
    await post(sam.key, '/api/v1/activities', { type: f.ws.constants.visit_types[0], date: addDays(todayIn(f.ws.timezone), -10), customer_id: zephyrId, note: `Yeni makine hattı ${lang} gördük` });
    const page = await web.page({ token: u.key, width });
    const results = async (q: string, heading: string) => {
      await page.goto(`${web.origin(f.host)}/search?q=${encodeURIComponent(q)}`);
      const group = card(page, heading);
      await group.getByRole('link').first().waitFor();
      return group;
    };
    // "gida" finds "Gıda": dotless ı folds to i
    expect(await (await results('LATE VISIT GIDA', w.companies)).getByRole('link').allInnerTexts()).toEqual(['Late Visit Gıda']);
    const orders = await results(String(tag), w.orders);
    expect(await orders.getByRole('link').allInnerTexts()).toEqual([`PO ${tag}`, 'Zephyr Plastics']);
    expect(await orders.innerText()).toContain(w.of);
    const visits = await results(`makine hatti ${lang}`, w.visits);
    expect(await visits.getByRole('link').allInnerTexts()).toEqual([f.ws.constants.visit_types[0], 'Zephyr Plastics']);
    expect(await (await results('send the offer', w.tasks)).getByRole('link').allInnerTexts()).toEqual(['Send the offer', 'Zephyr Plastics']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `search-records-${lang}`, width);
  });

  it('opens the record a key names at once', async () => {
    const page = await web.page({ token: sam.key });
    await page.goto(`${web.origin(f.host)}/search?q=o-${oppId}`);
    await page.getByRole('heading', { name: 'Zephyr film 2027', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/opportunities/${oppId}`);
  });

  it('says when nothing matches', async () => {
    const page = await web.page({ token: sam.key });
    await page.goto(`${web.origin(f.host)}/search?q=nothing-like-this`);
    await page.getByText('Nothing found.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
