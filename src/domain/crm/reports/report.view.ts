import { formatTimestamp } from '../../../platform/common/time';
import type { ActivityReport } from './activity-report';
import type { AdjustmentRow } from './forecast-adjustments.service';
import type { AccuracyPeriod } from './forecast-accuracy';
import type { AgeingRow } from './ageing.rules';
import type { Funnel } from './funnel.rules';
import { MOVEMENT_TERMS, type Movement } from './movement.rules';
import type { QuotaRow } from './quotas.service';
import type { ReportFrame } from './report-source';
import { money, type Figure } from './report.types';
import type { ForecastReport } from './reports.service';
import type { WinRate } from './win-rate.rules';

/**
 * The read model of the reports (spec 2.6, docs/decisions/reports.md): the results of the report services as the
 * outside world sees them. REST answers the full views inside `{ ok: true, … }` and documents them
 * (`src/interfaces/rest/reports/*.schema.ts`, checked against these shapes by tsc); the tools answer the compact
 * projections (below), so an MCP client and Ask read the REST numbers. `rows` adds the opportunity ids behind a figure.
 */

type MovementResult = { frame: ReportFrame; closeFrom: string; closeTo: string; movement: Movement };
type WinRateResult = { frame: ReportFrame; winRate: WinRate; ageing: AgeingRow[] };
type FunnelResult = { frame: ReportFrame; mode: 'in_order' | 'any_stage'; funnel: Funnel };
type AccuracyResult = { frame: ReportFrame; period: 'month' | 'quarter'; periods: AccuracyPeriod[] };

const figure = (f: Figure, rows?: boolean) => ({ count: f.count, value: money(f.cents), ...(rows ? { ids: f.ids } : {}) });
const money2 = (cents: number | null) => (cents === null ? null : money(cents));
const period = (frame: ReportFrame) => ({ from: frame.from, to: frame.to });

/** The waterfall of the open pipeline between two dates. */
export function movementView(r: MovementResult, rows: boolean) {
  const m = r.movement;
  const t = (k: keyof Movement['terms']) => figure(m.terms[k], rows);
  return {
    ...period(r.frame), close_from: r.closeFrom, close_to: r.closeTo, start: figure(m.start, rows),
    created: t('created'), pulled_in: t('pulled_in'), value_up: t('value_up'), value_down: t('value_down'), pushed_out: t('pushed_out'), won: t('won'), lost: t('lost'),
    end: figure(m.end, rows),
  };
}

/** A manager's forecast adjustment. */
export const adjustmentView = (a: AdjustmentRow, tz: string) => ({
  user_id: a.userId, team: a.team, period: a.period, category: a.category, amount: a.amount, note: a.note, set_by: a.setBy, updated_at: formatTimestamp(a.updatedAt, tz),
});

/** The forecast by period and forecast category, with the managers' adjustments. */
export function forecastView(r: ForecastReport, rows: boolean, tz: string) {
  return {
    ...period(r.frame),
    period: r.period,
    as_of: r.asOf,
    periods: r.periods.map((p) => {
      const adjusted = (c: (typeof p.cells)[number]) => p.adjustments.get(c.category)?.amount ?? money(c.open.cents);
      const open = p.cells.reduce((n, c) => ({ count: n.count + c.open.count, cents: n.cents + c.open.cents, weighted: n.weighted + c.weightedCents }), { count: 0, cents: 0, weighted: 0 });
      return {
        period: p.period, start: p.start, end: p.end,
        categories: p.cells.map((c) => {
          const a = p.adjustments.get(c.category);
          return {
            category: c.category, count: c.open.count, value: money(c.open.cents), weighted: money(c.weightedCents), ...(rows ? { ids: c.open.ids } : {}),
            adjustment: a ? adjustmentView(a, tz) : null, adjusted_value: adjusted(c),
          };
        }),
        open: { count: open.count, value: money(open.cents), weighted: money(open.weighted), adjusted_value: Math.round(p.cells.reduce((n, c) => n + adjusted(c) * 100, 0)) / 100 },
        won: figure(p.won, rows),
        lost: figure(p.lost, rows),
        quota: p.quota,
        attainment: p.quota > 0 ? money(p.won.cents) / p.quota : null,
      };
    }),
  };
}

/** Win rate, sales cycle, velocity and the ageing of the open stages. */
export function winRateView(r: WinRateResult, rows: boolean) {
  const w = r.winRate;
  return {
    ...period(r.frame), won: figure(w.won, rows), lost: figure(w.lost, rows), win_rate: w.rate, win_rate_by_value: w.rateByValue,
    cycle_median_days: w.cycleMedianDays, cycle_p80_days: w.cycleP80Days, open: figure(w.open, rows),
    average_won_value: money2(w.averageWonCents === null ? null : Math.round(w.averageWonCents)), velocity_per_day: money2(w.velocityCentsPerDay),
    stage_ageing: r.ageing.map((a) => ({
      stage: a.stage, sla_days: a.slaDays, ...figure(a.open, rows), over_sla: figure(a.overSla, rows), median_days: a.medianDays, max_days: a.maxDays,
    })),
  };
}

/** The stage funnel. */
export function funnelView(r: FunnelResult, rows: boolean) {
  return {
    ...period(r.frame), mode: r.mode,
    stages: r.funnel.steps.map((s) => ({ stage: s.stage, ...figure(s.reached, rows), conversion_to_next: s.toNext })),
    overall_conversion: r.funnel.overall,
  };
}

/** A user's quota of a month. */
export const quotaView = (q: QuotaRow) => ({ user_id: q.userId, month: q.month, amount: q.amount });

