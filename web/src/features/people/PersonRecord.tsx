import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { Fields, RecordHeader, RecordLink } from '../../shell/RecordView';
import { usePeopleText } from './people.text';
import { PersonForm } from './PersonForm';
import { ArchiveButton, FormError } from '../../shell/forms';
import { LinkedRecordsSections } from '../objects';
import { NewOppButton } from '../opportunities';
import { PhoneLink } from '../../shell/Contact';
import '../../shell/screens.css';
import { personKeys, usePeopleWritten, usePerson } from './queries';
import { RecordWorkflows } from '../workflows';

/** The person record (one call, and the cached object definitions): contact facts, the company, custom records; edit, archive, restore. */
export default function PersonRecord() {
  const id = Number(useParams().id);
  const t = useT();
  const lang = useLang();
  const text = usePeopleText();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const q = usePerson(id);
  const written = usePeopleWritten();
  const refresh = () => written(id);
  const archive = useMutation({ mutationFn: async () => must(await api.DELETE('/api/v1/people/{id}', { params: { path: { id } } })), onSuccess: refresh });
  const restore = useMutation({ mutationFn: async () => must(await api.PATCH('/api/v1/people/{id}', { params: { path: { id } }, body: { active: true } })), onSuccess: refresh });

  return (
    <Loaded q={q}>
      {(p) => (
        <article className="co-record">
          <RecordHeader kind={text('person')} rid={p.rid} title={p.name}>
            <p className="co-badges">
              {p.is_main ? <span className="co-badge">{text('isMain')}</span> : null}
              {p.is_former ? <span className="co-badge warn">{text('isFormer')}</span> : null}
              {!p.active ? <span className="co-badge warn">{text('archivedBadge')}</span> : null}
            </p>
          </RecordHeader>
          {p.can_edit && !editing ? (
            <div className="co-actions co-toolbar">
              <button type="button" onClick={() => setEditing(true)}>
                {t('common.edit')}
              </button>
              {p.active ? (
                <ArchiveButton name={p.name} onArchive={() => archive.mutate()} busy={archive.isPending} />
              ) : (
                <button type="button" onClick={() => restore.mutate()} disabled={restore.isPending}>
                  {text('restore')}
                </button>
              )}
            </div>
          ) : null}
          <FormError error={archive.error ?? restore.error} />
          {p.active && p.customer_id && !editing ? <NewOppButton company={{ id: p.customer_id, name: p.customer }} primary={false} /> : null}
          {editing ? (
            <PersonForm
              person={p}
              onSaved={(saved) => {
                qc.setQueryData(personKeys.detail(id), saved);
                refresh();
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          ) : null}
          <Fields
            items={[
              [text('company'), p.customer_id ? <RecordLink kind="companies" id={p.customer_id}>{p.customer}</RecordLink> : ''],
              [text('title'), p.title],
              [text('department'), p.department],
              [text('email'), p.email ? <a href={`mailto:${p.email}`}>{p.email}</a> : ''],
              [text('phone'), p.phone ? <PhoneLink key="ph" phone={p.phone} /> : ''],
              [text('wa'), p.wa ? <PhoneLink key="wa" phone={p.wa} /> : ''],
              [t('common.owner'), p.owner?.full_name],
              [text('note'), p.note],
              [text('created'), formatTimestamp(lang, p.created_at)],
              [text('updated'), formatTimestamp(lang, p.updated_at)],
            ]}
          />
          <LinkedRecordsSections kind="person" id={p.id} name={p.name} groups={p.objects} />
          {p.customer_id ? (
            <p>
              <Link to={`/people?customer_id=${p.customer_id}`}>{text('seeAll')}</Link>
            </p>
          ) : null}
          <RecordWorkflows kind="person" id={p.id} />
        </article>
      )}
    </Loaded>
  );
}
