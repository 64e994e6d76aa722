import { useQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import type { ReportQuery } from './filters';
import { forecastKpis, winKpis } from './Kpis';
import { buckets, drillIndex, type Drill } from './model';
import { forecastView, funnelView, movementView, type ViewContext } from './views';
import { ownerQuery } from './data';
import { ageingView, trendView } from './views-time';
import { accuracyView, wonDealsDrill } from './views-activity';
import { reportKeys } from './queries';

type Source =
  | { kind: 'movement'; r: Schemas['PipelineMovementResponse'] }
  | { kind: 'forecast'; r: Schemas['ForecastResponse'] }
  | { kind: 'funnel'; r: Schemas['FunnelResponse'] }
  | { kind: 'win-rate'; r: Schemas['WinRateResponse']; bucket?: string }
  | { kind: 'accuracy'; r: Schemas['ForecastAccuracyResponse'] }
  | { kind: 'activity'; r: Schemas['ActivityReportResponse'] };

/** Which report a drill-down key comes from, and for a trend point the part of the period. */
function sourceOf(key: string, query: ReportQuery): { kind: Source['kind']; query: ReportQuery; bucket?: string } | null {
  const [head, second] = key.split('.');
  if (head === 'movement' || head === 'funnel' || head === 'forecast' || head === 'accuracy' || head === 'activity') return { kind: head, query };
  if (key === 'kpi.won' || key === 'kpi.open') return { kind: 'forecast', query };
  if (head === 'ageing' || key === 'kpi.rate' || key === 'kpi.stalled') return { kind: 'win-rate', query };
  const b = head === 'trend' ? buckets(query.from, query.to).find((x) => x.label === second) : undefined;
  return b ? { kind: 'win-rate', query: { ...query, from: b.from, to: b.to }, bucket: b.label } : null;
}

/**
 * The report behind an open drill-down, asked again with `rows=1`: the charts are read without the ids (a list
 * per figure the dashboard would mostly not use), and only the drilled report pays for them.
 */
export function useDrillSource(query: ReportQuery, key: string) {
  const src = key ? sourceOf(key, query) : null;
  const q = { ...(src?.query ?? query), rows: '1' as const };
  return useQuery({
    queryKey: reportKeys.report(`drill-${src?.kind ?? ''}`, q),
    enabled: !!src,
    queryFn: async (): Promise<Source> => {
      if (src?.kind === 'movement') return { kind: 'movement', r: must(await api.GET('/api/v1/reports/pipeline-movement', { params: { query: q } })) };
      if (src?.kind === 'forecast') return { kind: 'forecast', r: must(await api.GET('/api/v1/reports/forecast', { params: { query: q } })) };
      if (src?.kind === 'accuracy') return { kind: 'accuracy', r: must(await api.GET('/api/v1/reports/forecast-accuracy', { params: { query: { ...ownerQuery(q), rows: '1' } } })) };
      if (src?.kind === 'activity') return { kind: 'activity', r: must(await api.GET('/api/v1/reports/activity', { params: { query: ownerQuery(q) } })) };
      if (src?.kind === 'funnel') return { kind: 'funnel', r: must(await api.GET('/api/v1/reports/funnel', { params: { query: q } })) };
      return { kind: 'win-rate', r: must(await api.GET('/api/v1/reports/win-rate', { params: { query: q } })), bucket: src?.bucket };
    },
  });
}

/** The drill-down of a key in its report (with ids), built by the same views as the chart it was chosen in. */
export function findDrill(key: string, s: Source, x: ViewContext, cats: string[]): Drill | undefined {
  const extra = (list: { drill?: Drill }[]) => list.flatMap((k) => (k.drill ? [k.drill] : []));
  if (s.kind === 'movement') return drillIndex([movementView(s.r, x)]).get(key);
  if (s.kind === 'funnel') return drillIndex([funnelView(s.r, x)]).get(key);
  if (s.kind === 'accuracy') return drillIndex([accuracyView(s.r, x)]).get(key);
  if (s.kind === 'activity') return drillIndex([], [wonDealsDrill(s.r, x)]).get(key);
  if (s.kind === 'forecast') return drillIndex([forecastView(s.r, x, cats)], extra(forecastKpis(s.r, x))).get(key);
  if (s.bucket) return drillIndex([trendView([{ label: s.bucket, r: s.r }], x)]).get(key);
  return drillIndex([ageingView(s.r, x)], extra(winKpis(s.r, x))).get(key);
}
