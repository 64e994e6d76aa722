import type { FormEvent, ReactNode } from 'react';
import { keepPreviousData, useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useLang, useT } from '../lib/i18n';
import { formatNumber } from '../lib/format';
import { useDocumentTitle } from '../lib/title';
import { Loaded } from './States';
import type { UrlFilters } from './url-filters';
import { ExportButton, type ExportCall } from './ExportButton';
import './screens.css';

/** One page of a keyset-paged list answer. */
type Page<R> = { items: R[]; next_cursor?: string | null };
export type KeysetList<R> = UseInfiniteQueryResult<InfiniteData<Page<R>, string | undefined>>;

/** A list paged by the API's keyset cursor; the last rows stay on screen while a changed filter loads. */
export function useKeysetList<R>(queryKey: QueryKey, page: (cursor: string | undefined) => Promise<Page<R>>): KeysetList<R> {
  return useInfiniteQuery({
    queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => page(pageParam),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The rows of every page loaded so far. */
export function listRows<R>(list: KeysetList<R>): R[] {
  return list.data?.pages.flatMap((p) => p.items) ?? [];
}

/** The keyset pager's button. */
export function LoadMore({ q }: { q: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  const t = useT();
  if (!q.hasNextPage) return null;
  return (
    <p className="co-more">
      <button type="button" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
        {q.isFetchingNextPage ? t('app.loading') : t('common.more')}
      </button>
    </p>
  );
}

type Option = string | { value: string | number; label: string };

/**
 * One control of a filter bar, bound to a key of the address's query. `search` and `text` are typed and
 * applied with the bar's submit button; `select` and `check` apply at once; `node` is shown as given.
 */
export type FilterField<K extends string> =
  | { type: 'search' | 'text'; key: K; label: string }
  | { type: 'select'; key: K; label: string; any: string; options: readonly Option[] }
  | { type: 'check'; key: K; label: string }
  | { type: 'node'; node: ReactNode };

export type FilterBarProps<K extends string> = {
  /** The bar's accessible name; without it the bar is a plain row of controls. */
  label?: string;
  url: UrlFilters<K>;
  fields: readonly (FilterField<K> | false)[];
  /** The submit button's text (shown when the bar has typed fields). */
  submit?: string;
  /** The text of a button that clears every filter (none without it). */
  clear?: string;
};

/** The filters kept in the address: a search form when something is typed, a group of controls otherwise. */
export function FilterBar<K extends string>({ label, url, fields, submit, clear }: FilterBarProps<K>) {
  const shown = fields.filter((x): x is FilterField<K> => !!x);
  const typed = shown.flatMap((x) => (x.type === 'search' || x.type === 'text' ? [x.key] : []));
  const controls = shown.map((x, i) => <FilterControl key={i} field={x} url={url} />);
  const actions =
    (typed.length > 0 && submit) || clear ? (
      <div className="co-actions">
        {typed.length > 0 && submit ? <button type="submit">{submit}</button> : null}
        {clear ? (
          <button type="button" onClick={url.clear}>
            {clear}
          </button>
        ) : null}
      </div>
    ) : null;
  if (typed.length === 0)
    return (
      <div className="co-filters" {...(label ? { role: 'group', 'aria-label': label } : {})}>
        {controls}
        {actions}
      </div>
    );
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    url.set(Object.fromEntries(typed.map((k) => [k, String(data.get(k) ?? '').trim()])) as Partial<Record<K, string>>);
  };
  // keyed by the typed values, so the inputs show the address again after Back or "Clear"
  return (
    <form className="co-filters" role="search" aria-label={label} onSubmit={apply} key={typed.map((k) => url.values[k]).join('|')}>
      {controls}
      {actions}
    </form>
  );
}

function FilterControl<K extends string>({ field: x, url }: { field: FilterField<K>; url: UrlFilters<K> }) {
  if (x.type === 'node') return <>{x.node}</>;
  const value = url.values[x.key];
  if (x.type === 'check')
    return (
      <label className="co-check">
        <input type="checkbox" checked={!!value} onChange={(e) => url.set({ [x.key]: e.target.checked ? '1' : '' } as Partial<Record<K, string>>)} /> {x.label}
      </label>
    );
  if (x.type === 'select')
    return (
      <label>
        {x.label}
        <select value={value} onChange={(e) => url.set({ [x.key]: e.target.value } as Partial<Record<K, string>>)}>
          <option value="">{x.any}</option>
          {x.options.map((o) => {
            const { value: v, label } = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={v} value={v}>
                {label}
              </option>
            );
          })}
        </select>
      </label>
    );
  return (
    <>
      <label>
        {x.label}
        <input name={x.key} type={x.type === 'search' ? 'search' : undefined} defaultValue={value} />
      </label>
      {x.type === 'search' ? <ShortSearchNote q={value} /> : null}
    </>
  );
}

/**
 * The lists' name search matches from the start of a word for 1 or 2 letters and anywhere from 3 on (the
 * server's rule, for speed: docs/decisions/search.md); said under the field when the search in force is that short.
 */
export function ShortSearchNote({ q }: { q: string | null | undefined }) {
  const t = useT();
  const n = [...(q ?? '').trim()].length;
  return n > 0 && n < 3 ? <small className="help">{t('search.short')}</small> : null;
}

/**
 * A column of a list table. The row's header cell (`th scope="row"`) is the column marked `rowHeader`, or
 * the first. At phone width the table stacks: each cell shows its column's label (`data-label`) unless `bare`.
 */
export type Column<R> = {
  label: string;
  cell: (row: R) => ReactNode;
  rowHeader?: boolean;
  /** On the column's header and cells. */
  className?: string;
  /** On the cells only. */
  cellClass?: string;
  bare?: boolean;
};

export type ListResultsProps<R> = {
  list: KeysetList<R>;
  /** The table's caption for screen readers. */
  caption: string;
  columns: readonly (Column<R> | false)[];
  /** What an empty list says. */
  empty: string;
  tableClass?: string;
  rowClass?: (row: R) => string | undefined;
  /** Say how many rows are shown (below the table); on by default. */
  count?: boolean;
};

/** A keyset list's states: loading, failed, empty, or the table with its count and "Load more". */
export function ListResults<R extends { id: number | string }>({ list, caption, columns, empty, tableClass, rowClass, count = true }: ListResultsProps<R>) {
  const t = useT();
  const lang = useLang();
  const cols = columns.filter((c): c is Column<R> => !!c);
  const headerAt = Math.max(0, cols.findIndex((c) => c.rowHeader));
  return (
    <Loaded q={list}>
      {() => {
        const rows = listRows(list);
        if (rows.length === 0) return <p className="panel">{empty}</p>;
        return (
          <>
            <table className={tableClass ? `co-table ${tableClass}` : 'co-table'}>
              <caption className="sr-only">{caption}</caption>
              <thead>
                <tr>
                  {cols.map((c, i) => (
                    <th scope="col" key={i} className={c.className}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className={rowClass?.(r)}>
                    {cols.map((c, i) => {
                      const props = { className: c.cellClass ?? c.className, 'data-label': c.bare ? undefined : c.label };
                      return i === headerAt ? (
                        <th scope="row" key={i} {...props}>
                          {c.cell(r)}
                        </th>
                      ) : (
                        <td key={i} {...props}>
                          {c.cell(r)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            {count ? (
              <p className="help" aria-live="polite">
                {t('common.shown', { n: formatNumber(lang, rows.length) })}
              </p>
            ) : null}
            <LoadMore q={list} />
          </>
        );
      }}
    </Loaded>
  );
}

export type ListScreenProps<R, K extends string> = ListResultsProps<R> & {
  /** The section's class (the screen's own styles hang on it). */
  className?: string;
  /** A line above the heading (a way back). */
  breadcrumb?: ReactNode;
  title: string;
  /** Beside the heading: the screen's primary actions. */
  actions?: ReactNode;
  /** The list's export with its filters and sort: an "Export" button beside the actions. */
  exportCall?: ExportCall;
  /** Between the heading and the filters: a form opened by an action, a hint. */
  children?: ReactNode;
  filters: FilterBarProps<K>;
};

/** A list screen: heading with actions, filters kept in the address, and the keyset-paged table. */
export function ListScreen<R extends { id: number | string }, K extends string>({ className = 'co-page', breadcrumb, title, actions, exportCall, children, filters, ...results }: ListScreenProps<R, K>) {
  useDocumentTitle(title);
  return (
    <section className={className}>
      {breadcrumb}
      <div className="co-head">
        <h1>{title}</h1>
        <div className="co-actions">
          {exportCall ? <ExportButton call={exportCall} /> : null}
          {actions}
        </div>
      </div>
      {children}
      <FilterBar {...filters} />
      <ListResults {...results} />
    </section>
  );
}
