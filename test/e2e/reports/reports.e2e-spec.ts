import { OppHistory } from '../../../src/domain/crm/opportunities/opp-history.entity';
import { reportedState } from '../../../src/domain/crm/opportunities/opp-history';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { insertCompany } from '../../helpers/crm-fixtures';
import { captureQueries, fewestRun, ownQueryCount } from '../../helpers/query-log';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The reports over REST against a hand-computed history (seeded with SQL: the history's writing is tested in
 * opportunity-history.e2e-spec.ts), their stability after later edits, visibility across two departments,
 * quotas and their permissions, and validation errors.
 */
let t: TestApp;
let a: Fixture;
type Seller = { user: { id: number }; key: string };
let north1: Seller;
let north2: Seller;
let south1: Seller;
const ids: Record<string, number> = {};

const c = () => a.ws.constants;
const stage = (i: number) => c().open_stages[i];
const won = () => c().stages.find((s) => c().stage_roles[s] === 'won')!;
const lost = () => c().stages.find((s) => c().stage_roles[s] === 'lost')!;
const OCT = 'from=2026-10-01&to=2026-10-31';

/** One opportunity with its history: [day, changes] steps, the first its creation. */
async function seed(name: string, owner: Seller, steps: [string, Partial<Opportunity>][]): Promise<void> {
  const customerId = (await insertCompany(t, a, owner.user.id)).id;
  const [, first] = steps[0];
  const o = await db(t).save(
    db(t).create(Opportunity, { workspaceId: a.ws.id, name, customerId, ownerId: owner.user.id, currency: a.ws.app.currency_base, startDate: steps[0][0], isOpen: true, ...first } as Opportunity),
  );
  let state = { ...o };
  for (const [k, [day, change]] of steps.entries()) {
    state = { ...state, ...change };
    await db(t).insert(OppHistory, { workspaceId: a.ws.id, oppId: o.id, at: new Date(`${day}T09:00:00Z`), kind: k ? 'update' : 'created', userId: owner.user.id, ...reportedState(a.ws, state) });
  }
  await db(t).update(Opportunity, { workspaceId: a.ws.id, id: o.id }, { stage: state.stage, value: state.value, closeDate: state.closeDate, isOpen: c().open_stages.includes(state.stage) });
  ids[name] = o.id;
}

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'reports');
  north1 = await createUser(t, a, { department: 'North' });
  north2 = await createUser(t, a, { department: 'North' });
  south1 = await createUser(t, a, { department: 'South' });
  // see docs/decisions/reports.md for the terms; the figures below are worked out by hand from these steps
  await seed('A', north1, [['2026-09-10', { stage: stage(0), value: 1000, closeDate: '2026-11-15' }], ['2026-10-05', { stage: stage(1), value: 1200 }]]);
  await seed('B', north1, [['2026-09-12', { stage: stage(3), value: 5000, closeDate: '2026-10-20' }], ['2026-10-18', { stage: won() }]]);
  await seed('C', north1, [['2026-10-03', { stage: stage(0), value: 700, closeDate: '2026-12-01' }]]);
  await seed('D', north1, [['2026-09-01', { stage: stage(1), value: 400, closeDate: '2026-10-30' }], ['2026-10-10', { closeDate: '2027-01-15' }]]);
  await seed('E', north1, [['2026-09-20', { stage: stage(2), value: 800, closeDate: '2026-11-01' }], ['2026-10-12', { stage: lost() }]]);
  await seed('F', south1, [['2026-09-05', { stage: stage(0), value: 9999, closeDate: '2026-11-11' }]]);
  await seed('G', north2, [['2026-09-15', { stage: stage(0), value: 300, closeDate: '2027-02-01' }], ['2026-10-20', { closeDate: '2026-12-20' }]]);
});
afterAll(() => t.close());

const as = (s: Seller | string) => api(t, a.host, typeof s === 'string' ? s : s.key);
const named = (list: number[] | undefined) => (list ?? []).map((id) => Object.keys(ids).find((k) => ids[k] === id)).sort();

