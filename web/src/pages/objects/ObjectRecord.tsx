import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { ArchiveButton, FormError } from '../../shell/forms';
import { RecordForm, ValueText } from './RecordForm';
import { useObjectText } from './objects.text';
import '../../shell/screens.css';
import './objects.css';

const PAGE_OF: Record<string, string> = { company: '/companies', person: '/people', opportunity: '/opportunities' };

/** One custom record (one call): its form built from `field_list`, relations with links, archive and restore. */
export default function ObjectRecord() {
  const { key = '', id = '' } = useParams();
  const text = useObjectText();
  const t = useT();
  const lang = useLang();
  const client = useQueryClient();
  const queryKey = ['object-record', key, id];
  const q = useQuery({ queryKey, queryFn: async () => must(await api.GET('/api/v1/objects/{key}/records/{id}', { params: { path: { key, id: Number(id) } } })).record });
  const setActive = useMutation({
    mutationFn: async (active: boolean) => must(await api.PATCH('/api/v1/objects/{key}/records/{id}', { params: { path: { key, id: Number(id) } }, body: { active } })).record,
    onSuccess: (r) => {
      client.setQueryData(queryKey, r);
      void client.invalidateQueries({ queryKey: ['object-records', key] });
    },
  });

  return (
    <Loaded q={q}>
      {(r) => (
        <section className="ob-page">
          <p>
            <Link to={`/objects/${encodeURIComponent(key)}`}>{key}</Link>
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
          {r.relations.length > 0 && (
            <section className="panel" aria-labelledby="ob-rel">
              <h2 id="ob-rel">{text('relations')}</h2>
              <dl className="ob-values">
                {r.relations.map((rel) => (
                  <div key={`${rel.side}:${rel.key}`}>
                    <dt>
                      {rel.label} <span className="help">({rel.target_label})</span>
                    </dt>
                    <dd>
                      {rel.items.length === 0
                        ? text('none')
                        : rel.items.map((it, i) => (
                            <span key={it.id}>
                              {i > 0 ? ', ' : ''}
                              {PAGE_OF[rel.kind] ? <Link to={`${PAGE_OF[rel.kind]}/${it.id}`}>{it.name}</Link> : it.name}
                            </span>
                          ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </section>
      )}
    </Loaded>
  );
}
