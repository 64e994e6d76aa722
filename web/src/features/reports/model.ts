/**
 * The pure part of the Reports screen: what a chart and its table show, built once from a report's answer so
 * the bars, the table alternative, the text summary and the CSV export never disagree (docs/decisions/web-app.md, "Reports dashboard").
 */

/** The opportunities behind a figure (the API's `ids` with `rows=1`) and what the list is titled. */
export interface Drill {
  key: string;
  title: string;
  /** How many; the ids only when the report was asked with `rows=1` (the one drilled into), else empty. */
  count: number;
  ids: number[];
}

export const drillOf = (key: string, title: string, f: { count: number; ids?: number[] }): Drill => ({ key, title, count: f.count, ids: f.ids ?? [] });

/** A table cell: the text shown, the plain value the CSV gets, and the drill-down behind it. */
export interface Cell {
  text: string;
  raw?: string | number | null;
  drill?: Drill;
}

export interface TableModel {
  head: string[];
  rows: { head: Cell; cells: Cell[] }[];
}

/** One piece of a bar; `tone` picks its colour and its pattern (colour is never the only difference). */
export interface Segment {
  label: string;
  value: number;
  tone: number;
  text: string;
  drill?: Drill;
}

export interface ChartRow {
  key: string;
  label: string;
  segments: Segment[];
  /** Where the bar starts (a waterfall's floating bar), in the chart's unit. */
  offset?: number;
  /** What the row says at its end: the figures in words. */
  text: string;
  /** A line under the bar (the funnel's conversion to the next stage). */
  note?: string;
  /** A target drawn across the bar (the quota), in the chart's unit. */
  marker?: number;
}

export interface ReportView {
  id: string;
  title: string;
  summary: string;
  rows: ChartRow[];
  legend: { label: string; tone: number }[];
  markerLabel?: string;
  /** The 100 % of the bars when it is fixed (a rate), else the largest bar. */
  max?: number;
  table: TableModel;
}

/** The largest extent of any bar or marker, the 100 % of the chart (1 when all are zero). */
export function chartMax(rows: ChartRow[]): number {
  const ends = rows.map((r) => Math.max((r.offset ?? 0) + r.segments.reduce((n, s) => n + Math.max(0, s.value), 0), r.marker ?? 0));
  return Math.max(1, ...ends);
}

/** Every drill-down the views offer, by key (the page opens the one in the address). */
export function drillIndex(views: ReportView[], extra: Drill[] = []): Map<string, Drill> {
  const out = new Map<string, Drill>();
  for (const v of views) {
    for (const r of v.rows) for (const s of r.segments) if (s.drill) out.set(s.drill.key, s.drill);
    for (const r of v.table.rows) for (const c of [r.head, ...r.cells]) if (c.drill) out.set(c.drill.key, c.drill);
  }
  for (const d of extra) out.set(d.key, d);
  return out;
}

const csvField = (v: string | number | null | undefined): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",;\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A table as CSV: plain numbers (not the screen's formatting), the given separator, CRLF lines (RFC 4180). */
export function toCsv(t: TableModel, sep: ',' | ';'): string {
  const line = (cells: (string | number | null | undefined)[]) => cells.map(csvField).join(sep);
  const value = (c: Cell) => (c.raw === undefined ? c.text : c.raw);
  return [line(t.head), ...t.rows.map((r) => line([value(r.head), ...r.cells.map(value)]))].join('\r\n') + '\r\n';
}

/** The first and last day of the calendar quarter of a date. */
export function quarterOf(date: string): { from: string; to: string } {
  const y = Number(date.slice(0, 4));
  const q = Math.floor((Number(date.slice(5, 7)) - 1) / 3);
  const end = new Date(Date.UTC(y, q * 3 + 3, 0)).toISOString().slice(0, 10);
  return { from: `${y}-${String(q * 3 + 1).padStart(2, '0')}-01`, to: end };
}

/**
 * The buckets of a trend over from..to: months, or quarters when that is more than 12 months (the API allows
 * three years, so at most 12 quarters: one win-rate call each), clipped to the period.
 */
export function buckets(from: string, to: string): { label: string; from: string; to: string }[] {
  const months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
  const step = months > 12 ? 3 : 1;
  const out: { label: string; from: string; to: string }[] = [];
  let y = Number(from.slice(0, 4));
  let m = step === 3 ? Math.floor((Number(from.slice(5, 7)) - 1) / 3) * 3 : Number(from.slice(5, 7)) - 1;
  for (let i = 0; i < 40; i++) {
    const start = `${y}-${String(m + 1).padStart(2, '0')}-01`;
    if (start > to) break;
    const end = new Date(Date.UTC(y, m + step, 0)).toISOString().slice(0, 10);
    const label = step === 3 ? `${y}-Q${m / 3 + 1}` : start.slice(0, 7);
    out.push({ label, from: start < from ? from : start, to: end > to ? to : end });
    m += step;
    if (m >= 12) {
      m -= 12;
      y += 1;
    }
  }
  return out;
}
