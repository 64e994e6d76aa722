import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { OppHistory } from '../../../src/domain/crm/opportunities/opp-history.entity';
import { reportedState } from '../../../src/domain/crm/opportunities/opp-history';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { Activity } from '../../../src/domain/crm/activities/activity.entity';
import { ForecastSnapshotJob } from '../../../src/domain/crm/reports';
import { Clock } from '../../../src/platform/common/clock';
import { todayIn } from '../../../src/platform/common/time';
import { insertCompany } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, db, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * The reports dashboard in Chromium over a hand-computed October (the same history as reports.e2e-spec.ts,
 * seeded with SQL): the key numbers, each chart with its summary and table alternative, drill-down from a number,
 * a bar and a table link to the opportunities by name, filters in the address (Back, reload), CSV, quotas, forecast
 * accuracy over two weekly snapshots (the job's method with the clock set), activity against the weekly targets, the
 * manager's adjustment, both
 * widths without sideways scrolling, axe clean, in Turkish too.
 */
const web = useWebApp();
let f: Fixture;
type Seller = { user: { id: number }; key: string };
let north1: Seller;
let north2: Seller;
const OCT = '/reports?from=2026-10-01&to=2026-10-31';
const c = () => f.ws.constants;
const stage = (i: number) => c().open_stages[i];
const won = () => c().stages.find((s) => c().stage_roles[s] === 'won')!;
const lost = () => c().stages.find((s) => c().stage_roles[s] === 'lost')!;
let stageLabel: Record<string, string> = {};

const ids: Record<string, number> = {};

async function seed(name: string, owner: Seller, steps: [string, Partial<Opportunity>][]): Promise<void> {
  const customerId = (await insertCompany(web.t, f, owner.user.id)).id;
  const o = await db(web.t).save(
    db(web.t).create(Opportunity, { workspaceId: f.ws.id, name, customerId, ownerId: owner.user.id, currency: f.ws.app.currency_base, startDate: steps[0][0], isOpen: true, ...steps[0][1] } as Opportunity),
  );
  let state = { ...o };
  for (const [k, [day, change]] of steps.entries()) {
    state = { ...state, ...change };
    await db(web.t).insert(OppHistory, { workspaceId: f.ws.id, oppId: o.id, at: new Date(`${day}T09:00:00Z`), kind: k ? 'update' : 'created', userId: owner.user.id, ...reportedState(f.ws, state) });
  }
  await db(web.t).update(Opportunity, { workspaceId: f.ws.id, id: o.id }, { stage: state.stage, value: state.value, closeDate: state.closeDate, isOpen: c().open_stages.includes(state.stage) });
  ids[name] = o.id;
}

/** The weekly forecast snapshot as the job takes it at instant `iso`. */
async function snapshotAt(iso: string): Promise<void> {
  const spy = jest.spyOn(web.t.get(Clock), 'now').mockReturnValue(new Date(iso));
  try {
    expect(await web.t.get(ForecastSnapshotJob).snapshot(f.ws.id)).toBe(true);
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webreports');
  north1 = await createUser(web.t, f, { department: 'North' });
  north2 = await createUser(web.t, f, { department: 'North' });
  await seed('Deal Alpha', north1, [['2026-09-10', { stage: stage(0), value: 1000, closeDate: '2026-11-15' }], ['2026-10-05', { stage: stage(1), value: 1200 }]]);
  await seed('Deal Bravo', north1, [['2026-09-12', { stage: stage(3), value: 5000, closeDate: '2026-10-20' }], ['2026-10-18', { stage: won() }]]);
  await seed('Deal Charlie', north1, [['2026-10-03', { stage: stage(0), value: 700, closeDate: '2026-12-01' }]]);
  await seed('Deal Delta', north1, [['2026-09-01', { stage: stage(1), value: 400, closeDate: '2026-10-30' }], ['2026-10-10', { closeDate: '2027-01-15' }]]);
  await seed('Deal Echo', north1, [['2026-09-20', { stage: stage(2), value: 800, closeDate: '2026-11-01' }], ['2026-10-12', { stage: lost() }]]);
  await seed('Deal Golf', north2, [['2026-09-15', { stage: stage(0), value: 300, closeDate: '2027-02-01' }], ['2026-10-20', { closeDate: '2026-12-20' }]]);
  // October's forecast on the 5th (Bravo and Delta due) and on the 12th (Delta pushed to January); two visits of north1, one on Bravo
  await snapshotAt('2026-10-05T07:00:00Z');
  await snapshotAt('2026-10-12T07:00:00Z');
  const customerId = (await insertCompany(web.t, f, north1.user.id)).id;
  for (const [date, oppId] of [['2026-10-05', ids['Deal Bravo']], ['2026-10-13', null]] as const) {
    await db(web.t).insert(Activity, { workspaceId: f.ws.id, type: c().visit_types[0], date, customerId, ownerId: north1.user.id, oppId });
  }
  const me = (await api(web.t, f.host, north1.key).get('/api/v1/me').expect(200)).body;
  stageLabel = Object.fromEntries(c().stages.map((s) => [s, me.constants.labels?.stages?.[s] || me.constants.stage_labels[s] || s]));
});

async function open(path: string, width: Width = 'desktop', key = north1.key): Promise<{ page: Page; errors: string[]; asked: string[]; opps: string[] }> {
  const page = await web.page({ token: key, width, acceptDownloads: true });
  const errors: string[] = [];
  const asked: string[] = [];
  const opps: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/v1/reports/') && path !== '/api/v1/reports/teams') asked.push(r.url());
    if (path.startsWith('/api/v1/opportunities')) opps.push(r.url());
  });
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${web.origin(f.host)}${path}`);
  return { page, errors, asked, opps };
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** A card's table (always under its chart): its rows' texts, header cell first. */
async function tableOf(page: Page, title: string): Promise<string[][]> {
  const table = card(page, title).getByRole('table', { name: title });
  await table.waitFor();
  const rows = table.getByRole('row');
  const out: string[][] = [];
  for (let i = 1; i < (await rows.count()); i++) {
    const cells = await rows.nth(i).locator('th, td').allInnerTexts();
    // a link's visually hidden part names what it lists (' – Funnel: …'): the cell's figure is before it
    out.push(cells.map((x) => x.replace(/\s*– .*$/s, '').trim()));
  }
  return out;
}
/** A card's chart: its picture (named for screen readers) and the bars ECharts drew in it as SVG paths with a fill. */
const chart = (page: Page, title: string) => card(page, title).getByRole('img', { name: new RegExp(`^(Chart|Grafik): ${title}\\.`) });
async function barsOf(page: Page, title: string): Promise<number> {
  const img = chart(page, title);
  await img.locator('svg').waitFor();
  // bars are the stacked series' rectangles: paths filled with a tone colour (the decal pattern is laid over them)
  return img.locator('svg path[fill^="#"]:not([fill="#fff"]):not([fill="#ffffff"])').count();
}
const noSidewaysScroll = (page: Page) => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');

// at 10-31: Charlie 28 days in the first stage, Golf 46; Alpha 26 in the second, Delta 60 (reports.e2e-spec.ts)
const overSla = () => [28, 46].filter((d) => d > c().stage_sla[stage(0)]).length + [26, 60].filter((d) => d > c().stage_sla[stage(1)]).length;

describe('reports dashboard', () => {
  it.each(['desktop', 'phone'] as const)('key numbers, five charts with summaries and table alternatives (%s)', async (width) => {
    const { page, errors } = await open(OCT, width);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Closed won: €5,000' }).waitFor();
    await page.getByRole('link', { name: 'Win rate: 50 %' }).waitFor();
    const kpis = page.getByRole('region', { name: /^Key figures/ });
    expect(await kpis.innerText()).toContain(String(overSla()));
    expect(await card(page, 'Pipeline movement').getByText('The open pipeline went from €7,200 to €2,200. Deals created: 1, won: 1, lost: 1.').count()).toBe(1);
    // every card draws its chart (SVG bars) with the table of the same figures under it
    for (const title of ['Forecast', 'Funnel', 'Win rate over time', 'Stage ageing', 'Pipeline movement']) expect(await barsOf(page, title)).toBeGreaterThan(0);
    // the funnel's first stage reached by three deals: a table link that names what it lists
    await card(page, 'Funnel').getByRole('link', { name: new RegExp(`Funnel: ${stageLabel[stage(0)]}$`) }).waitFor();
    await screenshot(page, 'reports-dashboard', width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);

    expect((await tableOf(page, 'Pipeline movement')).find((r) => r[0] === '+ Created')?.slice(1)).toEqual(['1', '€700']);
    expect((await tableOf(page, 'Funnel')).map((r) => [r[0], r[1]])).toEqual([...c().open_stages, won()].map((s, i) => [stageLabel[s], i === 0 ? '3' : i === 1 ? '2' : '1']));
    expect((await tableOf(page, 'Win rate over time'))[0].slice(0, 4)).toEqual(['Oct 2026', '1', '1', '50 %']);
    expect((await tableOf(page, 'Stage ageing'))[0].slice(0, 2)).toEqual([stageLabel[stage(0)], '2']);
    const forecast = await tableOf(page, 'Forecast');
    expect(forecast[0].slice(0, 2)).toEqual(['Oct 2026', '€5,000']);
    await screenshot(page, 'reports-tables', width);
    // no table runs out of its card (the forecast's has a column per category)
    expect(await page.evaluate(`[...document.querySelectorAll('.rp-card')].every((c) => [...c.querySelectorAll('table')].every((t) => t.getBoundingClientRect().right <= c.getBoundingClientRect().right + 1))`)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('without a period: the current quarter', async () => {
    const { page } = await open('/reports');
    const today = todayIn(f.ws.timezone);
    const q = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
    await page.getByRole('region', { name: /^Key figures/ }).waitFor();
    expect(await page.getByLabel('From').inputValue()).toBe(`${today.slice(0, 4)}-${String(q).padStart(2, '0')}-01`);
  });

  it('drills down from a number, a bar and a table link to the deals by name; Back closes the list', async () => {
    const { page, errors, asked, opps } = await open(OCT);
    await page.getByRole('link', { name: 'Closed won: €5,000' }).waitFor();
    await chart(page, 'Pipeline movement').locator('svg').waitFor();
    await chart(page, 'Win rate over time').locator('svg').waitFor();
    // the charts are read without the ids behind each figure; only the report drilled into asks for them
    // (a one-month period: its one trend point is the same win-rate call as the key numbers', asked once)
    expect(asked.map((u) => new URL(u).pathname).sort()).toEqual(['activity', 'forecast', 'forecast-accuracy', 'funnel', 'pipeline-movement', 'win-rate'].map((p) => `/api/v1/reports/${p}`));
    expect(asked.filter((u) => u.includes('rows=1'))).toEqual([]);
    await page.getByRole('link', { name: 'Closed won: €5,000' }).click();
    const list = page.getByRole('region', { name: 'Closed won' });
    await list.getByRole('link', { name: 'Deal Bravo' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    // the names come from one read of the opportunity list by the ids of the figure, not a read per opportunity
    expect(await list.getByRole('listitem').innerText()).toMatch(/^Deal Bravo · .+ · .+ · €5,000$/);
    expect(opps.map((u) => new URL(u)).map((u) => [u.pathname, u.searchParams.get('ids')])).toEqual([['/api/v1/opportunities', String(ids['Deal Bravo'])]]);
    expect(new URL(page.url()).searchParams.get('drill')).toBe('kpi.won');
    await page.goBack();
    await list.waitFor({ state: 'detached' });

    // a bar, with the mouse: the funnel's first (top) bar
    await barsOf(page, 'Funnel');
    // (the decal pattern is a second path laid over the bar; ECharts finds the bar under the pointer itself)
    await chart(page, 'Funnel').locator('svg path[fill^="#0f766e"]').first().click({ force: true });
    const funnel = page.getByRole('region', { name: `Funnel: ${stageLabel[stage(0)]}` });
    await funnel.getByRole('link', { name: 'Deal Charlie' }).waitFor();
    expect(asked.filter((u) => u.includes('rows=1')).map((u) => new URL(u).pathname)).toEqual(['/api/v1/reports/forecast', '/api/v1/reports/funnel']);
    expect((await funnel.getByRole('link').allInnerTexts()).filter((x) => x.startsWith('Deal')).sort()).toEqual(['Deal Alpha', 'Deal Bravo', 'Deal Charlie']);
    expect(opps.filter((u) => !new URL(u).searchParams.get('ids'))).toEqual([]);
    expect(await page.evaluate('document.activeElement?.id')).toBe('rp-drill-h');
    await screenshot(page, 'reports-drill', 'desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // a table link, from the keyboard; then reload keeps the list
    const lostLink = card(page, 'Pipeline movement').getByRole('link', { name: /Pipeline movement: Lost/ });
    await lostLink.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Pipeline movement: Lost' }).getByRole('link', { name: 'Deal Echo' }).waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Pipeline movement: Lost' }).getByRole('link', { name: 'Deal Echo' }).waitFor();
    await page.getByRole('region', { name: 'Pipeline movement: Lost' }).getByRole('link', { name: /^Close/ }).click();
    await page.getByRole('region', { name: 'Pipeline movement: Lost' }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('filters live in the address: applied, kept on reload, undone by Back', async () => {
    const { page, errors } = await open(OCT);
    await page.getByRole('link', { name: 'Closed won: €5,000' }).waitFor();
    const form = page.getByRole('form', { name: 'Report filters' });
    await form.getByLabel('Owner').selectOption(String(north2.user.id));
    await form.getByRole('checkbox', { name: stageLabel[stage(0)] }).check();
    await form.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((u) => u.searchParams.get('owner') === String(north2.user.id));
    expect(new URL(page.url()).searchParams.get('stages')).toBe(stage(0));
    // Golf alone: nothing won, one open deal in the first stage
    await card(page, 'Stage ageing').getByText(/^Open deals: 1;/).waitFor();
    expect(await page.getByRole('link', { name: /^Closed won:/ }).count()).toBe(0);
    await page.reload();
    expect(await form.getByLabel('Owner').inputValue()).toBe(String(north2.user.id));
    expect(await form.getByRole('checkbox', { name: stageLabel[stage(0)] }).isChecked()).toBe(true);
    await card(page, 'Stage ageing').getByText(/^Open deals: 1;/).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Closed won: €5,000' }).waitFor();
    expect(await form.getByLabel('Owner').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('the team filter is a pick list of the teams the user may see', async () => {
    const { page, errors } = await open(OCT);
    const form = page.getByRole('form', { name: 'Report filters' });
    const team = form.getByLabel('Team');
    await team.locator('option[value="North"]').waitFor({ state: 'attached' });
    expect(await team.locator('option').allInnerTexts()).toEqual(['All teams', 'North']);
    await team.selectOption('North');
    await form.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((u) => u.searchParams.get('team') === 'North');
    await page.getByRole('link', { name: 'Closed won: €5,000' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Closed won: €5,000' }).waitFor();
    expect(await form.getByLabel('Team').inputValue()).toBe('North');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('downloads a table as CSV with plain numbers', async () => {
    const { page } = await open(OCT);
    await card(page, 'Funnel').getByRole('table').waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), card(page, 'Funnel').getByRole('button', { name: /^Download CSV/ }).click()]);
    expect(file.suggestedFilename()).toBe('funnel-2026-10-01-2026-10-31.csv');
    const lines = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Stage,Deals,Value,To next stage');
    expect(lines[1]).toMatch(new RegExp(`^"?${stageLabel[stage(0)]}"?,3,\\d+(\\.\\d+)?,0\\.\\d+$`));
  });

  it('an admin sets a quota that the key numbers then compare with what was won; a sales user has no such form', async () => {
    const { page, errors } = await open(OCT, 'desktop', f.adminKey);
    const form = page.getByRole('form', { name: 'Set quota' });
    await form.getByLabel('User').selectOption(String(north1.user.id));
    await form.getByLabel('Month').fill('2026-10');
    await form.getByLabel('Quota').fill('10000');
    await form.getByRole('button', { name: 'Set quota' }).click();
    await page.getByRole('status').filter({ hasText: 'Quota saved.' }).waitFor();
    await page.getByRole('region', { name: /^Key figures/ }).getByText('of €10,000 quota (50 %)').waitFor();
    expect((await api(web.t, f.host, f.adminKey).get('/api/v1/quotas').expect(200)).body.items).toEqual([{ user_id: north1.user.id, month: '2026-10', amount: 10000 }]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    const sales = await open(OCT);
    await chart(sales.page, 'Forecast').locator('svg').waitFor();
    expect(await sales.page.getByRole('form', { name: 'Set quota' }).count()).toBe(0);
  });

  it.each(['desktop', 'phone'] as const)('forecast accuracy week by week and activity against the weekly targets, with drill-down (%s)', async (width) => {
    const { page, errors } = await open(OCT, width);
    const accuracy = await tableOf(page, 'Forecast accuracy');
    // two weekly forecasts of October, each against the €5,000 won in it (Bravo)
    expect(accuracy.map((r) => [r[0].startsWith('Oct 2026, week of'), r[3]])).toEqual([[true, '€5,000'], [true, '€5,000']]);
    expect(accuracy.every((r) => /%$/.test(r[5]))).toBe(true);
    // five weeks touch October (from Monday 28 September): targets 5 × the weekly ones
    const activity = await tableOf(page, 'Activity against weekly targets');
    expect(activity.find((r) => r[1] === '2')?.slice(1)).toEqual(['2', '50', '0', '75']);
    expect(await card(page, 'Activity against weekly targets').getByText(/; 1(\.0)? visits per won deal \(1 deals won\)\.$/).count()).toBe(1);
    expect(await card(page, 'Leads per fair').getByText('No fair leads were taken in this period.').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'reports-accuracy-activity', width);
    // the actual won drills down to the deal, as the won deals of the activity card do
    await card(page, 'Forecast accuracy').getByRole('link', { name: /Oct 2026: Won/ }).first().click();
    await page.getByRole('region', { name: 'Oct 2026: Won' }).getByRole('link', { name: 'Deal Bravo' }).waitFor();
    await card(page, 'Activity against weekly targets').getByRole('link', { name: 'List the 1 deals won' }).click();
    await page.getByRole('region', { name: 'Deals won in the period' }).getByRole('link', { name: 'Deal Bravo' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("an admin sets the manager's adjustment of a user's and a team's forecast; a sales user has no such form", async () => {
    const { page, errors } = await open(OCT, 'desktop', f.adminKey);
    const form = page.getByRole('form', { name: "Set the manager's adjustment" });
    await form.getByLabel('For user').selectOption(String(north1.user.id));
    await form.getByLabel('Period (2026-11 or 2026-Q4)').fill('2026-11');
    await form.getByLabel('Category').selectOption(c().forecast_cats[1]);
    await form.getByLabel('Amount').fill('4321,5');
    await form.getByLabel('Note').fill('Alpha signs early');
    await form.getByRole('button', { name: "Set the manager's adjustment" }).click();
    await page.getByRole('status').filter({ hasText: 'Adjustment saved.' }).waitFor();
    const items = (await api(web.t, f.host, f.adminKey).get('/api/v1/forecast-adjustments').expect(200)).body.items;
    expect(items).toEqual([expect.objectContaining({ user_id: north1.user.id, team: null, period: '2026-11', category: c().forecast_cats[1], amount: 4321.5, note: 'Alpha signs early' })]);
    // a team picked from the list stands in for the user
    await form.getByLabel('or team (department)').selectOption('North');
    await form.getByLabel('Amount').fill('9000');
    await form.getByLabel('Note').fill('North as a whole');
    await form.getByRole('button', { name: "Set the manager's adjustment" }).click();
    await page.getByRole('status').filter({ hasText: 'Adjustment saved.' }).waitFor();
    await form.getByRole('button', { name: "Set the manager's adjustment" }).and(page.locator(':enabled')).waitFor();
    expect((await api(web.t, f.host, f.adminKey).get('/api/v1/forecast-adjustments?team=North').expect(200)).body.items).toEqual([
      expect.objectContaining({ user_id: null, team: 'North', period: '2026-11', category: c().forecast_cats[1], amount: 9000, note: 'North as a whole' }),
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    const sales = await open(OCT);
    await chart(sales.page, 'Forecast').locator('svg').waitFor();
    expect(await sales.page.getByRole('form', { name: "Set the manager's adjustment" }).count()).toBe(0);
  });

  it.each(['desktop', 'phone'] as const)('is in Turkish for a Turkish user, from the navigation (%s)', async (width) => {
    const tr = await createUser(web.t, f, { department: 'North' });
    await api(web.t, f.host, tr.key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const { page, errors } = await open('/', width, tr.key);
    if (width === 'phone') await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('link', { name: 'Raporlar' }).click();
    await page.getByRole('heading', { name: 'Raporlar', level: 1 }).waitFor();
    await page.goto(`${web.origin(f.host)}${OCT}`);
    await page.getByRole('link', { name: /^Kazanılan: / }).waitFor();
    expect((await tableOf(page, 'Fırsat hattı hareketi')).find((r) => r[0] === '+ Yeni')?.[1]).toBe('1');
    expect((await tableOf(page, 'Zaman içinde kazanma oranı'))[0][0]).toBe('Eki 2026');
    expect((await tableOf(page, 'Tahmin isabeti')).map((r) => r[0].startsWith('Eki 2026, '))).toEqual([true, true]);
    await card(page, 'Haftalık hedeflere göre etkinlik').getByText(/ziyaret ve 0 tamamlanan görev/).waitFor();
    const team = page.getByRole('form', { name: 'Rapor süzgeçleri' }).getByLabel('Ekip');
    await team.locator('option[value="North"]').waitFor({ state: 'attached' });
    expect(await team.locator('option').allInnerTexts()).toEqual(['Tüm ekipler', 'North']);
    await screenshot(page, 'reports-tr', width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
  });
});
