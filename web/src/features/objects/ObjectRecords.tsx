import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, type Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { ListScreen, type Column } from '../../shell/ListScreen';
import { useObjectDef, useObjectRecordList } from './queries';
import { useUrlFilters } from '../../shell/url-filters';
import { RecordForm, ValueText } from './RecordForm';
import { useMe } from '../../lib/session';
import { DefinitionForm } from './DefinitionForm';
import { useDefinitionText } from './definition.text';
import { useObjectText } from './objects.text';
import './objects.css';

type Row = Schemas['CustomObjectRecordList']['items'][number];
const PAGE = 25;

/** One custom object's records: search by name, archived ones on request, keyset paging, and a new record form; admins edit the record type. Two calls. */
export default function ObjectRecords() {
  const { key = '' } = useParams();
  const text = useObjectText();
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const url = useUrlFilters(['q', 'archived'] as const);
  // "New <object>" from a company, person, opportunity or custom record: ?new=1&rel=<relation>&to=<id>&to_name=<name>
  const [params] = useSearchParams();
  const [creating, setCreating] = useState(params.get('new') === '1');
  const [defining, setDefining] = useState(false);
  const admin = useMe().user.role === 'admin';
  const defText = useDefinitionText();
  const relKey = params.get('rel') ?? '';
  const to = Number(params.get('to'));
  const def = useObjectDef(key);
  const query = { q: url.values.q || undefined, active: url.values.archived ? false : undefined, limit: PAGE };
  const list = useObjectRecordList(key, query);

  return (
    <Loaded q={def}>
      {(o) => {
        const rel = Number.isSafeInteger(to) && to > 0 ? o.relations.find((x) => x.key === relKey) : undefined;
        return (
        <ListScreen
          className="ob-page"
          breadcrumb={
            <p>
              <Link to="/objects">{text('objects')}</Link>
            </p>
          }
          title={o.label}
          exportCall={(x) => api.GET('/api/v1/objects/{key}/records/export', { params: { path: { key }, query: { q: query.q, active: query.active, ...x } }, parseAs: 'blob' })}
          actions={
            <div className="co-actions">
              {admin && !defining ? (
                <button type="button" onClick={() => (setDefining(true), setCreating(false))}>
                  {defText('editType')}
                </button>
              ) : null}
              {!creating && (
                <button type="button" className="primary" onClick={() => (setCreating(true), setDefining(false))}>
                  {text('newRecord')}
                </button>
              )}
            </div>
          }
          filters={{
            label: text('search'),
            url,
            submit: text('search'),
            fields: [
              { type: 'search', key: 'q', label: text('nameContains') },
              { type: 'check', key: 'archived', label: text('archived') },
            ],
          }}
          list={list}
          caption={o.label}
          empty={text('noRecords')}
          columns={[
            {
              label: t('common.name'),
              cell: (r) => (
                <>
                  <Link to={`/objects/${encodeURIComponent(key)}/${r.id}`}>{r.name}</Link>
                  {!r.active ? <span className="co-badge">{text('archivedBadge')}</span> : null}
                </>
              ),
            },
            ...o.fields
              .filter((x) => x.display)
              .slice(0, 3)
              .map((x): Column<Row> => ({ label: x.label, cell: (r) => <ValueText type={x.type} value={r.fields[x.key]} /> })),
            { label: t('common.owner'), cell: (r) => r.owner },
            { label: text('updated'), cell: (r) => formatTimestamp(lang, r.updated_at) },
          ]}
        >
          {defining && <DefinitionForm key={o.key} def={o} onDone={() => setDefining(false)} />}
          {creating && (
            <RecordForm
              objectKey={key}
              fields={o.fields.map((x) => ({ ...x, value: null }))}
              links={rel ? { [rel.key]: [to] } : undefined}
              linkedNote={rel ? text('linkedTo', { name: params.get('to_name') || `#${to}`, label: rel.label }) : undefined}
              onSaved={(r) => navigate(`/objects/${encodeURIComponent(key)}/${r.id}`)}
              onCancel={() => setCreating(false)}
            />
          )}
        </ListScreen>
        );
      }}
    </Loaded>
  );
}

export { ValueText } from './RecordForm';
