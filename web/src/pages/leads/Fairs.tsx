import { useState } from 'react';
import { Link } from 'react-router';
import { api, must } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatNumber } from '../../lib/format';
import { ListScreen, useKeysetList } from '../../shell/ListScreen';
import { useUrlFilters } from '../../shell/url-filters';
import { useLeadText } from './leads.text';
import { FairForm } from './FairForm';
import { useFairText } from './fairs.text';
import './leads.css';

const PAGE = 25;

/** The trade fairs of the workspace, newest first, paged; each opens its leads. */
export default function Fairs() {
  const t = useT();
  const lang = useLang();
  const text = useLeadText();
  const fairText = useFairText();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const url = useUrlFilters(['q'] as const);
  const query = { q: url.values.q || undefined, limit: PAGE };
  const list = useKeysetList(['fairs', query], async (cursor) => must(await api.GET('/api/v1/fairs', { params: { query: { ...query, cursor } } })));
  const dates = (a: string | null, b: string | null) => [formatDate(lang, a), b && b !== a ? formatDate(lang, b) : ''].filter(Boolean).join(' – ');

  return (
    <ListScreen
      className="ld-page"
      title={text('fairs')}
      actions={
        <div className="co-actions">
          {!creating ? (
            <button type="button" onClick={() => (setCreating(true), setCreated(null))}>
              {fairText('newFair')}
            </button>
          ) : null}
          <Link className="button primary" to="/leads/new">
            {text('captureLead')}
          </Link>
        </div>
      }
      filters={{ label: text('filters'), url, submit: text('search'), clear: text('clear'), fields: [{ type: 'search', key: 'q', label: text('searchFairs') }] }}
      list={list}
      caption={text('fairs')}
      empty={text('noResults')}
      columns={[
        { label: t('common.name'), cell: (r) => <Link to={`/leads?fair_id=${r.id}`}>{r.name}</Link> },
        { label: text('dates'), cell: (r) => dates(r.start_date, r.end_date) },
        { label: text('place'), cell: (r) => [r.venue, r.city, r.country].filter(Boolean).join(', ') },
        { label: text('stand'), cell: (r) => r.stand },
        { label: text('leadsN'), cell: (r) => formatNumber(lang, r.leads_n) },
      ]}
    >
          {creating ? (
            <FairForm
              onDone={(fair) => {
                setCreating(false);
                if (fair) setCreated(fair.name);
              }}
            />
          ) : null}
          {created ? (
            <p className="ld-saved" role="status">
              {fairText('created', { name: created })}
            </p>
          ) : null}
    </ListScreen>
  );
}