describe('GET /api/v1/reports/pipeline-movement', () => {
  it('the hand-computed waterfall, with its deals, reconciling to the cent', async () => {
    const r = (await as(north1).get(`/api/v1/reports/pipeline-movement?${OCT}&rows=1`).expect(200)).body;
    const terms = ['start', 'created', 'pulled_in', 'value_up', 'value_down', 'pushed_out', 'won', 'lost', 'end'];
    expect(Object.fromEntries(terms.map((k) => [k, [r[k].value, named(r[k].ids)]]))).toEqual({
      start: [7200, ['A', 'B', 'D', 'E']],
      created: [700, ['C']],
      pulled_in: [300, ['G']],
      value_up: [200, ['A']],
      value_down: [0, []],
      pushed_out: [400, ['D']],
      won: [5000, ['B']],
      lost: [800, ['E']],
      end: [2200, ['A', 'C', 'G']],
    });
    expect([r.close_from, r.close_to]).toEqual(['2026-10-01', '2026-12-31']);
    // without rows=1 no ids
    expect((await as(north1).get(`/api/v1/reports/pipeline-movement?${OCT}`).expect(200)).body.start).toEqual({ count: 4, value: 7200 });
  });

  it('visibility: the other department is not counted; an admin sees both', async () => {
    expect((await as(south1).get(`/api/v1/reports/pipeline-movement?${OCT}&rows=1`).expect(200)).body.start).toEqual({ count: 1, value: 9999, ids: [ids.F] });
    const admin = (await as(a.adminKey).get(`/api/v1/reports/pipeline-movement?${OCT}`).expect(200)).body;
    expect([admin.start.value, admin.end.value]).toEqual([17199, 12199]);
    // filters cannot widen what the caller sees
    expect((await as(north1).get(`/api/v1/reports/pipeline-movement?${OCT}&team=South`).expect(200)).body.start.count).toBe(0);
    expect((await as(north1).get(`/api/v1/reports/pipeline-movement?${OCT}&owner_id=${south1.user.id}`).expect(200)).body.start.count).toBe(0);
    expect((await as(north1).get(`/api/v1/reports/pipeline-movement?${OCT}&owner_id=${north2.user.id}`).expect(200)).body.end).toEqual({ count: 1, value: 300 });
    expect((await as(a.adminKey).get(`/api/v1/reports/pipeline-movement?${OCT}&team=North`).expect(200)).body.start.value).toBe(7200);
  });
});

describe('GET /api/v1/reports/forecast and quotas', () => {
  it('quotas: admins set them, sales users cannot; checked values', async () => {
    await as(north1).put('/api/v1/quotas', { items: [{ user_id: north1.user.id, month: '2026-10', amount: 1 }] }).expect(403);
    const bad = await as(a.adminKey).put('/api/v1/quotas', { items: [{ user_id: north1.user.id, month: '2026-13', amount: -1 }] }).expect(400);
    expect(bad.body.error).toBe('invalid');
    expect((await as(a.adminKey).put('/api/v1/quotas', { items: [{ user_id: 999999, month: '2026-10', amount: 1 }] }).expect(400)).body.error).toBe('invalid');
    await as(a.adminKey).put('/api/v1/quotas', { items: [] }).expect(400);
    const put = await as(a.adminKey)
      .put('/api/v1/quotas', { items: [{ user_id: north1.user.id, month: '2026-10', amount: 3000 }, { user_id: north1.user.id, month: '2026-10', amount: 10000 }, { user_id: south1.user.id, month: '2026-10', amount: 500 }] })
      .expect(200);
    expect(put.body.items).toHaveLength(2);
    expect((await as(north1).get('/api/v1/quotas?from=2026-10&to=2026-12').expect(200)).body.items).toEqual([{ user_id: north1.user.id, month: '2026-10', amount: 10000 }]);
    await as(north1).get('/api/v1/quotas?from=2026-1').expect(400);
  });

  it('by month × category, open weighted, won and lost, against the quota', async () => {
    const r = (await as(north1).get('/api/v1/reports/forecast?period=month&from=2026-10-01&to=2026-12-31&as_of=2026-10-31&rows=1').expect(200)).body;
    expect(r.periods.map((p: { period: string }) => p.period)).toEqual(['2026-10', '2026-11', '2026-12']);
    const [oct, nov, dec] = r.periods;
    expect(oct.categories.map((x: { category: string }) => x.category)).toEqual(c().forecast_cats);
    expect([oct.won.value, named(oct.won.ids), oct.lost.value, named(oct.lost.ids), oct.quota, oct.attainment]).toEqual([5000, ['B'], 800, ['E'], 10000, 0.5]);
    const cat = (p: { categories: { category: string }[] }, s: string) => p.categories.find((x) => x.category === c().stage_fc[s]);
    expect(cat(nov, stage(1))).toMatchObject({ count: 1, value: 1200, weighted: 1200 * c().stage_prob[stage(1)], ids: [ids.A] });
    // no adjustment on a report of no one: the adjusted value is the rolled-up one
    expect(dec.open).toEqual({ count: 2, value: 1000, weighted: 1000 * c().stage_prob[stage(0)], adjusted_value: 1000 });
    expect(named(cat(dec, stage(0)) && (cat(dec, stage(0)) as unknown as { ids: number[] }).ids)).toEqual(['C', 'G']);
    const q = (await as(north1).get('/api/v1/reports/forecast?period=quarter&from=2026-10-01&to=2026-12-31&as_of=2026-10-31').expect(200)).body.periods;
    expect(q).toHaveLength(1);
    expect([q[0].period, q[0].open.value, q[0].won.value, q[0].quota]).toEqual(['2026-Q4', 2200, 5000, 10000]);
  });
});

