import type { Schemas } from '../../lib/api';
import { drillOf, type ChartRow, type ReportView } from './model';
import type { ViewContext } from './views';

type WinRate = Schemas['WinRateResponse'];
const drill = drillOf;

/** Stage ageing: per open stage the deals within the stage's SLA and those over it (the latter drill down). */
export function ageingView(r: WinRate, x: ViewContext): ReportView {
  const rows: ChartRow[] = r.stage_ageing.map((g) => {
    const name = x.label('stages', g.stage);
    const within = g.count - g.over_sla.count;
    const text = x.text('ageingRow', { n: g.count, over: g.over_sla.count, days: x.num(g.median_days) });
    return {
      key: g.stage,
      label: name,
      text,
      segments: [
        { label: x.text('withinSla'), value: within, tone: 1, text: `${x.text('withinSla')}: ${within}`, drill: drill(`ageing.${g.stage}`, `${x.text('ageing')}: ${name}`, g) },
        { label: x.text('overSla'), value: g.over_sla.count, tone: 2, text: `${x.text('overSla')}: ${g.over_sla.count}`, drill: drill(`ageing.${g.stage}.over`, `${x.text('overSla')}: ${name}`, g.over_sla) },
      ],
    };
  });
  const over = r.stage_ageing.reduce((n, g) => n + g.over_sla.count, 0);
  const open = r.stage_ageing.reduce((n, g) => n + g.count, 0);
  return {
    id: 'ageing',
    title: x.text('ageing'),
    summary: x.text('ageingSummary', { open, over }),
    rows,
    legend: [
      { label: x.text('withinSla'), tone: 1 },
      { label: x.text('overSla'), tone: 2 },
    ],
    table: {
      head: [x.text('stage'), x.text('deals'), x.text('value'), x.text('medianDays'), x.text('slaDays'), x.text('overSla')],
      rows: r.stage_ageing.map((g, i) => ({
        head: { text: rows[i].label },
        cells: [
          { text: String(g.count), raw: g.count, drill: drill(`ageing.${g.stage}.all`, `${x.text('ageing')}: ${rows[i].label}`, g) },
          { text: x.money(g.value), raw: g.value },
          { text: x.num(g.median_days), raw: g.median_days },
          { text: g.sla_days ? String(g.sla_days) : '–', raw: g.sla_days || null },
          { text: String(g.over_sla.count), raw: g.over_sla.count, drill: rows[i].segments[1].drill },
        ],
      })),
    },
  };
}

/** The win rate of each month (or quarter) of the period, one win-rate call per bucket. */
export function trendView(points: { label: string; r: WinRate }[], x: ViewContext): ReportView {
  const rows: ChartRow[] = points.map(({ label, r }) => {
    const name = x.period(label);
    const rate = r.win_rate === null ? 0 : r.win_rate * 100;
    const text = x.text('rateRow', { rate: x.pct(r.win_rate), won: r.won.count, closed: r.won.count + r.lost.count });
    return { key: label, label: name, text, segments: [{ label: x.text('rate'), value: rate, tone: 0, text, drill: drill(`trend.${label}.won`, `${name}: ${x.text('won')}`, r.won) }] };
  });
  const won = points.reduce((n, p) => n + p.r.won.count, 0);
  const closed = points.reduce((n, p) => n + p.r.won.count + p.r.lost.count, 0);
  return {
    id: 'trend',
    title: x.text('trend'),
    summary: x.text('trendSummary', { won, closed, rate: x.pct(closed ? won / closed : null) }),
    rows,
    max: 100,
    legend: [],
    table: {
      head: [x.text('period'), x.text('won'), x.text('lost'), x.text('rate'), x.text('rateByValue'), x.text('cycleMedian')],
      rows: points.map(({ label, r }, i) => ({
        head: { text: rows[i].label, raw: label },
        cells: [
          { text: String(r.won.count), raw: r.won.count, drill: rows[i].segments[0].drill },
          { text: String(r.lost.count), raw: r.lost.count, drill: drill(`trend.${label}.lost`, `${rows[i].label}: ${x.text('lost')}`, r.lost) },
          { text: x.pct(r.win_rate), raw: r.win_rate },
          { text: x.pct(r.win_rate_by_value), raw: r.win_rate_by_value },
          { text: x.num(r.cycle_median_days), raw: r.cycle_median_days },
        ],
      })),
    },
  };
}
