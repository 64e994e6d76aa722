import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatNumber } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { LoadMore, useUrlFilters } from '../companies/parts';
import { useLeadText } from './leads.text';
import '../companies/companies.css';
import './leads.css';

const FILTERS = ['fair_id', 'status', 'owner_id', 'q'] as const;
const PAGE = 25;

/** The fairs for a filter or a form: the newest 100 (one call). */
export function useFairs() {
  return useQuery({ queryKey: ['fairs', 'options'], queryFn: async () => must(await api.GET('/api/v1/fairs', { params: { query: { limit: 100 } } })).items });
}

/** The leads by fair, status, owner and words (all in the address), newest first, paged. Two calls: fairs and leads. */
export default function Leads() {
  const me = useMe();
  const t = useT();
  const lang = useLang();
  const text = useLeadText();
  const { values: f, set, clear } = useUrlFilters(FILTERS);
  const fairs = useFairs();
  const query = { fair_id: f.fair_id ? Number(f.fair_id) : undefined, status: f.status || undefined, owner_id: f.owner_id ? Number(f.owner_id) : undefined, q: f.q || undefined, limit: PAGE };
  const list = useInfiniteQuery({
    queryKey: ['leads', query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => must(await api.GET('/api/v1/leads', { params: { query: { ...query, cursor: pageParam } } })),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const statuses = [...me.constants.lead_statuses, ...(me.constants.lead_statuses.includes(me.constants.lead_status_won) ? [] : [me.constants.lead_status_won])];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    set({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim() });
  };

  return (
    <section className="ld-page">
      <div className="co-head">
        <h1>{text('leads')}</h1>
        <Link className="button primary" to={f.fair_id ? `/leads/new?fair_id=${f.fair_id}` : '/leads/new'}>
          {text('captureLead')}
        </Link>
      </div>
      <form className="co-filters" role="search" aria-label={text('filters')} onSubmit={submit} key={f.q}>
        <label>
          {text('fair')}
          <select value={f.fair_id} onChange={(e) => set({ fair_id: e.target.value })}>
            <option value="">{text('anyFair')}</option>
            {(fairs.data ?? []).map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
            {f.fair_id && fairs.data && !fairs.data.some((x) => String(x.id) === f.fair_id) ? <option value={f.fair_id}>#{f.fair_id}</option> : null}
          </select>
        </label>
        <label>
          {text('status')}
          <select value={f.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{text('anyStatus')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('common.owner')}
          <select value={f.owner_id} onChange={(e) => set({ owner_id: e.target.value })}>
            <option value="">{text('anyOwner')}</option>
            {me.users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.full_name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text('searchLeads')}
          <input name="q" type="search" defaultValue={f.q} />
        </label>
        <div className="co-actions">
          <button type="submit">{text('search')}</button>
          <button type="button" onClick={clear}>
            {text('clear')}
          </button>
        </div>
      </form>
      <Loaded q={list}>
        {() =>
          rows.length === 0 ? (
            <p className="panel">{text('noResults')}</p>
          ) : (
            <>
              <table className="co-table">
                <caption className="sr-only">{text('leads')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text('company')}</th>
                    <th scope="col">{text('contact')}</th>
                    <th scope="col">{text('fair')}</th>
                    <th scope="col">{text('status')}</th>
                    <th scope="col">{text('interest')}</th>
                    <th scope="col">{text('nextAction')}</th>
                    <th scope="col">{t('common.owner')}</th>
                    <th scope="col">{text('created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <th scope="row" data-label={text('company')}>
                        <Link to={`/leads/${r.id}`}>{r.company || r.contact_name || r.rid}</Link>
                      </th>
                      <td data-label={text('contact')}>{r.contact_label}</td>
                      <td data-label={text('fair')}>{r.fair}</td>
                      <td data-label={text('status')}>
                        <span className="co-badge">{r.status_eff}</span>
                      </td>
                      <td data-label={text('interest')}>{r.interest}</td>
                      <td data-label={text('nextAction')}>{[r.next_action, formatDate(lang, r.next_date)].filter(Boolean).join(' · ')}</td>
                      <td data-label={t('common.owner')}>{r.owner?.full_name}</td>
                      <td data-label={text('created')}>{formatDate(lang, r.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="help" aria-live="polite">
                {text('shown', { n: formatNumber(lang, rows.length) })}
              </p>
              <LoadMore q={list} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
