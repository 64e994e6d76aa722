import { daysBetween } from '../../../platform/common/time';
import { closedRow, createdDay, inScope, median, percentile, stateAt } from './history.rules';
import { addTo, emptyFigure, type Figure, type HistoryRow, type ReportScope } from './report.types';

export interface WinRateInput {
  from: string;
  to: string;
  scope: ReportScope;
}

export interface WinRate {
  won: Figure;
  /** Lost or cancelled. */
  lost: Figure;
  /** won / (won + lost) by count and by value; null when nothing closed. */
  rate: number | null;
  rateByValue: number | null;
  /** Days from created to won of the deals won in the period. */
  cycleMedianDays: number | null;
  cycleP80Days: number | null;
  /** Open at the end of the period, in scope (the velocity's deal count). */
  open: Figure;
  /** Average value of the deals won in the period, in cents. */
  averageWonCents: number | null;
  /** open deals × rate × average won value ÷ median cycle: the value the pipeline yields per day, in cents. */
  velocityCentsPerDay: number | null;
}

/**
 * Win rate, sales cycle and velocity of the opportunities closed in `from..to` (by the day of the close, their
 * owner and stage then), from the history up to `to`.
 */
export function winRate(history: Map<number, HistoryRow[]>, w: WinRateInput): WinRate {
  const won = emptyFigure();
  const lost = emptyFigure();
  const open = emptyFigure();
  const cycles: number[] = [];
  for (const [id, all] of history) {
    const rows = all.filter((r) => r.day <= w.to);
    const end = stateAt(rows, w.to);
    if (end?.role === 'open' && inScope(end, w.scope)) addTo(open, id, end.cents);
    const closed = closedRow(rows);
    if (!closed || closed.day < w.from || !inScope(closed, w.scope)) continue;
    if (closed.role === 'won') {
      addTo(won, id, end!.cents);
      cycles.push(Math.max(0, daysBetween(createdDay(rows)!, closed.day)));
    } else addTo(lost, id, end!.cents);
  }
  const n = won.count + lost.count;
  const rate = n ? won.count / n : null;
  const cycle = median(cycles);
  const averageWonCents = won.count ? won.cents / won.count : null;
  const velocity = rate !== null && averageWonCents !== null && cycle ? Math.round((open.count * rate * averageWonCents) / cycle) : null;
  return {
    won,
    lost,
    rate,
    rateByValue: won.cents + lost.cents > 0 ? won.cents / (won.cents + lost.cents) : null,
    cycleMedianDays: cycle,
    cycleP80Days: percentile(cycles, 80),
    open,
    averageWonCents,
    velocityCentsPerDay: velocity,
  };
}
