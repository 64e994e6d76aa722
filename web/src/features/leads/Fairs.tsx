import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useFairList, useFairsWritten } from './queries';
import { api, ApiFailure, must, type Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatNumber } from '../../lib/format';
import { ListScreen } from '../../shell/ListScreen';
import { useUrlFilters } from '../../shell/url-filters';
import { DeleteButton, FormError } from '../../shell/forms';
import { useLeadText } from './leads.text';
import { FairForm } from './FairForm';
import { useFairText } from './fairs.text';
import './leads.css';

const PAGE = 25;

/** The trade fairs of the workspace, newest first, paged; each opens its leads; new, edit and delete (a fair without leads). */
export default function Fairs() {
  const t = useT();
  const lang = useLang();
  const text = useLeadText();
  const fairText = useFairText();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Schemas['Fair'] | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const url = useUrlFilters(['q'] as const);
  const query = { q: url.values.q || undefined, limit: PAGE };
  const list = useFairList(query);
  const dates = (a: string | null, b: string | null) => [formatDate(lang, a), b && b !== a ? formatDate(lang, b) : ''].filter(Boolean).join(' – ');

  return (
    <ListScreen
      className="ld-page"
      title={text('fairs')}
      actions={
        <div className="co-actions">
          {!creating ? (
            <button type="button" onClick={() => (setCreating(true), setEditing(null), setCreated(null))}>
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
        { label: fairText('actions'), cell: (r) => (r.can_edit ? <FairActions fair={r} onEdit={() => (setEditing(r), setCreating(false), setCreated(null))} /> : null) },
      ]}
    >
          {creating ? (
            <FairForm
              onDone={(fair) => {
                setCreating(false);
                if (fair) setCreated(fairText('created', { name: fair.name }));
              }}
            />
          ) : null}
          {editing ? (
            <FairForm
              key={editing.id}
              fair={editing}
              onDone={(fair) => {
                setEditing(null);
                if (fair) setCreated(fairText('saved', { name: fair.name }));
              }}
            />
          ) : null}
          {created ? (
            <p className="ld-saved" role="status">
              {created}
            </p>
          ) : null}
    </ListScreen>
  );
}

/** Edit and delete of one fair; a fair with leads is refused by the API (409) and says so in words. */
function FairActions({ fair, onEdit }: { fair: Schemas['Fair']; onEdit: () => void }) {
  const t = useT();
  const text = useFairText();
  const written = useFairsWritten();
  const remove = useMutation({
    mutationFn: async () => must(await api.DELETE('/api/v1/fairs/{id}', { params: { path: { id: fair.id } } })),
    onSuccess: () => void written(),
  });
  const e = remove.error;
  const withLeads = e instanceof ApiFailure && e.status === 409 && typeof e.body.leads === 'number' ? e.body.leads : null;
  return (
    <div className="co-actions" role="group" aria-label={fair.name}>
      <button type="button" onClick={onEdit} aria-label={text('editFair', { name: fair.name })}>
        {t('common.edit')}
      </button>
      <DeleteButton name={fair.name} busy={remove.isPending} onDelete={() => remove.mutate()} />
      {withLeads !== null ? (
        <p className="error" role="alert">
          {text('hasLeads', { name: fair.name, n: withLeads })}
        </p>
      ) : (
        <FormError error={e} />
      )}
    </div>
  );
}
