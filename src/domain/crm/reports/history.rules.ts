import { addDays } from '../../../platform/common/time';
import type { HistoryRow, ReportScope } from './report.types';

/** Rows grouped by opportunity, each group in the order of the changes. */
export function byOpp(rows: HistoryRow[]): Map<number, HistoryRow[]> {
  const out = new Map<number, HistoryRow[]>();
  for (const r of rows) {
    const list = out.get(r.oppId);
    if (list) list.push(r);
    else out.set(r.oppId, [r]);
  }
  for (const list of out.values()) list.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.seq - b.seq));
  return out;
}

/** The state at the end of `day` (the last change on or before it); null when the record did not exist yet. */
export function stateAt(rows: HistoryRow[], day: string): HistoryRow | null {
  let found: HistoryRow | null = null;
  for (const r of rows) {
    if (r.day > day) break;
    found = r;
  }
  return found;
}

/** The state at the start of `day` (the end of the day before). */
export const stateBefore = (rows: HistoryRow[], day: string): HistoryRow | null => stateAt(rows, addDays(day, -1));

export function inScope(s: HistoryRow | null, scope: ReportScope): s is HistoryRow {
  return !!s && (!scope.owners || scope.owners.has(s.ownerId)) && (!scope.stages || scope.stages.has(s.stage));
}

/** The day the record first existed (its created, revived or backfilled row). */
export const createdDay = (rows: HistoryRow[]): string | null => rows[0]?.day ?? null;

/** The day of the change that closed the record for good (the last move from open to a closed role); null while open. */
export function closedRow(rows: HistoryRow[]): HistoryRow | null {
  const last = rows.at(-1);
  if (!last || last.role === 'open') return null;
  for (let i = rows.length - 1; i > 0; i--) if (rows[i - 1].role === 'open') return rows[i];
  return rows[0];
}

/** Nearest-rank percentile (p in 0..100) of numbers; null for none. */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export type PeriodKind = 'month' | 'quarter';

/** The period a date falls in: 2026-11 for a month, 2026-Q4 for a quarter. */
export function periodOf(day: string, kind: PeriodKind): string {
  const y = day.slice(0, 4);
  const m = Number(day.slice(5, 7));
  return kind === 'month' ? day.slice(0, 7) : `${y}-Q${Math.ceil(m / 3)}`;
}

/** First and last day of a period key. */
export function periodBounds(key: string): { start: string; end: string } {
  const y = Number(key.slice(0, 4));
  const q = /^\d{4}-Q([1-4])$/.exec(key);
  const firstMonth = q ? (Number(q[1]) - 1) * 3 + 1 : Number(key.slice(5, 7));
  const months = q ? 3 : 1;
  const start = `${y}-${String(firstMonth).padStart(2, '0')}-01`;
  const next = firstMonth + months > 12 ? `${y + 1}-01-01` : `${y}-${String(firstMonth + months).padStart(2, '0')}-01`;
  return { start, end: addDays(next, -1) };
}

/** The periods from the one of `from` to the one of `to`, in order. */
export function periodsBetween(from: string, to: string, kind: PeriodKind): string[] {
  const out: string[] = [];
  let key = periodOf(from, kind);
  const last = periodOf(to, kind);
  while (key <= last && out.length < 240) {
    out.push(key);
    key = periodOf(addDays(periodBounds(key).end, 1), kind);
  }
  return out;
}

/** The months (YYYY-MM-01) of a period key. */
export function monthsOf(key: string): string[] {
  const { start, end } = periodBounds(key);
  return periodsBetween(start, end, 'month').map((m) => `${m}-01`);
}
