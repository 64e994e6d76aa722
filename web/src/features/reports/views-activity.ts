import type { Schemas } from '../../lib/api';
import { drillOf, type ChartRow, type Drill, type ReportView } from './model';
import type { ViewContext } from './views';

type Accuracy = Schemas['ForecastAccuracyResponse'];
type Activity = Schemas['ActivityReportResponse'];

/** The won deals of the activity report as a drill-down (their ids are always in the answer). */
export const wonDealsDrill = (r: Activity, x: ViewContext): Drill => drillOf('activity.won', x.text('wonDeals'), { count: r.won_deals.count, ids: r.won_deals.ids });

/**
 * Forecast accuracy: per period, each week's forecast (won so far + weighted open) as a bar with what was won in
 * the period as the marker; the table adds the error and the accuracy, and the actual won drills down.
 */
export function accuracyView(r: Accuracy, x: ViewContext): ReportView {
  const rows: ChartRow[] = [];
  const table: ReportView['table']['rows'] = [];
  for (const p of r.periods) {
    const won = drillOf(`accuracy.${p.period}.won`, `${x.period(p.period)}: ${x.text('won')}`, p.actual);
    for (const w of p.weeks) {
      const label = x.text('weekOf', { period: x.period(p.period), date: x.date(w.week) });
      const text = x.text('accuracyRow', { forecast: x.money(w.forecast), actual: x.money(p.actual.value), rate: x.pct(w.accuracy) });
      rows.push({ key: `${p.period}.${w.week}`, label, text, marker: p.actual.value, segments: [{ label: x.text('forecastValue'), value: w.forecast, tone: 0, text }] });
      table.push({
        head: { text: label, raw: `${p.period} ${w.week}` },
        cells: [
          { text: x.money(w.forecast), raw: w.forecast },
          { text: x.money(w.won_to_date), raw: w.won_to_date },
          { text: x.money(p.actual.value), raw: p.actual.value, drill: won },
          { text: x.money(w.error), raw: w.error },
          { text: x.pct(w.accuracy), raw: w.accuracy },
        ],
      });
    }
  }
  const rated = r.periods.flatMap((p) => p.weeks.flatMap((w) => (w.accuracy === null ? [] : [w.accuracy])));
  return {
    id: 'accuracy',
    title: x.text('accuracy'),
    summary: rows.length ? x.text('accuracySummary', { n: rows.length, rate: x.pct(rated.length ? rated.reduce((n, a) => n + a, 0) / rated.length : null) }) : x.text('accuracyNone'),
    rows,
    legend: [{ label: x.text('forecastValue'), tone: 0 }],
    markerLabel: x.text('actualWon'),
    table: { head: [x.text('week'), x.text('forecastValue'), x.text('wonToDate'), x.text('actualWon'), x.text('error'), x.text('accuracy')], rows: table },
  };
}

/** Visits and completed tasks per user against the weekly targets over the weeks of the period. */
export function activityView(r: Activity, x: ViewContext): ReportView {
  const weeks = r.weeks.length;
  const vt = r.targets.visits * weeks;
  const tt = r.targets.tasks * weeks;
  const rows: ChartRow[] = r.users.map((u) => {
    const text = x.text('activityRow', { visits: u.visits, vt, tasks: u.tasks, tt });
    return {
      key: String(u.user_id),
      label: u.name,
      text,
      marker: vt,
      segments: [{ label: x.text('visits'), value: u.visits, tone: 0, text }],
    };
  });
  const visits = r.users.reduce((n, u) => n + u.visits, 0);
  const tasks = r.users.reduce((n, u) => n + u.tasks, 0);
  return {
    id: 'activity',
    title: x.text('activity'),
    summary: x.text('activitySummary', { visits, tasks, weeks, won: r.won_deals.count, perDeal: x.num(r.won_deals.visits_per_deal) }),
    rows,
    legend: [{ label: x.text('visits'), tone: 0 }],
    markerLabel: x.text('visitTarget'),
    table: {
      head: [x.text('user'), x.text('visits'), x.text('visitTarget'), x.text('tasksDone'), x.text('taskTarget')],
      rows: r.users.map((u) => ({
        head: { text: u.name },
        cells: [
          { text: String(u.visits), raw: u.visits },
          { text: String(vt), raw: vt },
          { text: String(u.tasks), raw: u.tasks },
          { text: String(tt), raw: tt },
        ],
      })),
    },
  };
}

/** Leads taken in the period per fair: converted and won as parts of the bar. */
export function fairsView(r: Activity, x: ViewContext): ReportView {
  const rows: ChartRow[] = r.fairs.map((f) => {
    const text = x.text('fairRow', { leads: f.leads, converted: f.converted, won: f.won, rate: x.pct(f.conversion) });
    return {
      key: String(f.fair_id),
      label: f.name,
      text,
      segments: [
        { label: x.text('wonLeads'), value: f.won, tone: 1, text: `${x.text('wonLeads')}: ${f.won}` },
        { label: x.text('convertedLeads'), value: f.converted - f.won, tone: 0, text: `${x.text('convertedLeads')}: ${f.converted}` },
        { label: x.text('otherLeads'), value: f.leads - f.converted, tone: 2, text: `${x.text('otherLeads')}: ${f.leads - f.converted}` },
      ],
    };
  });
  const leads = r.fairs.reduce((n, f) => n + f.leads, 0);
  const converted = r.fairs.reduce((n, f) => n + f.converted, 0);
  return {
    id: 'fairs',
    title: x.text('fairs'),
    summary: r.fairs.length ? x.text('fairsSummary', { leads, fairs: r.fairs.length, rate: x.pct(leads ? converted / leads : null) }) : x.text('fairsNone'),
    rows,
    legend: [
      { label: x.text('wonLeads'), tone: 1 },
      { label: x.text('convertedLeads'), tone: 0 },
      { label: x.text('otherLeads'), tone: 2 },
    ],
    table: {
      head: [x.text('fair'), x.text('leads'), x.text('convertedLeads'), x.text('wonLeads'), x.text('conversion')],
      rows: r.fairs.map((f) => ({
        head: { text: f.name },
        cells: [
          { text: String(f.leads), raw: f.leads },
          { text: String(f.converted), raw: f.converted },
          { text: String(f.won), raw: f.won },
          { text: x.pct(f.conversion), raw: f.conversion },
        ],
      })),
    },
  };
}
