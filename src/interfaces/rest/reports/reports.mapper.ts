import type { z } from 'zod';
import { money, type AdjustmentRow, type AgeingRow, type Figure, type ForecastReport, type Funnel, type Movement, type QuotaRow, type ReportFrame, type WinRate } from '../../../domain/crm/reports';
import { formatTimestamp } from '../../../platform/common/time';
import type { ForecastAdjustmentList, ForecastResponse, FunnelResponse, PipelineMovementResponse, QuotaList, WinRateResponse } from './reports.schema';

const figure = (f: Figure, rows: boolean) => ({ count: f.count, value: money(f.cents), ...(rows ? { ids: f.ids } : {}) });
const money2 = (cents: number | null) => (cents === null ? null : money(cents));
const period = (frame: ReportFrame) => ({ from: frame.from, to: frame.to });

export function toMovement(r: { frame: ReportFrame; closeFrom: string; closeTo: string; movement: Movement }, rows: boolean): z.output<typeof PipelineMovementResponse> {
  const m = r.movement;
  const t = (k: keyof Movement['terms']) => figure(m.terms[k], rows);
  return {
    ok: true, ...period(r.frame), close_from: r.closeFrom, close_to: r.closeTo, start: figure(m.start, rows),
    created: t('created'), pulled_in: t('pulled_in'), value_up: t('value_up'), value_down: t('value_down'), pushed_out: t('pushed_out'), won: t('won'), lost: t('lost'),
    end: figure(m.end, rows),
  };
}

const adjustment = (a: AdjustmentRow, tz: string) => ({
  user_id: a.userId, team: a.team, period: a.period, category: a.category, amount: a.amount, note: a.note, set_by: a.setBy, updated_at: formatTimestamp(a.updatedAt, tz),
});

export function toForecast(r: ForecastReport, rows: boolean, tz: string): z.output<typeof ForecastResponse> {
  return {
    ok: true,
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
            adjustment: a ? adjustment(a, tz) : null, adjusted_value: adjusted(c),
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

export function toWinRate(r: { frame: ReportFrame; winRate: WinRate; ageing: AgeingRow[] }, rows: boolean): z.output<typeof WinRateResponse> {
  const w = r.winRate;
  return {
    ok: true, ...period(r.frame), won: figure(w.won, rows), lost: figure(w.lost, rows), win_rate: w.rate, win_rate_by_value: w.rateByValue,
    cycle_median_days: w.cycleMedianDays, cycle_p80_days: w.cycleP80Days, open: figure(w.open, rows),
    average_won_value: money2(w.averageWonCents === null ? null : Math.round(w.averageWonCents)), velocity_per_day: money2(w.velocityCentsPerDay),
    stage_ageing: r.ageing.map((a) => ({
      stage: a.stage, sla_days: a.slaDays, ...figure(a.open, rows), over_sla: figure(a.overSla, rows), median_days: a.medianDays, max_days: a.maxDays,
    })),
  };
}

export function toFunnel(r: { frame: ReportFrame; mode: 'in_order' | 'any_stage'; funnel: Funnel }, rows: boolean): z.output<typeof FunnelResponse> {
  return {
    ok: true, ...period(r.frame), mode: r.mode,
    stages: r.funnel.steps.map((s) => ({ stage: s.stage, ...figure(s.reached, rows), conversion_to_next: s.toNext })),
    overall_conversion: r.funnel.overall,
  };
}

export const toQuotas = (items: QuotaRow[]): z.output<typeof QuotaList> => ({ ok: true, items: items.map((q) => ({ user_id: q.userId, month: q.month, amount: q.amount })) });

export const toAdjustments = (items: AdjustmentRow[], tz: string): z.output<typeof ForecastAdjustmentList> => ({ ok: true, items: items.map((a) => adjustment(a, tz)) });
