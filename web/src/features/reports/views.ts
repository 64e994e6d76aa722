import type { Schemas } from '../../lib/api';
import type { LabelOf } from '../../lib/labels';
import { drillOf, type Cell, type ChartRow, type Drill, type ReportView } from './model';
import type { useReportText } from './reports.text';

/** What the builders need from the screen: texts, constant labels and the user's number formats. */
export interface ViewContext {
  text: ReturnType<typeof useReportText>;
  label: LabelOf;
  money: (n: number | null) => string;
  pct: (n: number | null) => string;
  num: (n: number | null) => string;
  period: (p: string) => string;
  date: (d: string) => string;
}

type Figure = { count: number; value: number; ids?: number[] };
const drill = drillOf;
const moneyCell = (x: ViewContext, n: number | null, d?: Drill): Cell => ({ text: x.money(n), raw: n, drill: d });
const countCell = (n: number, d?: Drill): Cell => ({ text: String(n), raw: n, drill: d });

const TERMS = ['start', 'created', 'pulled_in', 'value_up', 'value_down', 'pushed_out', 'won', 'lost', 'end'] as const;
const SIGN: Record<(typeof TERMS)[number], 1 | -1 | 0> = { start: 0, created: 1, pulled_in: 1, value_up: 1, value_down: -1, pushed_out: -1, won: -1, lost: -1, end: 0 };
const MARK = { '0': '', '1': '+', '-1': '−' } as const;

/** Pipeline movement as a waterfall: start, what came in and went up, what went out and down, end. */
export function movementView(r: Schemas['PipelineMovementResponse'], x: ViewContext): ReportView {
  let running = 0;
  const rows: ChartRow[] = TERMS.map((k) => {
    const f: Figure = r[k];
    const sign = SIGN[k];
    const name = `${MARK[String(sign) as keyof typeof MARK]} ${x.text(k)}`.trim();
    const d = drill(`movement.${k}`, `${x.text('movement')}: ${x.text(k)}`, f);
    let offset = 0;
    if (sign === 1) offset = running;
    if (sign === -1) offset = Math.max(0, running - f.value);
    running = sign === 0 ? f.value : running + sign * f.value;
    const text = x.text('dealsValue', { n: f.count, value: x.money(f.value) });
    return { key: k, label: name, offset, text, segments: [{ label: name, value: f.value, tone: sign === 0 ? 0 : sign === 1 ? 1 : 2, text, drill: d }] };
  });
  return {
    id: 'movement',
    title: x.text('movement'),
    summary: x.text('movementSummary', { start: x.money(r.start.value), end: x.money(r.end.value), created: r.created.count, won: r.won.count, lost: r.lost.count }),
    rows,
    legend: [
      { label: x.text('open'), tone: 0 },
      { label: x.text('added'), tone: 1 },
      { label: x.text('removed'), tone: 2 },
    ],
    table: {
      head: [x.text('term'), x.text('deals'), x.text('value')],
      rows: rows.map((row, i) => {
        const f: Figure = r[TERMS[i]];
        return { head: { text: row.label }, cells: [countCell(f.count, row.segments[0].drill), moneyCell(x, f.value)] };
      }),
    },
  };
}

/** The forecast per period: won, then the open value of each forecast category, stacked against the quota. */
export function forecastView(r: Schemas['ForecastResponse'], x: ViewContext, cats: string[]): ReportView {
  const rows: ChartRow[] = r.periods.map((p) => {
    const name = x.period(p.period);
    const won = { label: x.text('won'), value: p.won.value, tone: 0, text: `${x.text('won')}: ${x.money(p.won.value)}`, drill: drill(`forecast.${p.period}.won`, `${name}: ${x.text('won')}`, p.won) };
    const open = p.categories.map((c, i) => {
      const cat = x.label('forecast_cats', c.category);
      return { label: cat, value: c.value, tone: i + 1, text: `${cat}: ${x.money(c.value)}`, drill: drill(`forecast.${p.period}.${c.category}`, `${name}: ${cat}`, c) };
    });
    const text = x.text(p.quota ? 'forecastRow' : 'forecastRowNoQuota', { won: x.money(p.won.value), open: x.money(p.open.value), quota: x.money(p.quota) });
    return { key: p.period, label: name, segments: [won, ...open], text, ...(p.quota ? { marker: p.quota } : {}) };
  });
  const won = r.periods.reduce((n, p) => n + p.won.value, 0);
  const quota = r.periods.reduce((n, p) => n + p.quota, 0);
  const weighted = r.periods.reduce((n, p) => n + p.open.weighted, 0);
  return {
    id: 'forecast',
    title: x.text('forecast'),
    summary: x.text(quota ? 'forecastSummary' : 'forecastSummaryNoQuota', { won: x.money(won), quota: x.money(quota), weighted: x.money(weighted) }),
    rows,
    legend: [{ label: x.text('won'), tone: 0 }, ...cats.map((c, i) => ({ label: x.label('forecast_cats', c), tone: i + 1 }))],
    markerLabel: x.text('quota'),
    table: {
      head: [x.text('period'), x.text('won'), ...cats.map((c) => x.label('forecast_cats', c)), x.text('weighted'), x.text('quota'), x.text('attainment')],
      rows: r.periods.map((p, i) => ({
        head: { text: rows[i].label, raw: p.period },
        cells: [
          moneyCell(x, p.won.value, rows[i].segments[0].drill),
          ...cats.map((c) => {
            const cell = p.categories.find((k) => k.category === c);
            return moneyCell(x, cell?.value ?? 0, rows[i].segments.find((s) => s.drill?.key === `forecast.${p.period}.${c}`)?.drill);
          }),
          moneyCell(x, p.open.weighted),
          moneyCell(x, p.quota),
          { text: x.pct(p.attainment), raw: p.attainment },
        ],
      })),
    },
  };
}

/** The funnel: deals that reached each stage, and the share that went on to the next. */
export function funnelView(r: Schemas['FunnelResponse'], x: ViewContext): ReportView {
  const rows: ChartRow[] = r.stages.map((s) => {
    const name = x.label('stages', s.stage);
    const text = x.text('dealsValue', { n: s.count, value: x.money(s.value) });
    const d = drill(`funnel.${s.stage}`, `${x.text('funnel')}: ${name}`, s);
    const note = s.conversion_to_next === null ? undefined : x.text('toNextNote', { rate: x.pct(s.conversion_to_next) });
    return { key: s.stage, label: name, text, note, segments: [{ label: name, value: s.count, tone: 1, text, drill: d }] };
  });
  return {
    id: 'funnel',
    title: x.text('funnel'),
    summary: x.text('funnelSummary', { first: r.stages[0]?.count ?? 0, last: r.stages[r.stages.length - 1]?.count ?? 0, rate: x.pct(r.overall_conversion) }),
    rows,
    legend: [],
    table: {
      head: [x.text('stage'), x.text('deals'), x.text('value'), x.text('toNext')],
      rows: r.stages.map((s, i) => ({ head: { text: rows[i].label, raw: rows[i].label }, cells: [countCell(s.count, rows[i].segments[0].drill), moneyCell(x, s.value), { text: x.pct(s.conversion_to_next), raw: s.conversion_to_next }] })),
    },
  };
}
