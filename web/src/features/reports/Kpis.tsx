import { Link } from 'react-router';
import type { Schemas } from '../../lib/api';
import { drillOf, type Drill } from './model';
import type { ViewContext } from './views';

export interface Kpi {
  key: string;
  label: string;
  value: string;
  detail: string;
  drill?: Drill;
}

/** Figures that share no deal (periods, categories, stages) as one: counts add up, ids (when asked) join. */
const sum = (list: { count: number; ids?: number[] }[]) => ({ count: list.reduce((n, f) => n + f.count, 0), ids: list.flatMap((f) => f.ids ?? []) });
const drill = drillOf;

/** The four key numbers of the period: won against quota, weighted open pipeline, win rate, deals over their stage SLA. */
export function kpiModel(forecast: Schemas['ForecastResponse'], win: Schemas['WinRateResponse'], x: ViewContext): Kpi[] {
  return [...forecastKpis(forecast, x), ...winKpis(win, x)];
}

/** Won against quota and the weighted open pipeline, from the forecast. */
export function forecastKpis(forecast: Schemas['ForecastResponse'], x: ViewContext): Kpi[] {
  const won = forecast.periods.reduce((n, p) => n + p.won.value, 0);
  const quota = forecast.periods.reduce((n, p) => n + p.quota, 0);
  const weighted = forecast.periods.reduce((n, p) => n + p.open.weighted, 0);
  const openCount = forecast.periods.reduce((n, p) => n + p.open.count, 0);
  return [
    {
      key: 'won',
      label: x.text('kpiWon'),
      value: x.money(won),
      detail: quota ? x.text('kpiOfQuota', { quota: x.money(quota), rate: x.pct(won / quota) }) : x.text('kpiNoQuota'),
      drill: drill('kpi.won', x.text('kpiWon'), sum(forecast.periods.map((p) => p.won))),
    },
    { key: 'weighted', label: x.text('kpiWeighted'), value: x.money(weighted), detail: x.text('kpiOpenDeals', { n: openCount }), drill: drill('kpi.open', x.text('kpiWeighted'), sum(forecast.periods.flatMap((p) => p.categories))) },
  ];
}

/** The win rate and the deals over their stage's SLA, from the win-rate report. */
export function winKpis(win: Schemas['WinRateResponse'], x: ViewContext): Kpi[] {
  const over = win.stage_ageing.reduce((n, g) => n + g.over_sla.count, 0);
  return [
    {
      key: 'rate',
      label: x.text('rate'),
      value: x.pct(win.win_rate),
      detail: x.text('kpiRateDetail', { won: win.won.count, closed: win.won.count + win.lost.count }),
      drill: drill('kpi.rate', `${x.text('rate')}: ${x.text('won')}`, win.won),
    },
    {
      key: 'stalled',
      label: x.text('kpiStalled'),
      value: String(over),
      detail: x.text('kpiStalledDetail'),
      drill: drill('kpi.stalled', x.text('kpiStalled'), sum(win.stage_ageing.map((g) => g.over_sla))),
    },
  ];
}

/** The key numbers as a list; a number with deals behind it is a link to them. */
export function Kpis({ items, title, href }: { items: Kpi[]; title: string; href: (key: string) => string }) {
  return (
    <section className="rp-kpis" aria-labelledby="rp-kpis-h">
      <h2 id="rp-kpis-h">{title}</h2>
      <ul>
        {items.map((k) => (
          <li key={k.key} className="rp-kpi">
            <span className="rp-kpi-label" id={`rp-kpi-${k.key}`}>
              {k.label}
            </span>
            {k.drill && k.drill.count > 0 ? (
              <Link className="rp-kpi-value" to={href(k.drill.key)} aria-label={`${k.label}: ${k.value}`}>
                {k.value}
              </Link>
            ) : (
              <span className="rp-kpi-value">{k.value}</span>
            )}
            <span className="rp-kpi-detail">{k.detail}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
