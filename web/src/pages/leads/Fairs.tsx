import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatNumber } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { LoadMore, useUrlFilters } from '../companies/parts';
import { useLeadText } from './leads.text';
import '../companies/companies.css';
import './leads.css';

const PAGE = 25;

/** The trade fairs of the workspace, newest first, paged; each opens its leads. */
export default function Fairs() {
  const t = useT();
  const lang = useLang();
  const text = useLeadText();
  const { values: f, set, clear } = useUrlFilters(['q'] as const);
  const query = { q: f.q || undefined, limit: PAGE };
  const list = useInfiniteQuery({
    queryKey: ['fairs', query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => must(await api.GET('/api/v1/fairs', { params: { query: { ...query, cursor: pageParam } } })),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    set({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim() });
  };
  const dates = (a: string | null, b: string | null) => [formatDate(lang, a), b && b !== a ? formatDate(lang, b) : ''].filter(Boolean).join(' – ');

  return (
    <section className="ld-page">
      <div className="co-head">
        <h1>{text('fairs')}</h1>
        <Link className="button primary" to="/leads/new">
          {text('captureLead')}
        </Link>
      </div>
      <form className="co-filters" role="search" aria-label={text('filters')} onSubmit={submit} key={f.q}>
        <label>
          {text('searchFairs')}
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
                <caption className="sr-only">{text('fairs')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('common.name')}</th>
                    <th scope="col">{text('dates')}</th>
                    <th scope="col">{text('place')}</th>
                    <th scope="col">{text('stand')}</th>
                    <th scope="col">{text('leadsN')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <th scope="row" data-label={t('common.name')}>
                        <Link to={`/leads?fair_id=${r.id}`}>{r.name}</Link>
                      </th>
                      <td data-label={text('dates')}>{dates(r.start_date, r.end_date)}</td>
                      <td data-label={text('place')}>{[r.venue, r.city, r.country].filter(Boolean).join(', ')}</td>
                      <td data-label={text('stand')}>{r.stand}</td>
                      <td data-label={text('leadsN')}>{formatNumber(lang, r.leads_n)}</td>
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
