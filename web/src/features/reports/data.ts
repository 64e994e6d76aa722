import { useQueries, useQuery } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useLang } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import type { ReportQuery } from './filters';
import { buckets } from './model';
import { useReportText } from './reports.text';
import type { ViewContext } from './views';
import { reportKeys } from './queries';

/** The reports of the filters, and the win rate of each month (or quarter) of the period, with the ids behind each figure. */
export function useReportData(query: ReportQuery) {
  const movement = useQuery({ queryKey: reportKeys.report('movement', query), queryFn: async () => must(await api.GET('/api/v1/reports/pipeline-movement', { params: { query } })) });
  const forecast = useQuery({ queryKey: reportKeys.report('forecast', query), queryFn: async () => must(await api.GET('/api/v1/reports/forecast', { params: { query } })) });
  const winRate = useQuery({ queryKey: reportKeys.report('win-rate', query), queryFn: async () => must(await api.GET('/api/v1/reports/win-rate', { params: { query } })) });
  const funnel = useQuery({ queryKey: reportKeys.report('funnel', query), queryFn: async () => must(await api.GET('/api/v1/reports/funnel', { params: { query } })) });
  const parts = buckets(query.from, query.to);
  const trend = useQueries({
    queries: parts.map((b) => {
      const q = { ...query, from: b.from, to: b.to };
      return { queryKey: reportKeys.report('win-rate', q), queryFn: async () => must(await api.GET('/api/v1/reports/win-rate', { params: { query: q } })) };
    }),
    combine: (results) => ({
      data: results.every((r) => r.data) ? results.map((r, i) => ({ label: parts[i].label, r: r.data! })) : undefined,
      error: results.find((r) => r.error)?.error ?? null,
      isPending: results.some((r) => r.isPending),
      refetch: () => results.forEach((r) => void r.refetch()),
    }),
  });
  const owners = ownerQuery(query);
  const accuracy = useQuery({ queryKey: reportKeys.report('accuracy', owners), queryFn: async () => must(await api.GET('/api/v1/reports/forecast-accuracy', { params: { query: owners } })) });
  const activity = useQuery({ queryKey: reportKeys.report('activity', owners), queryFn: async () => must(await api.GET('/api/v1/reports/activity', { params: { query: owners } })) });
  return { movement, forecast, winRate, funnel, trend, accuracy, activity };
}

/**
 * The teams (departments) the caller may report on, by name: the team filter's and the adjustment form's choices. A
 * quota or adjustment written reads them again with the reports (`reportKeys.all`).
 */
export function useTeams(): { name: string; users: number }[] {
  const teams = useQuery({ queryKey: reportKeys.report('teams', {}), queryFn: async () => must(await api.GET('/api/v1/reports/teams')).items, staleTime: 60_000 });
  return teams.data ?? [];
}

/** The filters the owner-only reports take (accuracy, activity): period, owner and team; stages and product do not apply. */
export const ownerQuery = (q: ReportQuery) => ({ from: q.from, to: q.to, ...(q.owner_id ? { owner_id: q.owner_id } : {}), ...(q.team ? { team: q.team } : {}) });

/** Texts, constant labels and the user's formats: money in the workspace's base currency. */
export function useViewContext(): ViewContext {
  const text = useReportText();
  const label = useLabels();
  const lang = useLang();
  const base = useMe().app.currency_base;
  const tag = lang === 'tr' ? 'tr-TR' : 'en-GB';
  return {
    text,
    label,
    money: (n) => formatMoney(lang, n, base),
    pct: (n) => (n === null ? '–' : `${formatNumber(lang, n * 100, 1)} %`),
    date: (d) => formatDate(lang, d),
    num: (n) => (n === null ? '–' : formatNumber(lang, n, 1)),
    period: (p) => {
      const m = /^(\d{4})-(\d{2})$/.exec(p);
      if (m) return new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(+m[1], +m[2] - 1, 1)));
      const q = /^(\d{4})-Q([1-4])$/.exec(p);
      return q ? text('quarterLabel', { q: q[2], y: q[1] }) : p;
    },
  };
}
