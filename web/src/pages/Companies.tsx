import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { useLang, useT } from '../lib/i18n';
import { formatDate, formatNumber } from '../lib/format';
import { useMe } from '../lib/session';
import { Loaded } from '../shell/States';
import { useCompanyText } from './companies/companies.text';
import { CompanyForm } from './companies/CompanyForm';
import { LoadMore, useUrlFilters } from './companies/parts';
import './companies/companies.css';

const FILTERS = ['q', 'status', 'owner_id', 'city', 'sector', 'sort', 'archived'] as const;
const PAGE = 25;

/** The companies list: search, filters and sort in the address, keyset paging with "Load more". */
export default function Companies() {
  const me = useMe();
  const t = useT();
  const lang = useLang();
  const text = useCompanyText();
  const navigate = useNavigate();
  const { values: f, set, clear } = useUrlFilters(FILTERS);
  const [creating, setCreating] = useState(false);

  const query = {
    q: f.q || undefined,
    status: f.status || undefined,
    owner_id: f.owner_id ? Number(f.owner_id) : undefined,
    city: f.city || undefined,
    sector: f.sector || undefined,
    sort: f.sort === 'update' ? ('update' as const) : undefined,
    active: f.archived ? false : undefined,
    limit: PAGE,
  };
  const list = useInfiniteQuery({
    queryKey: ['companies', query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => must(await api.GET('/api/v1/companies', { params: { query: { ...query, cursor: pageParam } } })),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

  const submitText = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    set({ q: String(data.get('q') ?? '').trim(), city: String(data.get('city') ?? '').trim(), sector: String(data.get('sector') ?? '').trim() });
  };
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="co-page">
      <div className="co-head">
        <h1>{text('companies')}</h1>
        {!creating && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {text('newCompany')}
          </button>
        )}
      </div>
      {creating && <CompanyForm onSaved={(c) => navigate(`/companies/${c.id}`)} onCancel={() => setCreating(false)} />}

      <form className="co-filters" role="search" aria-label={text('filters')} onSubmit={submitText} key={`${f.q}|${f.city}|${f.sector}`}>
        <label>
          {text('searchCompanies')}
          <input name="q" type="search" defaultValue={f.q} />
        </label>
        <label>
          {text('status')}
          <select value={f.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{text('anyStatus')}</option>
            {me.constants.customer_statuses.map((s) => (
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
          {text('city')}
          <input name="city" defaultValue={f.city} />
        </label>
        <label>
          {text('sector')}
          <input name="sector" defaultValue={f.sector} />
        </label>
        <label>
          {text('sort')}
          <select value={f.sort} onChange={(e) => set({ sort: e.target.value })}>
            <option value="">{text('sortRecent')}</option>
            <option value="update">{text('sortUpdate')}</option>
          </select>
        </label>
        <label className="co-check">
          <input type="checkbox" checked={!!f.archived} onChange={(e) => set({ archived: e.target.checked ? '1' : '' })} /> {text('archived')}
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
                <caption className="sr-only">{text('companies')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('common.name')}</th>
                    <th scope="col">{text('status')}</th>
                    <th scope="col">{text('city')}</th>
                    <th scope="col">{text('sector')}</th>
                    <th scope="col">{t('common.owner')}</th>
                    <th scope="col">{text('openOpps')}</th>
                    <th scope="col">{text('lastVisit')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((c) => (
                    <tr key={c.id}>
                      <th scope="row" data-label={t('common.name')}>
                        <Link to={`/companies/${c.id}`}>{c.name}</Link>
                        {c.at_risk ? <span className="co-badge warn">{text('atRisk')}</span> : null}
                      </th>
                      <td data-label={text('status')}>{c.status_label}</td>
                      <td data-label={text('city')}>{c.city}</td>
                      <td data-label={text('sector')}>{c.sector}</td>
                      <td data-label={t('common.owner')}>{c.owner?.full_name}</td>
                      <td data-label={text('openOpps')}>{formatNumber(lang, c.open_opps)}</td>
                      <td data-label={text('lastVisit')}>{c.visit_state === 'never' ? text('never') : formatDate(lang, c.last_visit)}</td>
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