/** Forecast accuracy week by week. */
export function accuracyView(r: AccuracyResult, rows: boolean) {
  return {
    from: r.frame.from,
    to: r.frame.to,
    period: r.period,
    periods: r.periods.map((p) => ({
      period: p.period,
      start: p.start,
      end: p.end,
      actual: figure(p.actual, rows),
      complete: p.complete,
      weeks: p.weeks.map((w) => ({
        week: w.week,
        as_of: w.asOf,
        categories: w.categories.map((c) => ({ category: c.category, count: c.count, value: money(c.cents), weighted: money(c.weightedCents) })),
        won_to_date: money(w.wonToDateCents),
        forecast: money(w.forecastCents),
        error: money(w.errorCents),
        accuracy: w.accuracy,
      })),
    })),
  };
}

const wonDeals = (r: ActivityReport) => ({ count: r.wonDeals.count, ids: r.wonDeals.ids, visits: r.wonDeals.visits, visits_per_deal: r.wonDeals.visitsPerDeal });
const fairs = (r: ActivityReport) =>
  r.fairs.map((x) => ({ fair_id: x.fairId, name: x.name, leads: x.leads, converted: x.converted, won: x.won, conversion: x.conversion, win_rate: x.winRate }));

/** Visits and tasks per user and week, visits per deal won, leads per fair. */
export function activityView(r: ActivityReport) {
  return {
    from: r.frame.from,
    to: r.frame.to,
    weeks: r.weeks,
    targets: r.targets,
    users: r.users.map((u) => ({ user_id: u.userId, name: u.name, weeks: u.weeks, visits: u.visits, tasks: u.tasks })),
    won_deals: wonDeals(r),
    fairs: fairs(r),
  };
}

/** The compact movement the tools answer: the terms after the end. */
export function movementCompact(r: MovementResult, rows?: boolean) {
  const m = r.movement;
  return {
    ...period(r.frame), close_from: r.closeFrom, close_to: r.closeTo, start: figure(m.start, rows), end: figure(m.end, rows),
    ...Object.fromEntries(MOVEMENT_TERMS.map((t) => [t, figure(m.terms[t], rows)])),
  };
}

/** The compact forecast: no period bounds, open totals or attainment; an adjustment is its amount and note. */
export function forecastCompact(r: ForecastReport, rows?: boolean) {
  return {
    ...period(r.frame), period: r.period, as_of: r.asOf,
    periods: r.periods.map((p) => ({
      period: p.period,
      categories: p.cells.map((c) => {
        const adj = p.adjustments.get(c.category);
        return {
          category: c.category, count: c.open.count, value: money(c.open.cents), weighted: money(c.weightedCents), ...(rows ? { ids: c.open.ids } : {}),
          adjustment: adj ? { amount: adj.amount, note: adj.note } : null, adjusted_value: adj?.amount ?? money(c.open.cents),
        };
      }),
      won: figure(p.won, rows),
      lost: figure(p.lost, rows),
      quota: p.quota,
    })),
  };
}

/** The compact win rate: no average won value. */
export function winRateCompact(r: WinRateResult, rows?: boolean) {
  const w = r.winRate;
  return {
    ...period(r.frame), won: figure(w.won, rows), lost: figure(w.lost, rows), open: figure(w.open, rows), win_rate: w.rate, win_rate_by_value: w.rateByValue,
    cycle_median_days: w.cycleMedianDays, cycle_p80_days: w.cycleP80Days, velocity_per_day: money2(w.velocityCentsPerDay),
    stage_ageing: r.ageing.map((g) => ({ stage: g.stage, sla_days: g.slaDays, ...figure(g.open, rows), over_sla: figure(g.overSla, rows), median_days: g.medianDays, max_days: g.maxDays })),
  };
}

/** The tools answer the funnel as REST does. */
export const funnelCompact = (r: FunnelResult, rows?: boolean) => funnelView(r, rows ?? false);

/** The compact accuracy: the actual as a value (and ids), the weighted open value spelt out, no period bounds. */
export function accuracyCompact(r: AccuracyResult, rows?: boolean) {
  return {
    ...period(r.frame), period: r.period,
    periods: r.periods.map((p) => ({
      period: p.period, actual_won: money(p.actual.cents), ...(rows ? { actual_ids: p.actual.ids } : {}), complete: p.complete,
      weeks: p.weeks.map((w) => ({
        week: w.week, as_of: w.asOf, won_to_date: money(w.wonToDateCents), weighted_open: money(w.forecastCents - w.wonToDateCents), forecast: money(w.forecastCents),
        error: money(w.errorCents), accuracy: w.accuracy,
        categories: w.categories.map((c) => ({ category: c.category, count: c.count, value: money(c.cents), weighted: money(c.weightedCents) })),
      })),
    })),
  };
}

/** The compact activity report: a user's totals before their weeks. */
export function activityCompact(r: ActivityReport) {
  return {
    ...period(r.frame), weeks: r.weeks, targets: r.targets,
    users: r.users.map((u) => ({ user_id: u.userId, name: u.name, visits: u.visits, tasks: u.tasks, weeks: u.weeks })),
    won_deals: wonDeals(r),
    fairs: fairs(r),
  };
}

/** The compact adjustment: no update time. */
export const adjustmentCompact = (a: Omit<AdjustmentRow, 'updatedAt'>) => ({
  user_id: a.userId, team: a.team, period: a.period, category: a.category, amount: a.amount, note: a.note, set_by: a.setBy,
});
