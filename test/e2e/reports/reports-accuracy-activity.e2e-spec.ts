import request from 'supertest';
import { Activity } from '../../../src/domain/crm/activities/activity.entity';
import { Fair } from '../../../src/domain/crm/leads/fair.entity';
import { Lead } from '../../../src/domain/crm/leads/lead.entity';
import { OppHistory } from '../../../src/domain/crm/opportunities/opp-history.entity';
import { reportedState } from '../../../src/domain/crm/opportunities/opp-history';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { ForecastSnapshotJob } from '../../../src/domain/crm/reports';
import { Task } from '../../../src/domain/crm/tasks/task.entity';
import { Clock } from '../../../src/platform/common/clock';
import { insertCompany } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * Forecast accuracy over the weekly snapshots (taken by calling the job's method with the clock set, claimed once
 * per week of the workspace's time zone) and the activity report, against hand-computed figures, with two
 * departments' visibility, over REST and MCP. The history is seeded with SQL (its writing is tested elsewhere).
 */
let t: TestApp;
let a: Fixture;
type Seller = { user: { id: number }; key: string };
let north1: Seller;
let north2: Seller;
let south1: Seller;
const ids: Record<string, number> = {};
let customer: number;
let seq = 0;

const c = () => a.ws.constants;
const stage = (i: number) => c().open_stages[i];
const won = () => c().stages.find((s) => c().stage_roles[s] === 'won')!;
const p = (i: number) => c().stage_prob[stage(i)];
const as = (s: Seller | string) => api(t, a.host, typeof s === 'string' ? s : s.key);
const round2 = (n: number) => Math.round(n * 100) / 100;

async function seed(name: string, owner: Seller, steps: [string, Partial<Opportunity>][]): Promise<void> {
  const [, first] = steps[0];
  const o = await db(t).save(
    db(t).create(Opportunity, { workspaceId: a.ws.id, name, customerId: customer, ownerId: owner.user.id, currency: a.ws.app.currency_base, startDate: steps[0][0], isOpen: true, ...first } as Opportunity),
  );
  let state = { ...o };
  for (const [k, [day, change]] of steps.entries()) {
    state = { ...state, ...change };
    await db(t).insert(OppHistory, { workspaceId: a.ws.id, oppId: o.id, at: new Date(`${day}T09:00:00Z`), kind: k ? 'update' : 'created', userId: owner.user.id, ...reportedState(a.ws, state) });
  }
  await db(t).update(Opportunity, { workspaceId: a.ws.id, id: o.id }, { stage: state.stage, value: state.value, closeDate: state.closeDate, isOpen: c().open_stages.includes(state.stage) });
  ids[name] = o.id;
}

/** Takes the snapshot as the job would at instant `iso`. */
async function snapshotAt(iso: string): Promise<boolean> {
  const clock = t.get(Clock);
  const spy = jest.spyOn(clock, 'now').mockReturnValue(new Date(iso));
  try {
    return await t.get(ForecastSnapshotJob).snapshot(a.ws.id);
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'accuracy');
  north1 = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  north2 = await createUser(t, a, { department: 'North', fullName: 'Ned North' });
  south1 = await createUser(t, a, { department: 'South', fullName: 'Sam South' });
  customer = (await insertCompany(t, a, north1.user.id)).id;
  await seed('A', north1, [['2026-09-10', { stage: stage(0), value: 1000, closeDate: '2026-10-20' }], ['2026-10-15', { stage: won() }]]);
  await seed('B', north1, [['2026-09-12', { stage: stage(1), value: 2000, closeDate: '2026-10-25' }], ['2026-10-08', { closeDate: '2026-11-15' }]]);
  await seed('C', south1, [['2026-09-05', { stage: stage(0), value: 4000, closeDate: '2026-10-10' }], ['2026-10-09', { stage: won() }]]);
  await seed('D', north2, [['2026-10-01', { stage: stage(2), value: 500, closeDate: '2026-10-30' }]]);
});
afterAll(() => t.close());