describe('GET /api/v1/reports/win-rate and funnel', () => {
  it('win rate, cycle and velocity', async () => {
    const r = (await as(north1).get(`/api/v1/reports/win-rate?${OCT}&rows=1`).expect(200)).body;
    expect([named(r.won.ids), named(r.lost.ids), r.win_rate, r.win_rate_by_value, r.cycle_median_days, r.cycle_p80_days]).toEqual([['B'], ['E'], 0.5, 5000 / 5800, 36, 36]);
    expect([named(r.open.ids), r.average_won_value, r.velocity_per_day]).toEqual([['A', 'C', 'D', 'G'], 5000, 277.78]);
    // ageing at 10-31: C in the first stage since 10-03 (28 days), G since 09-15 (46); A in the second since 10-05 (26), D since 09-01 (60)
    const ageing = r.stage_ageing as { stage: string; ids: number[]; over_sla: { ids: number[] }; median_days: number; max_days: number; sla_days: number }[];
    expect(ageing.map((g) => g.stage)).toEqual(c().open_stages);
    const sla = (i: number) => c().stage_sla[stage(i)];
    expect([named(ageing[0].ids), ageing[0].median_days, ageing[0].max_days, ageing[0].sla_days]).toEqual([['C', 'G'], 37, 46, sla(0)]);
    expect([named(ageing[1].ids), ageing[1].median_days, ageing[1].max_days]).toEqual([['A', 'D'], 43, 60]);
    expect(named(ageing[0].over_sla.ids)).toEqual(['C', 'G'].filter((_, k) => [28, 46][k] > sla(0)));
    expect(named(ageing[1].over_sla.ids)).toEqual(['A', 'D'].filter((_, k) => [26, 60][k] > sla(1)));
  });

  it('funnel in order and any stage', async () => {
    const order = (await as(north1).get(`/api/v1/reports/funnel?${OCT}`).expect(200)).body;
    expect(order.stages.map((s: { stage: string; count: number }) => [s.stage, s.count])).toEqual([...c().open_stages, won()].map((s, i) => [s, i === 0 ? 3 : i === 1 ? 2 : 1]));
    expect(order.overall_conversion).toBeCloseTo(1 / 3);
    const any = (await as(north1).get(`/api/v1/reports/funnel?${OCT}&mode=any_stage&rows=1`).expect(200)).body;
    expect(any.stages.map((s: { ids: number[] }) => named(s.ids))).toEqual([['C'], ['A'], [], [], [], ['B']]);
  });
});

describe('as of a past date', () => {
  it('edits made later do not change the reports of October', async () => {
    const paths = [`pipeline-movement?${OCT}&rows=1`, `forecast?${OCT}&as_of=2026-10-31&rows=1`, `win-rate?${OCT}&rows=1`, `funnel?${OCT}&rows=1`];
    const before = await Promise.all(paths.map(async (p) => (await as(north1).get(`/api/v1/reports/${p}`).expect(200)).body));
    await as(north1).patch(`/api/v1/opportunities/${ids.A}`, { value: 99999, close_date: '2026-10-15', fc: c().forecast_cats[2] }).expect(200);
    await as(north1).post(`/api/v1/opportunities/${ids.C}/stage`, { stage: lost(), close_reason: c().loss_reasons[0] }).expect(200);
    await as(a.adminKey).patch(`/api/v1/opportunities/${ids.G}`, { owner_id: north1.user.id }).expect(200);
    for (const [i, p] of paths.entries()) expect((await as(north1).get(`/api/v1/reports/${p}`).expect(200)).body).toEqual(before[i]);
    // and today's figures see them
    const now = (await as(north1).get(`/api/v1/reports/win-rate?rows=1`).expect(200)).body;
    expect(named(now.lost.ids)).toContain('C');
  });
});

