import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { useLang, useT } from '../lib/i18n';
import { formatNumber } from '../lib/format';
import { useMe } from '../lib/session';
import { Loaded } from '../shell/States';
import { useCompanyText } from './companies/companies.text';
import { PersonForm } from './companies/PersonForm';
import { LoadMore, useUrlFilters } from './companies/parts';
import './companies/companies.css';

const FILTERS = ['q', 'owner_id', 'customer_id', 'sort', 'archived'] as const;
const PAGE = 25;

/** The people list: search, owner (and company, from a company's link), sort, keyset paging. */
export default function People() {
  const me = useMe();
  const t = useT();
  const lang = useLang();
  const text = useCompanyText();
  const navigate = useNavigate();
  const { values: f, set, clear } = useUrlFilters(FILTERS);
  const [creating, setCreating] = useState(false);

  const query = {
    q: f.q || undefined,
    owner_id: f.owner_id ? Number(f.owner_id) : undefined,
    customer_id: f.customer_id ? Number(f.customer_id) : undefined,
    sort: f.sort === 'update' ? ('update' as const) : undefined,
    active: f.archived ? false : undefined,
    limit: PAGE,
  };
  const list = useInfiniteQuery({
    queryKey: ['people', query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => must(await api.GET('/api/v1/people', { params: { query: { ...query, cursor: pageParam } } })),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const companyName = query.customer_id ? rows[0]?.customer : undefined;

  const submitText = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    set({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim() });
  };

  return (
    <section className="co-page">
      <div className="co-head">
        <h1>{companyName ? `${text('people')}: ${companyName}` : text('people')}</h1>
        {!creating && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {text('newPerson')}
          </button>
        )}
      </div>
      {creating && <PersonForm customerId={query.customer_id} customerName={companyName} onSaved={(p) => navigate(`/people/${p.id}`)} onCancel={() => setCreating(false)} />}

      <form className="co-filters" role="search" aria-label={text('filters')} onSubmit={submitText} key={f.q}>
        <label>
          {text('searchPeople')}
          <input name="q" type="search" defaultValue={f.q} />
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
                <caption className="sr-only">{text('people')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('common.name')}</th>
                    <th scope="col">{text('company')}</th>
                    <th scope="col">{text('title')}</th>
                    <th scope="col">{text('email')}</th>
                    <th scope="col">{text('phone')}</th>
                    <th scope="col">{t('common.owner')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((p) => (
                    <tr key={p.id}>
                      <th scope="row" data-label={t('common.name')}>
                        <Link to={`/people/${p.id}`}>{p.name}</Link>
                        {p.is_main ? <span className="co-badge">{text('isMain')}</span> : null}
                      </th>
                      <td data-label={text('company')}>{p.customer_id ? <Link to={`/companies/${p.customer_id}`}>{p.customer}</Link> : null}</td>
                      <td data-label={text('title')}>{p.title}</td>
                      <td data-label={text('email')}>{p.email ? <a href={`mailto:${p.email}`}>{p.email}</a> : null}</td>
                      <td data-label={text('phone')}>{p.phone ? <a href={`tel:${p.phone}`}>{p.phone}</a> : null}</td>
                      <td data-label={t('common.owner')}>{p.owner?.full_name}</td>
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
