import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatNumber, formatTimestamp } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { LoadMore, useUrlFilters } from '../companies/parts';
import { RecordForm, ValueText } from './RecordForm';
import { useObjectText } from './objects.text';
import '../companies/companies.css';
import './objects.css';

const PAGE = 25;

/** One custom object's records: search by name, archived ones on request, keyset paging, and a new record form. Two calls. */
export default function ObjectRecords() {
  const { key = '' } = useParams();
  const text = useObjectText();
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { values: f, set } = useUrlFilters(['q', 'archived'] as const);
  // "New <object>" from a company, person, opportunity or custom record: ?new=1&rel=<relation>&to=<id>&to_name=<name>
  const [params] = useSearchParams();
  const [creating, setCreating] = useState(params.get('new') === '1');
  const relKey = params.get('rel') ?? '';
  const to = Number(params.get('to'));
  const def = useQuery({ queryKey: ['object', key], queryFn: async () => must(await api.GET('/api/v1/objects/{key}', { params: { path: { key } } })).object });
  const query = { q: f.q || undefined, active: f.archived ? false : undefined, limit: PAGE };
  const list = useInfiniteQuery({
    queryKey: ['object-records', key, query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => must(await api.GET('/api/v1/objects/{key}/records', { params: { path: { key }, query: { ...query, cursor: pageParam } } })),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    set({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim() });
  };

  return (
    <Loaded q={def}>
      {(o) => {
        const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
        const shownFields = o.fields.filter((x) => x.display).slice(0, 3);
        const rel = Number.isSafeInteger(to) && to > 0 ? o.relations.find((x) => x.key === relKey) : undefined;
        return (
          <section className="ob-page">
            <p>
              <Link to="/objects">{text('objects')}</Link>
            </p>
            <div className="co-head">
              <h1>{o.label}</h1>
              {!creating && (
                <button type="button" className="primary" onClick={() => setCreating(true)}>
                  {text('newRecord')}
                </button>
              )}
            </div>
            {creating && (
              <RecordForm
                objectKey={key}
                fields={o.fields.map((x) => ({ ...x, value: null }))}
                links={rel ? { [rel.key]: [to] } : undefined}
                linkedNote={rel ? text('linkedTo', { name: params.get('to_name') || `#${to}`, label: rel.label }) : undefined}
                onSaved={(r) => navigate(`/objects/${encodeURIComponent(key)}/${r.id}`)} onCancel={() => setCreating(false)}
              />
            )}
            <form className="co-filters" role="search" aria-label={text('search')} onSubmit={search} key={f.q}>
              <label>
                {text('nameContains')}
                <input name="q" type="search" defaultValue={f.q} />
              </label>
              <label className="co-check">
                <input type="checkbox" checked={!!f.archived} onChange={(e) => set({ archived: e.target.checked ? '1' : '' })} /> {text('archived')}
              </label>
              <div className="co-actions">
                <button type="submit">{text('search')}</button>
              </div>
            </form>
            <Loaded q={list}>
              {() =>
                rows.length === 0 ? (
                  <p className="panel">{text('noRecords')}</p>
                ) : (
                  <>
                    <table className="co-table">
                      <caption className="sr-only">{o.label}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('common.name')}</th>
                          {shownFields.map((x) => (
                            <th scope="col" key={x.key}>
                              {x.label}
                            </th>
                          ))}
                          <th scope="col">{t('common.owner')}</th>
                          <th scope="col">{text('updated')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((r) => (
                          <tr key={r.id}>
                            <th scope="row" data-label={t('common.name')}>
                              <Link to={`/objects/${encodeURIComponent(key)}/${r.id}`}>{r.name}</Link>
                              {!r.active ? <span className="co-badge">{text('archivedBadge')}</span> : null}
                            </th>
                            {shownFields.map((x) => (
                              <td key={x.key} data-label={x.label}>
                                <ValueText type={x.type} value={r.fields[x.key]} />
                              </td>
                            ))}
                            <td data-label={t('common.owner')}>{r.owner}</td>
                            <td data-label={text('updated')}>{formatTimestamp(lang, r.updated_at)}</td>
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
      }}
    </Loaded>
  );
}

export { ValueText } from './RecordForm';
