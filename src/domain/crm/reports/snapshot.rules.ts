import { closedRow, stateAt } from './history.rules';
import type { HistoryRow } from './report.types';

/** One stored cell of a weekly snapshot: a month × owner × forecast category. Money in cents of the base currency. */
export interface SnapshotCell {
  month: string;
  ownerId: number;
  category: string;
  openCount: number;
  openCents: number;
  weightedCents: number;
  /** Won in the month (by the day of the win) up to the snapshot's day, under the category the deal closed in. */
  wonCount: number;
  wonCents: number;
}

/** `YYYY-MM` plus `n` months. */
export function addMonths(month: string, n: number): string {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/**
 * The cells of a snapshot as of `asOf`: open deals by the month of their close date, owner and category then (as
 * the forecast report counts them), and the deals won in a month of the range by the owner and category of their
 * closed state. Lost deals are not kept (accuracy compares with what was won).
 */
export function snapshotCells(history: Map<number, HistoryRow[]>, f: { asOf: string; firstMonth: string; lastMonth: string }): SnapshotCell[] {
  const cells = new Map<string, SnapshotCell>();
  const cell = (month: string, ownerId: number, category: string): SnapshotCell => {
    const key = `${month}/${ownerId}/${category}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { month, ownerId, category, openCount: 0, openCents: 0, weightedCents: 0, wonCount: 0, wonCents: 0 }));
    return c;
  };
  const inRange = (m: string) => m >= f.firstMonth && m <= f.lastMonth;
  for (const all of history.values()) {
    const s = stateAt(all, f.asOf);
    if (!s) continue;
    if (s.role === 'open') {
      const m = s.closeDate.slice(0, 7);
      if (!inRange(m)) continue;
      const c = cell(m, s.ownerId, s.fc);
      c.openCount++;
      c.openCents += s.cents;
      c.weightedCents += Math.round(s.cents * s.prob);
      continue;
    }
    if (s.role !== 'won') continue;
    const closed = closedRow(all.filter((r) => r.day <= f.asOf));
    if (!closed || !inRange(closed.day.slice(0, 7))) continue;
    const c = cell(closed.day.slice(0, 7), s.ownerId, s.fc);
    c.wonCount++;
    c.wonCents += s.cents;
  }
  return [...cells.values()];
}
