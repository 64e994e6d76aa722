import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from '../lib/api';
import { useT } from '../lib/i18n';
import { Loaded } from '../shell/States';
import { useSearchText } from './search.text';
import './search.css';

type Kind = Schemas['SearchItem']['kind'];
/** Where each kind's record and list live in the app. */
const RECORD: Record<Kind, string> = { company: '/companies', person: '/people', opportunity: '/opportunities' };
const LIST: Record<Kind, string> = { company: '/companies', person: '/people', opportunity: '/opportunities/list' };

/** Global search (`/search?q=`): the first matches of each kind the user's modules allow, from one call of GET /api/v1/search. */
export default function Search() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const t = useT();
  const s = useSearchText();
  const result = useQuery({
    queryKey: ['search', q],
    queryFn: async () => must(await api.GET('/api/v1/search', { params: { query: { q } } })),
    enabled: q !== '',
  });
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
      {groups.map((g) => (
        <section key={g.kind} className="card search-group" aria-labelledby={`search-${g.kind}`}>
          <h2 id={`search-${g.kind}`}>{s(g.kind)}</h2>
          <ul className="search-items">
            {g.items.map((i) => (
              <li key={i.id}>
                <Link to={`${RECORD[i.kind]}/${i.id}`}>{i.name}</Link> <span className="search-rid">{i.rid}</span>
                {i.subtitle ? <span className="search-sub">{i.subtitle}</span> : null}
              </li>
            ))}
          </ul>
          {r.more.includes(g.kind) ? (
            <p className="search-more">
              <Link to={`${LIST[g.kind]}?q=${encodeURIComponent(r.q)}`}>{s('more', { what: s(g.kind).toLocaleLowerCase() })}</Link>
            </p>
          ) : null}
        </section>
      ))}
    </>
  );
}
