import { Link, Navigate, useSearchParams } from 'react-router';
import type { Schemas } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { Loaded } from '../../shell/States';
import { useSearchText } from './search.text';
import './search.css';
import { useSearch } from './queries';

type Kind = Schemas['SearchItem']['kind'];
type Item = Schemas['SearchItem'];
/** Where each kind's record lives in the app. */
const RECORD: Record<Kind, string> = {
  company: '/companies',
  person: '/people',
  opportunity: '/opportunities',
  task: '/tasks',
  activity: '/activities',
  order: '/orders',
  lead: '/leads',
};
/** The lists that take the search's `q` (the other kinds have no text filter: their first matches are all the search shows). */
const LIST: Partial<Record<Kind, string>> = { company: '/companies', person: '/people', opportunity: '/opportunities/list' };

/**
 * Global search (`/search?q=`): the first matches of each kind the user's modules allow, from one call of
 * GET /api/v1/search; a record key (O-1) opens its record at once.
 */
export default function Search() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const t = useT();
  const s = useSearchText();
  const result = useSearch(q);
  const exact = result.data?.exact;
  if (exact) return <Navigate to={`${RECORD[exact.kind]}/${exact.id}`} replace />;
  return (
    <div className="search-page">
      <h1>{q ? s('resultsFor', { q }) : t('search.title')}</h1>
      {q ? <Loaded q={result}>{(r) => <Results r={r} />}</Loaded> : <p>{s('hint')}</p>}
    </div>
  );
}

function Results({ r }: { r: Schemas['SearchResponse'] }) {
  const t = useT();
  const s = useSearchText();
  const groups = r.kinds.map((kind) => ({ kind, items: r.items.filter((i) => i.kind === kind) })).filter((g) => g.items.length > 0);
  if (groups.length === 0) return <p role="status">{t('search.none')}</p>;
  return (
    <>
      {groups.map((g) => {
        const list = LIST[g.kind];
        return (
          <section key={g.kind} className="card search-group" aria-labelledby={`search-${g.kind}`}>
            <h2 id={`search-${g.kind}`}>{s(g.kind)}</h2>
            <ul className="search-items">
              {g.items.map((i) => (
                <Hit key={i.id} i={i} />
              ))}
            </ul>
            {list && r.more.includes(g.kind) ? (
              <p className="search-more">
                <Link to={`${list}?q=${encodeURIComponent(r.q)}`}>{s('more', { what: s(g.kind).toLocaleLowerCase() })}</Link>
              </p>
            ) : null}
          </section>
        );
      })}
    </>
  );
}

/** One match: its name (an order without a PO number reads "Order"), key, date, what it says and the record it belongs to. */
function Hit({ i }: { i: Item }) {
  const s = useSearchText();
  const lang = useLang();
  const sub = [i.date ? formatDate(lang, i.date) : '', i.subtitle].filter((x) => x).join(' · ');
  return (
    <li>
      <Link to={`${RECORD[i.kind]}/${i.id}`}>{i.name || s('untitled')}</Link> {i.rid ? <span className="search-rid">{i.rid}</span> : null}
      {sub ? <span className="search-sub">{sub}</span> : null}
      {i.parent ? (
        <span className="search-sub">
          {s(i.parent.kind === 'company' ? 'ofCompany' : 'ofOpportunity')} <Link to={`${RECORD[i.parent.kind]}/${i.parent.id}`}>{i.parent.name}</Link>
        </span>
      ) : null}
    </li>
  );
}
