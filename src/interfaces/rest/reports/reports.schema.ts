import { z } from 'zod';
import type { adjustmentView, forecastView, funnelView, movementView, quotaView, winRateView } from '../../../domain/crm/reports';
import { example, f, named, type Assert, type Conforms } from '../../../edge/openapi/schema';

const value = () => z.number().meta({ description: 'in the base currency (app.currency_base), two decimals' });
const ids = () => z.array(f.id()).optional().meta({ description: 'with rows=1: the opportunities behind the figure' });
const rate = () => z.number().min(0).nullable().meta({ description: 'a share (0.25 = 25 %); null when there is nothing to divide by' });

export const ReportFigure = named('ReportFigure', z.object({ count: f.count(), value: value(), ids: ids() }), {
  description: 'A count and value with, on request, the opportunity ids behind them.',
  example: { count: 2, value: 1500.5, ids: [95, 96] },
});
const figureExample = { count: 2, value: 1500.5, ids: [95, 96] };

const period = { from: f.date(), to: f.date() };

export const PipelineMovementResponse = named(
  'PipelineMovementResponse',
  z.object({
    ok: f.ok(),
    ...period,
    close_from: f.date().meta({ description: 'the counted pipeline is the open opportunities due from close_from to close_to' }),
    close_to: f.date(),
    start: ReportFigure.meta({ description: 'open pipeline at the start of `from`' }),
    created: ReportFigure,
    pulled_in: ReportFigure.meta({ description: 'existed at the start outside the counted pipeline, in it at the end' }),
    value_up: ReportFigure,
    value_down: ReportFigure.meta({ description: 'subtracted' }),
    pushed_out: ReportFigure.meta({ description: 'subtracted: still open, but due outside the window (or out of the owner/stage filter) at the end' }),
    won: ReportFigure.meta({ description: 'subtracted' }),
    lost: ReportFigure.meta({ description: 'subtracted: lost or cancelled' }),
    end: ReportFigure.meta({ description: 'open pipeline at the end of `to` = start + created + pulled_in + value_up − value_down − pushed_out − won − lost' }),
  }),
  {
    description: 'The pipeline waterfall between two dates (docs/decisions/reports.md).',
    example: {
      ok: true, from: '2026-10-01', to: '2026-10-31', close_from: '2026-10-01', close_to: '2026-12-31',
      start: figureExample, created: figureExample, pulled_in: figureExample, value_up: figureExample, value_down: figureExample,
      pushed_out: figureExample, won: figureExample, lost: figureExample, end: figureExample,
    },
  },
);

export const ForecastAdjustmentItem = named(
  'ForecastAdjustment',
  z.object({
    user_id: f.id().nullable().meta({ description: 'the user adjusted (or null: a team)' }),
    team: z.string().nullable().meta({ description: 'the department adjusted (or null: a user)' }),
    period: z.string().meta({ description: '2026-11 (month) or 2026-Q4 (quarter)' }),
    category: z.string().meta({ description: 'one of constants.forecast_cats' }),
    amount: value().meta({ description: "the manager's adjusted amount, base currency" }),
    note: z.string(),
    set_by: f.id().nullable(),
    updated_at: f.timestamp(),
  }),
  {
    description: "A manager's adjusted forecast for a user or team, period and category.",
    example: { user_id: 7, team: null, period: '2026-11', category: 'Commit', amount: 1800, note: 'Acme signs on the 20th', set_by: 1, updated_at: '2026-11-15T10:00:00' },
  },
);
const ForecastCategory = z.object({
  category: z.string().meta({ description: 'one of constants.forecast_cats' }),
  count: f.count(),
  value: value(),
  weighted: value(),
  ids: ids(),
  adjustment: ForecastAdjustmentItem.nullable().meta({ description: "the manager's adjustment, on the report of one user (owner_id) or one team (team); else null" }),
  adjusted_value: value().meta({ description: 'the adjustment, else the rolled-up value' }),
});
export const ForecastPeriodRow = named(
  'ForecastPeriod',
  z.object({
    period: z.string().meta({ description: '2026-11 (month) or 2026-Q4 (quarter)' }),
    start: f.date(),
    end: f.date(),
    categories: z.array(ForecastCategory).meta({ description: 'open opportunities due in the period, by forecast category (every category of the workspace, in order)' }),
    open: z.object({ count: f.count(), value: value(), weighted: value(), adjusted_value: value().meta({ description: "sum of the categories' adjusted_value" }) }),
    won: ReportFigure.meta({ description: 'won in the period' }),
    lost: ReportFigure.meta({ description: 'lost or cancelled in the period' }),
    quota: value().meta({ description: "sum of the quotas of the users in scope for the period's months" }),
    attainment: rate().meta({ description: 'won value ÷ quota; null without a quota' }),
  }),
  { description: 'One period of the forecast.' },
);
const forecastPeriodExample = example(ForecastPeriodRow, {
  period: '2026-11', start: '2026-11-01', end: '2026-11-30',
  categories: [{ category: 'Commit', count: 2, value: 1500.5, weighted: 900.3, ids: [95, 96], adjustment: null, adjusted_value: 1500.5 }],
  open: { count: 2, value: 1500.5, weighted: 900.3, adjusted_value: 1500.5 }, won: figureExample, lost: { count: 0, value: 0, ids: [] }, quota: 10000, attainment: 0.15,
});