describe('weekly forecast snapshots', () => {
  it('one per workspace and week of its time zone: a second call in the week takes none', async () => {
    expect(a.ws.timezone).toBe('Europe/Istanbul'); // UTC+3: the boundaries below are worked out for it
    expect(await snapshotAt('2026-10-05T07:00:00Z')).toBe(true); // Monday 5 October
    expect(await snapshotAt('2026-10-11T20:30:00Z')).toBe(false); // Sunday 23:30 there: still that week, already taken
    expect(await snapshotAt('2026-10-11T21:30:00Z')).toBe(true); // Monday 12 October 00:30 there: the next week
    const weeks = await db(t).query(`SELECT to_char(week, 'YYYY-MM-DD') AS week, to_char(as_of, 'YYYY-MM-DD') AS as_of, first_month, last_month FROM forecast_snapshot_weeks WHERE workspace_id = $1 ORDER BY week`, [a.ws.id]);
    expect(weeks).toEqual([
      { week: '2026-10-05', as_of: '2026-10-05', first_month: '2026-10', last_month: '2027-03' },
      { week: '2026-10-12', as_of: '2026-10-12', first_month: '2026-10', last_month: '2027-03' },
    ]);
    const cells = await db(t).query(
      `SELECT month, owner_id, category, open_count, open_cents::int AS open_cents, won_count, won_cents::int AS won_cents FROM forecast_snapshots
        WHERE workspace_id = $1 AND week = '2026-10-12' ORDER BY month, owner_id, category`,
      [a.ws.id],
    );
    // B pushed to November on the 8th, C won on the 9th (under its won category); A and D still open in October
    expect(cells).toEqual(
      [
        { month: '2026-10', owner_id: north1.user.id, category: c().stage_fc[stage(0)], open_count: 1, open_cents: 100000, won_count: 0, won_cents: 0 },
        { month: '2026-10', owner_id: north2.user.id, category: c().stage_fc[stage(2)], open_count: 1, open_cents: 50000, won_count: 0, won_cents: 0 },
        { month: '2026-10', owner_id: south1.user.id, category: c().stage_fc[won()], open_count: 0, open_cents: 0, won_count: 1, won_cents: 400000 },
        { month: '2026-11', owner_id: north1.user.id, category: c().stage_fc[stage(1)], open_count: 1, open_cents: 200000, won_count: 0, won_cents: 0 },
      ].sort((x, y) => x.month.localeCompare(y.month) || x.owner_id - y.owner_id || x.category.localeCompare(y.category)),
    );
  });
});

describe('GET /api/v1/reports/forecast-accuracy', () => {
  const Q = '/api/v1/reports/forecast-accuracy?period=month&from=2026-10-01&to=2026-10-31';
  type Week = { week: string; won_to_date: number; forecast: number; error: number; accuracy: number | null; categories: { category: string; weighted: number }[] };
  const weeksOf = (body: { periods: { weeks: Week[] }[] }) => body.periods[0].weeks.map((w) => [w.week, w.won_to_date, w.forecast, w.error, w.accuracy]);
  const acc = (f: number, actual: number) => Math.max(0, Math.round((1 - Math.abs(f - actual) / actual) * 10_000) / 10_000);

  it("a sales user: their department's owners, each week against what was won (A, 1000)", async () => {
    const r = (await as(north1).get(`${Q}&rows=1`).expect(200)).body;
    expect([r.periods.length, r.periods[0].period, r.periods[0].actual, r.periods[0].complete]).toEqual([1, '2026-10', { count: 1, value: 1000, ids: [ids.A] }, true]);
    const w1 = round2(1000 * p(0) + 2000 * p(1) + 500 * p(2));
    const w2 = round2(1000 * p(0) + 500 * p(2));
    expect(weeksOf(r)).toEqual([
      ['2026-10-05', 0, w1, round2(w1 - 1000), acc(w1, 1000)],
      ['2026-10-12', 0, w2, round2(w2 - 1000), acc(w2, 1000)],
    ]);
    expect(r.periods[0].weeks[0].categories.map((x: { category: string }) => x.category)).toEqual(c().forecast_cats);
  });

  it('the other department and the admin: what was won so far counts in the forecast', async () => {
    const s = (await as(south1).get(Q).expect(200)).body;
    expect(s.periods[0].actual).toEqual({ count: 1, value: 4000 });
    expect(weeksOf(s)).toEqual([
      ['2026-10-05', 0, round2(4000 * p(0)), round2(4000 * p(0) - 4000), acc(4000 * p(0), 4000)],
      ['2026-10-12', 4000, 4000, 0, 1],
    ]);
    const admin = (await as(a.adminKey).get(Q).expect(200)).body;
    expect(admin.periods[0].actual.value).toBe(5000);
    expect(admin.periods[0].weeks[1].forecast).toBe(round2(4000 + 1000 * p(0) + 500 * p(2)));
    // a filter never widens: the South owner from the North is nothing, actual 0 gives no accuracy
    const other = (await as(north1).get(`${Q}&owner_id=${south1.user.id}`).expect(200)).body;
    expect([other.periods[0].actual.value, weeksOf(other)]).toEqual([0, [['2026-10-05', 0, 0, 0, null], ['2026-10-12', 0, 0, 0, null]]]);
    expect(weeksOf((await as(a.adminKey).get(`${Q}&team=South`).expect(200)).body)[1]).toEqual(['2026-10-12', 4000, 4000, 0, 1]);
  });

  it('a quarter is covered by the weeks whose snapshot held all its months; bad values are refused', async () => {
    const q = (await as(a.adminKey).get('/api/v1/reports/forecast-accuracy?period=quarter&from=2026-10-01&to=2026-12-31').expect(200)).body;
    expect([q.periods[0].period, q.periods[0].weeks.length, q.periods[0].weeks[0].categories.reduce((n: number, x: { weighted: number }) => n + x.weighted, 0)]).toEqual(['2026-Q4', 2, round2(1000 * p(0) + 2000 * p(1) + 4000 * p(0) + 500 * p(2))]);
    expect((await as(a.adminKey).get('/api/v1/reports/forecast-accuracy?from=2026-13-01').expect(400)).body.error).toBe('invalid');
    expect((await as(a.adminKey).get('/api/v1/reports/forecast-accuracy?period=week').expect(400)).body.error).toBe('invalid');
  });
});

