import { Link, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { ArchiveButton, FormError } from '../../shell/forms';
import { RecordForm, ValueText } from './RecordForm';
import { RelationsPanel } from './Relations';
import { objectKeys, useObjectDefs, useObjectRecord } from './queries';
import { useObjectText } from './objects.text';
import '../../shell/screens.css';
import { useDocumentTitle } from '../../lib/title';
import './objects.css';

/** One custom record (two calls: the record and the object definitions, cached, for the object's label): its form built from `field_list`, relations with links (remove and add), archive and restore. */
export default function ObjectRecord() {
  const { key = '', id = '' } = useParams();
  const text = useObjectText();
  const t = useT();
  const lang = useLang();
  const client = useQueryClient();
  const defs = useObjectDefs();
  const objectLabel = defs.data?.find((o) => o.key === key)?.label ?? key;
  const queryKey = objectKeys.record(key, id);
  const q = useObjectRecord(key, id);
  const setActive = useMutation({
    // archive is the API's DELETE (spec 3.4: records are never deleted, DELETE sets active false); restore is PATCH active true
    mutationFn: async (active: boolean) => {
      const path = { key, id: Number(id) };
      if (!active) must(await api.DELETE('/api/v1/objects/{key}/records/{id}', { params: { path } }));
      else client.setQueryData(queryKey, must(await api.PATCH('/api/v1/objects/{key}/records/{id}', { params: { path }, body: { active } })).record);
    },
    onSuccess: (_, active) => {
      void client.invalidateQueries({ queryKey: objectKeys.lists(key) });
      // an archive answers no record: read it again (the page shows it archived, with Restore)
      if (!active) void client.invalidateQueries({ queryKey });
    },
  });

  // the tab names the record (its name), like every record page's header does
  useDocumentTitle(q.data?.name);
  return (
    <Loaded q={q}>
      {(r) => (
        <section className="ob-page">
          <p>
            <Link to={`/objects/${encodeURIComponent(key)}`}>{objectLabel}</Link>
          </p>
          <div className="co-head">
            <h1>
              {r.name} {!r.active ? <span className="co-badge">{text('archivedBadge')}</span> : null}
            </h1>
            {r.editable &&
              (r.active ? (
                <ArchiveButton name={r.name} busy={setActive.isPending} onArchive={() => setActive.mutate(false)} />
              ) : (
                <button type="button" onClick={() => setActive.mutate(true)} disabled={setActive.isPending}>
                  {text('restore')}
                </button>
              ))}
          </div>
          <p className="help">
            {t('common.owner')}: {r.owner || text('noOwner')} · {text('updated')}: {formatTimestamp(lang, r.updated_at)}
          </p>
          <FormError error={setActive.error} />
          {r.editable ? (
            <RecordForm key={r.updated_at} objectKey={key} fields={r.field_list} record={r} onSaved={(saved) => client.setQueryData(queryKey, saved)} />
          ) : (
            <section className="panel">
              <p>{text('readOnly')}</p>
              <dl className="ob-values">
                {r.field_list.map((x) => (
                  <div key={x.key}>
                    <dt>{x.label}</dt>
                    <dd>
                      <ValueText type={x.type} value={x.value} />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          <RelationsPanel objectKey={key} record={r} onSaved={(saved) => client.setQueryData(queryKey, saved)} />
        </section>
      )}
    </Loaded>
  );
}
