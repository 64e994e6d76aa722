import { useSearchParams } from 'react-router';
import { todayIn } from '../../lib/format';
import { useMe } from '../../lib/session';
import { quarterOf } from './model';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

export const FILTER_KEYS = ['from', 'to', 'owner', 'team', 'product', 'stages'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The query every report takes, from the filters in the address. */
export interface ReportQuery {
  from: string;
  to: string;
  owner_id?: number;
  team?: string;
  product_id?: number;
  stages?: string;
}

/**
 * The report filters kept in the address (`?from=&to=&owner=&team=&product=&stages=`), so Back, reload and a
 * shared link show the same view. Without a period: the current quarter in the workspace's time zone. Values
 * that do not parse (or stages not of the workspace) are dropped rather than sent to fail.
 */
export function useReportFilters() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const q = quarterOf(todayIn(me.timezone));
  const get = (k: string) => params.get(k) ?? '';
  const from = DATE.test(get('from')) ? get('from') : q.from;
  const to = DATE.test(get('to')) ? get('to') : q.to;
  const stageSet = get('stages')
    .split(',')
    .filter((s) => me.constants.stages.includes(s));
  const query: ReportQuery = {
    from,
    to: to < from ? from : to,
    ...(ID.test(get('owner')) ? { owner_id: Number(get('owner')) } : {}),
    ...(get('team').trim() ? { team: get('team').trim().slice(0, 100) } : {}),
    ...(ID.test(get('product')) ? { product_id: Number(get('product')) } : {}),
    ...(stageSet.length ? { stages: stageSet.join(',') } : {}),
  };
  /** A new set of filters, as a new history entry (Back returns to the previous view); any drill-down closes. */
  const apply = (values: Partial<Record<FilterKey, string>>) => {
    const next = new URLSearchParams();
    for (const k of FILTER_KEYS) if (values[k]) next.set(k, values[k]);
    setParams(next);
  };
  const drill = get('drill');
  /** The address of a drill-down: the same filters, and which figure's opportunities to list. */
  const drillHref = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('drill', key);
    return `?${next.toString()}`;
  };
  const closeHref = () => {
    const next = new URLSearchParams(params);
    next.delete('drill');
    return `?${next.toString()}`;
  };
  return { query, stageSet, raw: Object.fromEntries(FILTER_KEYS.map((k) => [k, get(k)])) as Record<FilterKey, string>, apply, drill, drillHref, closeHref };
}

export type ReportFilterState = ReturnType<typeof useReportFilters>;
