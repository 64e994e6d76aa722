import { closedRow, inScope, periodBounds, periodOf, periodsBetween, stateAt, type PeriodKind } from './history.rules';
import { addTo, emptyFigure, type Figure, type HistoryRow, type ReportScope } from './report.types';

export interface ForecastInput {
  period: PeriodKind;
  from: string;
  to: string;
  /** The day the forecast is computed as of (the state at its end). */
  asOf: string;
  categories: string[];
  scope: ReportScope;
}

export interface ForecastCell {
  category: string;
  /** Open opportunities of the category due (close date) in the period. */
  open: Figure;
  /** Their value times the stage probability at the time, in cents. */
  weightedCents: number;
}

export interface ForecastPeriod {
  period: string;
  start: string;
  end: string;
  cells: ForecastCell[];
  /** Won in the period (by the day of the win), as of `asOf`. */
  won: Figure;
  /** Lost or cancelled in the period. */
  lost: Figure;
}

/**
 * The forecast as of a day: every period of `from..to` × the workspace's forecast categories, the open
 * opportunities due in it (by close date) with value and weighted value (stage probability), and what was won
 * and lost in it (by the day of the close). Categories and probabilities are the ones of each opportunity's
 * state at `asOf`, so a later edit does not change it.
 */
export function forecast(history: Map<number, HistoryRow[]>, f: ForecastInput): ForecastPeriod[] {
  const keys = periodsBetween(f.from, f.to, f.period);
  const byKey = new Map<string, ForecastPeriod>(
    keys.map((k) => [
      k,
      { period: k, ...periodBounds(k), cells: f.categories.map((category) => ({ category, open: emptyFigure(), weightedCents: 0 })), won: emptyFigure(), lost: emptyFigure() },
    ]),
  );
  for (const [id, all] of history) {
    const s = stateAt(all, f.asOf);
    if (!inScope(s, f.scope)) continue;
    if (s.role === 'open') {
      const p = byKey.get(periodOf(s.closeDate, f.period));
      const cell = p?.cells.find((c) => c.category === s.fc);
      if (!cell) continue;
      addTo(cell.open, id, s.cents);
      cell.weightedCents += Math.round(s.cents * s.prob);
      continue;
    }
    const rows = all.filter((r) => r.day <= f.asOf);
    const closed = closedRow(rows);
    const p = closed && byKey.get(periodOf(closed.day, f.period));
    if (!p) continue;
    addTo(s.role === 'won' ? p.won : p.lost, id, s.cents);
  }
  return keys.map((k) => byKey.get(k)!);
}

/** Sum of figures' cents. */
export const centsOf = (figs: Figure[]): number => figs.reduce((n, x) => n + x.cents, 0);