// the statement log hooks the pg driver (not the embedded database)
(process.env.DATABASE_URL ? describe : describe.skip)('bounded SQL', () => {
  it('each report reads the history in one statement, whatever the number of records', async () => {
    for (const path of [`pipeline-movement?${OCT}`, `forecast?${OCT}&team=North`, `win-rate?${OCT}`, `funnel?${OCT}`]) {
      // the fewest of three tries, without the auth context's reloads: a cache entry that expires on a loaded machine adds its own
      const { queries } = await fewestRun(() => captureQueries(() => as(north1).get(`/api/v1/reports/${path}`).expect(200)), (r) => ownQueryCount(r.queries.map((q) => [q.text])));
      const selects = queries.map((q) => q.text).filter((q) => /^\s*(SELECT|WITH)/i.test(q) && ownQueryCount([[q]]) === 1);
      expect([path, selects.filter((q) => /opp_history/.test(q)).length]).toEqual([path, 1]);
      expect([path, selects.length <= 4]).toEqual([path, true]);
    }
  });
});

describe('validation', () => {
  it.each([
    ['pipeline-movement?from=2026-10-31&to=2026-10-01', 'from'],
    ['pipeline-movement?from=2026-1-1', 'from'],
    ['pipeline-movement?close_from=2026-12-01&close_to=2026-10-01', 'close_from'],
    ['forecast?period=week', 'period'],
    ['forecast?as_of=yesterday', 'as_of'],
    ['funnel?mode=sideways', 'mode'],
    ['win-rate?stages=Nope', 'stages'],
    ['win-rate?from=2020-01-01&to=2026-01-01', 'to'],
    ['win-rate?owner_id=abc', 'owner_id'],
    ['win-rate?rows=yes', 'rows'],
    // dates the period arithmetic and PostgreSQL cannot both hold (a 500, or a week loop that never ended)
    ['funnel?to=0000-01-01', 'to'],
    ['activity?from=9999-12-31&to=9999-12-31', 'to'],
    ['activity?from=1899-12-31&to=1900-01-01', 'from'],
    ['win-rate?to=3000-01-01', 'to'],
    ['pipeline-movement?close_to=9999-12-31', 'close_to'],
    ['forecast?as_of=0001-01-01', 'as_of'],
  ])('%s is 400 invalid naming %s', async (path, field) => {
    const r = await as(north1).get(`/api/v1/reports/${path}`).expect(400);
    expect(r.body.error).toBe('invalid');
    expect(r.body.message).toContain(field);
  });
  it.each(['funnel', 'win-rate', 'pipeline-movement', 'forecast', 'forecast-accuracy', 'activity'])('%s answers at the first and the last quarter of the dates it takes', async (path) => {
    for (const q of ['from=1900-01-01&to=1900-03-31', 'from=2999-10-01&to=2999-12-31']) {
      expect((await as(north1).get(`/api/v1/reports/${path}?${q}`).expect(200)).body.ok).toBe(true);
    }
  });
  it('needs a credential', async () => {
    await api(t, a.host).get('/api/v1/reports/funnel').expect(401);
  });
});

describe('history links (valid_to, prev_stage, prev_role)', () => {
  it('a row written before later ones (a backdated seed) is linked in between, and the reports read it', async () => {
    await seed('H', north1, [['2026-09-02', { stage: stage(0), value: 100, closeDate: '2026-10-25' }], ['2026-10-08', { stage: won() }]]);
    // backdated: moved to the second stage on 2026-10-04, written after the win
    await db(t).insert(OppHistory, { workspaceId: a.ws.id, oppId: ids.H, at: new Date('2026-10-04T09:00:00Z'), kind: 'update', userId: north1.user.id, ...reportedState(a.ws, { ...(await db(t).findOneByOrFail(Opportunity, { id: ids.H })), stage: stage(1) }) });
    const rows = await db(t).query(
      `SELECT to_char(at AT TIME ZONE 'UTC', 'MM-DD') AS at, to_char(valid_to AT TIME ZONE 'UTC', 'MM-DD') AS valid_to, stage, prev_stage, prev_role FROM opp_history WHERE workspace_id = $1 AND opp_id = $2 ORDER BY at, id`,
      [a.ws.id, ids.H],
    );
    expect(rows).toEqual([
      { at: '09-02', valid_to: '10-04', stage: stage(0), prev_stage: null, prev_role: null },
      { at: '10-04', valid_to: '10-08', stage: stage(1), prev_stage: stage(0), prev_role: 'open' },
      { at: '10-08', valid_to: null, stage: won(), prev_stage: stage(1), prev_role: 'open' },
    ]);
    // the funnel of October sees the entry of the second stage and the win
    const f = (await as(north1).get(`/api/v1/reports/funnel?${OCT}&mode=any_stage&rows=1`).expect(200)).body;
    const reached = (s: string) => f.stages.find((x: { stage: string }) => x.stage === s).ids;
    expect(reached(stage(1))).toContain(ids.H);
    expect(reached(won())).toContain(ids.H);
    expect(reached(stage(0))).not.toContain(ids.H);
  });

  it('the funnel values a deal changed after its close at the end of the period (not at its close)', async () => {
    // won on 10-06, its value edited on 10-09: the state at the end of October is the edit, a closed row after a close
    await seed('I', south1, [['2026-09-03', { stage: stage(2), value: 500, closeDate: '2026-10-20' }], ['2026-10-06', { stage: won() }], ['2026-10-09', { value: 650 }]]);
    const f = (await as(south1).get(`/api/v1/reports/funnel?${OCT}&mode=any_stage&rows=1`).expect(200)).body;
    const w = f.stages.find((x: { stage: string }) => x.stage === won());
    expect([named(w.ids), w.value]).toEqual([['I'], 650]);
  });
});

