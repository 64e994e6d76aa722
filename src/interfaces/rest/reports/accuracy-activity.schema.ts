import { z } from 'zod';
import type { accuracyView, activityView } from '../../../domain/crm/reports';
import { f, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import { ReportFigure } from './reports.schema';

const value = () => z.number().meta({ description: 'in the base currency (app.currency_base), two decimals' });
const rate = () => z.number().min(0).nullable().meta({ description: 'a share (0.25 = 25 %); null when there is nothing to divide by' });

const AccuracyWeekRow = z.object({
  week: f.date().meta({ description: "the Monday of the snapshot's week (workspace time)" }),
  as_of: f.date().meta({ description: 'the day the snapshot was taken (the forecast as it stood at its end)' }),
  categories: z.array(z.object({ category: z.string(), count: f.count(), value: value(), weighted: value() })).meta({ description: 'open opportunities due in the period then, by forecast category' }),
  won_to_date: value().meta({ description: 'already won in the period when the snapshot was taken' }),
  forecast: value().meta({ description: 'won_to_date + the weighted open value: what the week forecast the period would win' }),
  error: value().meta({ description: 'forecast − actual (negative: under-forecast)' }),
  accuracy: rate().meta({ description: '1 − |error| ÷ actual, at least 0; null when nothing was won' }),
});

export const ForecastAccuracyResponse = named(
  'ForecastAccuracyResponse',
  z.object({
    ok: f.ok(),
    from: f.date(),
    to: f.date(),
    period: z.enum(['month', 'quarter']),
    periods: z.array(
      z.object({
        period: z.string().meta({ description: '2026-11 (month) or 2026-Q4 (quarter)' }),
        start: f.date(),
        end: f.date(),
        actual: ReportFigure.meta({ description: 'won in the period (by the day of the win), as of today' }),
        complete: z.boolean().meta({ description: 'the period has ended: actual is final' }),
        weeks: z.array(AccuracyWeekRow).meta({ description: 'each weekly snapshot that covered the period, taken on or before its last day, oldest first' }),
      }),
    ),
  }),
  {
    description: "How each week's forecast of a period compared with what was won in it (docs/decisions/reports.md).",
    example: {
      ok: true, from: '2026-10-01', to: '2026-10-31', period: 'month',
      periods: [{
        period: '2026-10', start: '2026-10-01', end: '2026-10-31', actual: { count: 1, value: 5000, ids: [95] }, complete: true,
        weeks: [{ week: '2026-09-28', as_of: '2026-09-28', categories: [{ category: 'Commit', count: 2, value: 6000, weighted: 4200 }], won_to_date: 0, forecast: 4200, error: -800, accuracy: 0.84 }],
      }],
    },
  },
);

export const ActivityReportResponse = named(
  'ActivityReportResponse',
  z.object({
    ok: f.ok(),
    from: f.date(),
    to: f.date(),
    weeks: z.array(f.date()).meta({ description: "the Mondays of the weeks (workspace time) touching the period; each week is counted whole" }),
    targets: z.object({ visits: f.count(), tasks: f.count() }).meta({ description: "each user's weekly targets (those of Today)" }),
    users: z.array(
      z.object({
        user_id: f.id(),
        name: z.string(),
        weeks: z.array(z.object({ week: f.date(), visits: f.count(), tasks: f.count().meta({ description: 'tasks completed (done_at) that week' }) })),
        visits: f.count(),
        tasks: f.count(),
      }),
    ).meta({ description: 'the users the caller may see (narrowed by owner_id / team), by name' }),
    won_deals: z.object({
      count: f.count(),
      ids: z.array(f.id()).meta({ description: 'the deals won in the period' }),
      visits: f.count().meta({ description: 'visits logged on them (any date)' }),
      visits_per_deal: z.number().min(0).nullable(),
    }),
    fairs: z.array(
      z.object({ fair_id: f.id(), name: z.string(), leads: f.count(), converted: f.count(), won: f.count(), conversion: rate(), win_rate: rate() }),
    ).meta({ description: 'leads taken in the period per fair: converted into an opportunity, and won' }),
  }),
  {
    description: 'Visits and completed tasks per user and week against the weekly targets, visits per won deal, and leads per fair with their conversion.',
    example: {
      ok: true, from: '2026-11-02', to: '2026-11-15', weeks: ['2026-11-02', '2026-11-09'], targets: { visits: 10, tasks: 15 },
      users: [{ user_id: 7, name: 'Ayşe Demir', weeks: [{ week: '2026-11-02', visits: 4, tasks: 9 }, { week: '2026-11-09', visits: 6, tasks: 12 }], visits: 10, tasks: 21 }],
      won_deals: { count: 2, ids: [95, 96], visits: 5, visits_per_deal: 2.5 },
      fairs: [{ fair_id: 3, name: 'Interpack 2026', leads: 40, converted: 10, won: 2, conversion: 0.25, win_rate: 0.05 }],
    },
  },
);

/** The domain's read model is what these schemas document (src/domain/crm/reports/report.view.ts), answered inside `{ ok: true, … }`. */
export type AccuracyActivityViewsFit = [
  Assert<Conforms<{ ok: true } & ReturnType<typeof accuracyView>, typeof ForecastAccuracyResponse>>,
  Assert<Conforms<{ ok: true } & ReturnType<typeof activityView>, typeof ActivityReportResponse>>,
];