describe('GET /api/v1/reports/activity', () => {
  const Q = '/api/v1/reports/activity?from=2026-10-05&to=2026-10-18';
  const visit = (owner: Seller, date: string, oppId: number | null = null) =>
    db(t).insert(Activity, { workspaceId: a.ws.id, type: c().visit_types[0], date, customerId: customer, ownerId: owner.user.id, oppId });
  const task = (who: Seller, doneAt: string) =>
    db(t).insert(Task, { workspaceId: a.ws.id, title: `T${++seq}`, priority: c().task_priorities[0], status: c().task_done_status, assigneeId: who.user.id, ownerId: who.user.id, doneAt: new Date(doneAt) });

  beforeAll(async () => {
    await visit(north1, '2026-10-04'); // the week before
    await visit(north1, '2026-10-05');
    await visit(north1, '2026-10-07');
    await visit(north1, '2026-10-12', ids.A);
    await visit(north2, '2026-10-13', ids.A);
    for (const d of ['2026-10-06', '2026-10-06']) await visit(south1, d);
    await visit(south1, '2026-10-08', ids.C);
    await task(north1, '2026-10-06T10:00:00Z');
    await task(north1, '2026-10-11T21:30:00Z'); // Monday 00:30 in Istanbul: the second week
    await task(south1, '2026-10-16T10:00:00Z');
    const fair = await db(t).save(db(t).create(Fair, { workspaceId: a.ws.id, name: 'Plast Expo', ownerId: a.admin.id }));
    const lead = async (owner: Seller, created: string, extra: Partial<Lead> = {}) => {
      const l = await db(t).save(db(t).create(Lead, { workspaceId: a.ws.id, company: `Lead ${++seq}`, fairId: fair.id, ownerId: owner.user.id, status: c().lead_status_new, ...extra } as Lead));
      await db(t).query('UPDATE leads SET created_at = $3 WHERE workspace_id = $1 AND id = $2', [a.ws.id, l.id, new Date(created)]);
    };
    await lead(north1, '2026-10-06T09:00:00Z', { oppId: ids.A, status: c().lead_status_won });
    await lead(north1, '2026-10-06T09:00:00Z', { oppId: ids.B, status: c().lead_status_converted });
    await lead(north1, '2026-10-06T09:00:00Z');
    await lead(north1, '2026-09-01T09:00:00Z'); // before the period
    await lead(south1, '2026-10-07T09:00:00Z');
    await lead(south1, '2026-10-07T09:00:00Z');
  });

  it("a sales user: their department's users by week against the targets, visits per won deal, leads per fair", async () => {
    const r = (await as(north1).get(Q).expect(200)).body;
    expect([r.weeks, r.targets.visits > 0, r.targets.tasks > 0]).toEqual([['2026-10-05', '2026-10-12'], true, true]);
    expect(r.users.map((u: { name: string; weeks: { visits: number; tasks: number }[] }) => [u.name, u.weeks.map((w) => [w.visits, w.tasks])])).toEqual([
      ['Ned North', [[0, 0], [1, 0]]],
      ['Nora North', [[2, 1], [1, 1]]],
    ]);
    expect(r.won_deals).toEqual({ count: 1, ids: [ids.A], visits: 2, visits_per_deal: 2 });
    expect(r.fairs).toEqual([{ fair_id: expect.any(Number), name: 'Plast Expo', leads: 3, converted: 2, won: 1, conversion: 0.6667, win_rate: 0.3333 }]);
  });

  it('the admin sees both departments; filters narrow and never widen', async () => {
    const r = (await as(a.adminKey).get(Q).expect(200)).body;
    const sam = r.users.find((u: { user_id: number }) => u.user_id === south1.user.id);
    expect([sam.visits, sam.tasks, sam.weeks]).toEqual([3, 1, [{ week: '2026-10-05', visits: 3, tasks: 0 }, { week: '2026-10-12', visits: 0, tasks: 1 }]]);
    expect(r.won_deals).toEqual({ count: 2, ids: [ids.A, ids.C].sort((x, y) => x - y), visits: 3, visits_per_deal: 1.5 });
    expect(r.fairs[0]).toMatchObject({ leads: 5, converted: 2, won: 1, conversion: 0.4, win_rate: 0.2 });
    const team = (await as(a.adminKey).get(`${Q}&team=South`).expect(200)).body;
    expect([team.users.map((u: { name: string }) => u.name), team.won_deals.count, team.fairs[0].leads]).toEqual([['Sam South'], 1, 2]);
    const none = (await as(north1).get(`${Q}&owner_id=${south1.user.id}`).expect(200)).body;
    expect([none.users, none.won_deals.count, none.fairs]).toEqual([[], 0, []]);
  });
});

