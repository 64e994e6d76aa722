import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { forecast } from './forecast.rules';
import { monthsOf, periodBounds, periodOf, type PeriodKind } from './history.rules';
import { ReportSource, type ReportFrame, type ReportQuery } from './report-source';
import type { Figure } from './report.types';

export interface AccuracyQuery extends Pick<ReportQuery, 'from' | 'to' | 'owner_id' | 'team'> {
  period?: PeriodKind;
}

/** One week's forecast of a period, from that week's snapshot. Money in cents. */
export interface AccuracyWeek {
  week: string;
  asOf: string;
  categories: { category: string; count: number; cents: number; weightedCents: number }[];
  /** Won in the period up to the snapshot's day. */
  wonToDateCents: number;
  /** wonToDate + the weighted open value: the week's forecast of what the period will win. */
  forecastCents: number;
  /** forecast − actual won. */
  errorCents: number;
  /** 1 − |error| ÷ actual, at least 0; null when nothing was won. */
  accuracy: number | null;
}

export interface AccuracyPeriod {
  period: string;
  start: string;
  end: string;
  /** What was won in the period (by the day of the win), as of today. */
  actual: Figure;
  /** The period has ended (today is after its last day): `actual` is final. */
  complete: boolean;
  weeks: AccuracyWeek[];
}

interface CellRow {
  week: string;
  as_of: string;
  first_month: string;
  last_month: string;
  month: string | null;
  category: string | null;
  open_count: number;
  open_cents: string;
  weighted_cents: string;
  won_cents: string;
}

/** Accuracy with four decimals, never below 0 (a forecast twice the actual is as wrong as one of nothing). */
export function accuracyOf(forecastCents: number, actualCents: number): number | null {
  if (actualCents <= 0) return null;
  return Math.max(0, Math.round((1 - Math.abs(forecastCents - actualCents) / actualCents) * 10_000) / 10_000);
}

/**
 * Forecast accuracy (docs/decisions/reports.md, "Weekly snapshots and accuracy"): per month or quarter of the
 * period, each weekly snapshot that covered it (taken on or before its last day) against what was won in it. The
 * snapshots' cells are per owner at the snapshot, so a sales user's report sums the cells of the owners they may
 * see (and `owner_id`/`team` narrow them), as the other reports filter by owner.
 */
@Injectable()
export class ForecastAccuracyService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly source: ReportSource,
  ) {}

  async accuracy(auth: UserContext, q: AccuracyQuery): Promise<{ frame: ReportFrame; period: PeriodKind; periods: AccuracyPeriod[] }> {
    const frame = await this.source.frame(auth, q);
    const period = q.period ?? 'month';
    const first = periodBounds(periodOf(frame.from, period)).start;
    const last = periodBounds(periodOf(frame.to, period)).end;
    // what was won in each period, as of today (or the period's end: later wins are of later periods)
    const { reads, scope } = await this.source.reads(auth, q);
    const history = await reads.forecast(scope, frame.today, first, last);
    const actuals = forecast(history, { period, from: frame.from, to: frame.to, asOf: frame.today, categories: [], scope: frame.scope });
    const cells = await this.cells(auth, frame, first.slice(0, 7), last.slice(0, 7), last);
    const cats = auth.workspace.constants.forecast_cats;
    const periods = actuals.map((p): AccuracyPeriod => {
      const months = monthsOf(p.period).map((m) => m.slice(0, 7));
      const weeks = [...new Set(cells.map((c) => c.week))].flatMap((week): AccuracyWeek[] => {
        const of = cells.filter((c) => c.week === week);
        const w = of[0];
        if (w.first_month > months[0] || w.last_month < months.at(-1)! || w.as_of > p.end) return [];
        const inP = of.filter((c) => c.month !== null && months.includes(c.month));
        const categories = cats.map((category) => {
          const mine = inP.filter((c) => c.category === category);
          return { category, count: mine.reduce((n, c) => n + c.open_count, 0), cents: sum(mine, 'open_cents'), weightedCents: sum(mine, 'weighted_cents') };
        });
        const wonToDateCents = sum(inP, 'won_cents');
        const forecastCents = wonToDateCents + categories.reduce((n, c) => n + c.weightedCents, 0);
        return [{ week, asOf: w.as_of, categories, wonToDateCents, forecastCents, errorCents: forecastCents - p.won.cents, accuracy: accuracyOf(forecastCents, p.won.cents) }];
      });
      return { period: p.period, start: p.start, end: p.end, actual: p.won, complete: p.end < frame.today, weeks };
    });
    return { frame, period, periods };
  }

  /** The snapshot cells of the owners in scope for the months `first..last`, with every week that covered any of them. */
  private async cells(auth: UserContext, frame: ReportFrame, firstMonth: string, lastMonth: string, lastDay: string): Promise<CellRow[]> {
    const owners = frame.owners;
    return this.uow.tenant(auth.workspace.id).sql<CellRow>(
      `SELECT to_char(w.week, 'YYYY-MM-DD') AS week, to_char(w.as_of, 'YYYY-MM-DD') AS as_of, w.first_month, w.last_month, s.month, s.category,
              coalesce(s.open_count, 0)::int AS open_count, coalesce(s.open_cents, 0)::text AS open_cents, coalesce(s.weighted_cents, 0)::text AS weighted_cents,
              coalesce(s.won_cents, 0)::text AS won_cents
         FROM forecast_snapshot_weeks w
         LEFT JOIN forecast_snapshots s ON s.workspace_id = w.workspace_id AND s.week = w.week AND s.month BETWEEN $2 AND $3
              AND ($5::int[] IS NULL OR s.owner_id = ANY($5::int[]))
        WHERE w.workspace_id = $1 AND w.as_of <= $4::date AND w.last_month >= $2 AND w.first_month <= $3
        ORDER BY w.week`,
      [firstMonth, lastMonth, lastDay, owners],
    );
  }
}

const sum = (rows: CellRow[], k: 'open_cents' | 'weighted_cents' | 'won_cents'): number => rows.reduce((n, c) => n + Number(c[k]), 0);
