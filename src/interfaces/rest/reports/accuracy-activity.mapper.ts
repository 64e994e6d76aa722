import type { z } from 'zod';
import { money, type AccuracyPeriod, type ActivityReport, type ReportFrame } from '../../../domain/crm/reports';
import type { ActivityReportResponse, ForecastAccuracyResponse } from './accuracy-activity.schema';

export function toAccuracy(r: { frame: ReportFrame; period: 'month' | 'quarter'; periods: AccuracyPeriod[] }, rows: boolean): z.output<typeof ForecastAccuracyResponse> {
  return {
    ok: true,
    from: r.frame.from,
    to: r.frame.to,
    period: r.period,
    periods: r.periods.map((p) => ({
      period: p.period,
      start: p.start,
      end: p.end,
      actual: { count: p.actual.count, value: money(p.actual.cents), ...(rows ? { ids: p.actual.ids } : {}) },
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

export function toActivity(r: ActivityReport): z.output<typeof ActivityReportResponse> {
  return {
    ok: true,
    from: r.frame.from,
    to: r.frame.to,
    weeks: r.weeks,
    targets: r.targets,
    users: r.users.map((u) => ({ user_id: u.userId, name: u.name, weeks: u.weeks, visits: u.visits, tasks: u.tasks })),
    won_deals: { count: r.wonDeals.count, ids: r.wonDeals.ids, visits: r.wonDeals.visits, visits_per_deal: r.wonDeals.visitsPerDeal },
    fairs: r.fairs.map((x) => ({ fair_id: x.fairId, name: x.name, leads: x.leads, converted: x.converted, won: x.won, conversion: x.conversion, win_rate: x.winRate })),
  };
}