describe('over MCP', () => {
  const rpc = (key: string, name: string, args: unknown) =>
    request(t.app.getHttpServer())
      .post('/mcp')
      .set('Host', a.host)
      .set('Accept', 'application/json, text/event-stream')
      .set('Authorization', `Bearer ${key}`)
      .set('MCP-Protocol-Version', '2025-06-18')
      .send({ jsonrpc: '2.0', id: ++seq, method: 'tools/call', params: { name, arguments: args } });
  const result = async (key: string, name: string, args: unknown) =>
    (await rpc(key, name, args).expect(200)).body.result as { isError?: boolean; content: { text: string }[]; structuredContent?: { result: Record<string, unknown> & unknown[] } };

  it('the same numbers as REST, for what the caller may see', async () => {
    const rest = (await as(south1).get('/api/v1/reports/forecast-accuracy?from=2026-10-01&to=2026-10-31').expect(200)).body;
    const mcp = (await result(south1.key, 'forecast_accuracy', { from: '2026-10-01', to: '2026-10-31' })).structuredContent!.result as unknown as { periods: { actual_won: number; weeks: { forecast: number; accuracy: number | null }[] }[] };
    expect([mcp.periods[0].actual_won, mcp.periods[0].weeks.map((w) => [w.forecast, w.accuracy])]).toEqual([rest.periods[0].actual.value, rest.periods[0].weeks.map((w: { forecast: number; accuracy: number }) => [w.forecast, w.accuracy])]);
    const act = (await result(north1.key, 'activity_report', { from: '2026-10-05', to: '2026-10-18' })).structuredContent!.result as unknown as { won_deals: { visits_per_deal: number }; users: unknown[] };
    expect([act.won_deals.visits_per_deal, act.users.length]).toEqual([2, 2]);
  });

  it('adjustments: anyone reads those they may see; only an admin sets them, and not with an app token', async () => {
    const set = await result(a.adminKey, 'set_forecast_adjustment', { user_id: north1.user.id, period: '2026-11', category: c().forecast_cats[0], amount: 1500, note: 'signs soon', idempotency_key: 'adj-1' });
    expect([set.isError, set.structuredContent?.result]).toEqual([undefined, expect.objectContaining({ user_id: north1.user.id, amount: 1500, note: 'signs soon' })]);
    expect((await as(a.adminKey).get(`/api/v1/reports/forecast?period=month&from=2026-11-01&to=2026-11-30&owner_id=${north1.user.id}`).expect(200)).body.periods[0].categories[0].adjusted_value).toBe(1500);
    const seller = await result(north1.key, 'set_forecast_adjustment', { user_id: north1.user.id, period: '2026-11', category: c().forecast_cats[0], amount: 1, idempotency_key: 'adj-2' });
    expect([seller.isError, seller.content[0]!.text]).toEqual([true, expect.stringMatching(/^forbidden: /)]);
    const oauth = await issueKey(t, a, 'oauth', a.admin.id, ['crm.read', 'crm.write']);
    const app = await result(oauth, 'set_forecast_adjustment', { user_id: north1.user.id, period: '2026-11', category: c().forecast_cats[0], amount: 1, idempotency_key: 'adj-3' });
    expect([app.isError, app.content[0]!.text]).toEqual([true, expect.stringMatching(/^insufficient_scope: /)]);
    expect(((await result(north2.key, 'forecast_adjustments', {})).structuredContent!.result as unknown[]).length).toBe(1);
    expect(((await result(south1.key, 'forecast_adjustments', {})).structuredContent!.result as unknown[]).length).toBe(0);
  });
});