export const ForecastResponse = named(
  'ForecastResponse',
  z.object({ ok: f.ok(), ...period, period: z.enum(['month', 'quarter']), as_of: f.date(), periods: z.array(ForecastPeriodRow) }),
  { description: 'The forecast by period and forecast category, as of a day.', example: { ok: true, from: '2026-11-01', to: '2026-11-30', period: 'month', as_of: '2026-11-15', periods: [forecastPeriodExample] } },
);

export const WinRateResponse = named(
  'WinRateResponse',
  z.object({
    ok: f.ok(),
    ...period,
    won: ReportFigure.meta({ description: 'closed won in the period' }),
    lost: ReportFigure.meta({ description: 'closed lost or cancelled in the period' }),
    win_rate: rate().meta({ description: 'won ÷ (won + lost), by count' }),
    win_rate_by_value: rate(),
    cycle_median_days: z.number().min(0).nullable().meta({ description: 'days from created to won, median of the deals won in the period' }),
    cycle_p80_days: z.number().min(0).nullable().meta({ description: 'the same, 80th percentile (nearest rank)' }),
    open: ReportFigure.meta({ description: 'open at the end of the period' }),
    average_won_value: value().nullable(),
    velocity_per_day: value().nullable().meta({ description: 'open deals × win rate × average won value ÷ median cycle days' }),
    stage_ageing: z
      .array(
        z.object({
          stage: z.string(),
          sla_days: f.count().meta({ description: 'constants.stage_sla; 0 = none' }),
          count: f.count(),
          value: value(),
          ids: ids(),
          over_sla: ReportFigure.meta({ description: 'in the stage longer than its SLA' }),
          median_days: z.number().min(0).nullable(),
          max_days: z.number().min(0).nullable(),
        }),
      )
      .meta({ description: 'per open stage, the deals open in it at the end of the period and the days since they entered it' }),
  }),
  {
    description: 'Win rate, sales cycle and velocity of a period.',
    example: {
      ok: true, from: '2026-10-01', to: '2026-12-31', won: figureExample, lost: figureExample, win_rate: 0.5, win_rate_by_value: 0.5,
      cycle_median_days: 30, cycle_p80_days: 41, open: figureExample, average_won_value: 750.25, velocity_per_day: 25.01,
      stage_ageing: [{ stage: 'Qualify', sla_days: 14, count: 2, value: 1500.5, ids: [95, 96], over_sla: { count: 1, value: 500, ids: [96] }, median_days: 9.5, max_days: 16 }],
    },
  },
);

export const FunnelResponse = named(
  'FunnelResponse',
  z.object({
    ok: f.ok(),
    ...period,
    mode: z.enum(['in_order', 'any_stage']),
    stages: z.array(
      z.object({ stage: z.string(), count: f.count(), value: value(), ids: ids(), conversion_to_next: rate() }),
    ).meta({ description: 'the open stages in pipeline order, then the won stage' }),
    overall_conversion: rate().meta({ description: 'last stage ÷ first stage' }),
  }),
  {
    description: 'Count and value that reached each stage in the period, and the conversions.',
    example: { ok: true, from: '2026-10-01', to: '2026-12-31', mode: 'in_order', stages: [{ stage: 'Qualify', count: 2, value: 1500.5, ids: [95, 96], conversion_to_next: 0.5 }], overall_conversion: 0.5 },
  },
);

const QuotaItem = named('Quota', z.object({ user_id: f.id(), month: z.string().regex(/^\d{4}-\d{2}$/), amount: value() }), {
  description: "A user's quota for a month.",
  example: { user_id: 7, month: '2026-12', amount: 25000 },
});
export const QuotaList = named('QuotaList', z.object({ ok: f.ok(), items: z.array(QuotaItem) }), {
  description: 'Quotas of the users the caller may see.',
  example: { ok: true, items: [{ user_id: 7, month: '2026-12', amount: 25000 }] },
});

export const ForecastAdjustmentList = named('ForecastAdjustmentList', z.object({ ok: f.ok(), items: z.array(ForecastAdjustmentItem) }), {
  description: "Managers' forecast adjustments.",
  example: { ok: true, items: [{ user_id: 7, team: null, period: '2026-11', category: 'Commit', amount: 1800, note: 'Acme signs on the 20th', set_by: 1, updated_at: '2026-11-15T10:00:00' }] },
});

const TeamItem = named('ReportTeam', z.object({ name: z.string().meta({ description: "the department, as the reports' `team` filter takes it" }), users: f.count().meta({ description: 'its active users the caller may see' }) }), {
  description: 'A team (department) the caller may report on.',
  example: { name: 'North', users: 4 },
});
export const ReportTeamList = named('ReportTeamList', z.object({ ok: f.ok(), items: z.array(TeamItem) }), {
  description: "The teams (departments) of the active users the caller may see, by name: every department for admins, a sales user's own.",
  example: { ok: true, items: [{ name: 'North', users: 4 }] },
});

/** The domain's read model is what these schemas document (src/domain/crm/reports/report.view.ts), answered inside `{ ok: true, … }`. */
type Answer<V extends (...a: never[]) => unknown> = { ok: true } & ReturnType<V>;
export type ReportViewsFit = [
  Assert<Conforms<Answer<typeof movementView>, typeof PipelineMovementResponse>>,
  Assert<Conforms<Answer<typeof forecastView>, typeof ForecastResponse>>,
  Assert<Conforms<Answer<typeof winRateView>, typeof WinRateResponse>>,
  Assert<Conforms<Answer<typeof funnelView>, typeof FunnelResponse>>,
  Assert<Conforms<ReturnType<typeof quotaView>, typeof QuotaItem>>,
  Assert<Conforms<ReturnType<typeof adjustmentView>, typeof ForecastAdjustmentItem>>,
];
