import type { ReactNode } from 'react';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/title';
import { Loaded, Loading } from '../../shell/States';
import { useReportData, useViewContext } from './data';
import { DrillList } from './DrillList';
import { useReportFilters } from './filters';
import { kpiModel, Kpis } from './Kpis';
import { findDrill, useDrillSource } from './drill-source';
import type { ReportView } from './model';
import { QuotaForm } from './QuotaForm';
import { ReportCard } from './ReportCard';
import { ReportFilters } from './ReportFilters';
import { useReportText } from './reports.text';
import { ageingView, trendView } from './views-time';
import { forecastView, funnelView, movementView } from './views';
import { accuracyView, activityView, fairsView, wonDealsDrill } from './views-activity';
import { AdjustmentForm } from './AdjustmentForm';
import { Link } from 'react-router';
import '../../shell/screens.css';
import './reports.css';

/**
 * The reports dashboard: the period's key numbers, then forecast, funnel, win rate over time, stage ageing and
 * pipeline movement, forecast accuracy week by week, activity against the weekly targets and leads per fair as charts with their tables, summaries and CSV; every figure drills down to its
 * opportunities. Filters and the open drill-down live in the address (docs/decisions/web-app.md, "Reports dashboard").
 */
export default function Reports() {
  const text = useReportText();
  const me = useMe();
  const x = useViewContext();
  const f = useReportFilters();
  const d = useReportData(f.query);
  useDocumentTitle(text('reports'));
  const cats = me.constants.forecast_cats;
  const views: Record<string, ReportView | undefined> = {
    forecast: d.forecast.data && forecastView(d.forecast.data, x, cats),
    funnel: d.funnel.data && funnelView(d.funnel.data, x),
    trend: d.trend.data && trendView(d.trend.data, x),
    ageing: d.winRate.data && ageingView(d.winRate.data, x),
    movement: d.movement.data && movementView(d.movement.data, x),
    accuracy: d.accuracy.data && accuracyView(d.accuracy.data, x),
    activity: d.activity.data && activityView(d.activity.data, x),
    fairs: d.activity.data && fairsView(d.activity.data, x),
  };
  const won = d.activity.data && wonDealsDrill(d.activity.data, x);
  const kpis = d.forecast.data && d.winRate.data ? kpiModel(d.forecast.data, d.winRate.data, x) : undefined;
  const source = useDrillSource(f.query, f.drill);
  const open = source.data ? findDrill(f.drill, source.data, x, cats) : undefined;
  const settled = !source.isFetching;
  const file = (id: string) => `${id}-${f.query.from}-${f.query.to}`;
  const card = (id: string, q: { data?: unknown; error: unknown; isPending: boolean; refetch: () => unknown }, extra?: ReactNode) => (
    <Loaded q={q} key={id}>
      {() =>
        views[id] ? (
          <ReportCard view={views[id]} href={f.drillHref} file={file(id)}>
            {extra}
          </ReportCard>
        ) : null
      }
    </Loaded>
  );
  return (
    <section className="co-page rp-page" aria-labelledby="reports-h">
      <div className="co-head">
        <h1 id="reports-h">{text('reports')}</h1>
      </div>
      <p className="help">{text('intro')}</p>
      <ReportFilters f={f} />
      {kpis ? <Kpis items={kpis} title={text('kpis', { from: x.date(f.query.from), to: x.date(f.query.to) })} href={f.drillHref} /> : <Loading />}
      {f.drill && open ? <DrillList drill={open} closeHref={f.closeHref()} /> : null}
      {f.drill && !open ? settled ? <p role="status">{text('drillGone')}</p> : <Loading /> : null}
      <div className="rp-grid">
        {card(
          'forecast',
          d.forecast,
          <>
            <QuotaForm />
            <AdjustmentForm />
          </>,
        )}
        {card('accuracy', d.accuracy)}
        {card('funnel', d.funnel)}
        {card('trend', d.trend)}
        {card('ageing', d.winRate)}
        {card('movement', d.movement)}
        {card('activity', d.activity, won && won.count > 0 ? <Link to={f.drillHref(won.key)}>{text('listWonDeals', { n: won.count })}</Link> : null)}
        {card('fairs', d.activity)}
      </div>
    </section>
  );
}