describe('forecast adjustments', () => {
  const cat = (i: number) => c().forecast_cats[i];
  type Cell = { category: string; value: number; adjusted_value: number; adjustment: { amount: number; note: string; user_id: number | null; team: string | null } | null };
  const cells = async (who: Seller | string, q: string): Promise<Cell[]> => (await as(who).get(`/api/v1/reports/forecast?${OCT}&${q}`).expect(200)).body.periods[0].categories;

  it('admins set them per user or team, period and category; the report of that user or team shows them with the note', async () => {
    await as(north1).put('/api/v1/forecast-adjustments', { items: [{ user_id: north1.user.id, period: '2026-10', category: cat(0), amount: 1 }] }).expect(403);
    const bad = await as(a.adminKey).put('/api/v1/forecast-adjustments', { items: [{ user_id: north1.user.id, period: '2026-10', category: 'Nope', amount: 1 }] }).expect(400);
    expect(bad.body.error).toBe('invalid');
    expect(JSON.stringify(bad.body)).toContain('items.0.category');
    await as(a.adminKey).put('/api/v1/forecast-adjustments', { items: [{ user_id: north1.user.id, team: 'North', period: '2026-10', category: cat(0), amount: 1 }] }).expect(400);

    await as(a.adminKey).put('/api/v1/forecast-adjustments', { items: [{ user_id: north1.user.id, period: '2026-10', category: cat(0), amount: 500, note: 'first' }] }).expect(200);
    const put = await as(a.adminKey)
      .put('/api/v1/forecast-adjustments', { items: [{ user_id: north1.user.id, period: '2026-10', category: cat(0), amount: 1234.5, note: 'Acme signs on the 20th' }, { team: 'North', period: '2026-10', category: cat(1), amount: 99 }] })
      .expect(200);
    expect(put.body.items.map((x: { amount: number }) => x.amount)).toEqual([1234.5, 99]);
    // replaced, not added
    const list = (await as(a.adminKey).get('/api/v1/forecast-adjustments?period=2026-10').expect(200)).body.items;
    expect(list.map((x: { user_id: number | null; team: string | null; amount: number }) => [x.user_id, x.team, x.amount])).toEqual([[north1.user.id, null, 1234.5], [null, 'North', 99]]);
    expect(list[0].updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const mine = await cells(north1, `owner_id=${north1.user.id}`);
    expect(mine[0].adjustment).toMatchObject({ amount: 1234.5, note: 'Acme signs on the 20th', user_id: north1.user.id });
    expect(mine[0].adjusted_value).toBe(1234.5);
    // a category without an adjustment: the rolled-up value
    expect(mine[1].adjustment).toBeNull();
    expect(mine[1].adjusted_value).toBe(mine[1].value);

    const team = await cells(north1, 'team=North');
    expect(team[1].adjustment).toMatchObject({ amount: 99, team: 'North' });
    expect(team[0].adjustment).toBeNull();
    // the whole workspace's forecast is no one's: no adjustment
    expect((await cells(a.adminKey, '')).every((x) => x.adjustment === null)).toBe(true);
    // a sales user of another department cannot read north1's adjustment through the report
    expect((await cells(south1, `owner_id=${north1.user.id}`)).every((x) => x.adjustment === null)).toBe(true);
  });
});
