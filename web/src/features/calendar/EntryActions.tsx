import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { DeleteButton, Field, FormError, useFieldSentences } from '../../shell/forms';
import { useTaskText } from '../tasks';
import { useCalendarWritten } from './queries';

type Entry = Schemas['CalendarEntry'];

/**
 * Edit (title, place, note) and delete of a calendar entry the caller may change (`can_edit`: the owner or an
 * admin, the API's gate); moving it is the calendar's Move. Every calendar view reads again (key `calendar`).
 */
export function EntryActions({ entry }: { entry: Entry }) {
  const t = useT();
  const text = useTaskText();
  const written = useCalendarWritten();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: async () => must(await api.DELETE('/api/v1/calendar/{id}', { params: { path: { id: entry.id } } })),
    onSuccess: () => void written(),
  });
  if (!entry.can_edit) return null;
  if (editing) return <EntryEdit entry={entry} onDone={() => setEditing(false)} />;
  return (
    <div className="co-actions cal-entry-actions" role="group" aria-label={entry.title}>
      <button type="button" onClick={() => setEditing(true)} aria-label={text('editEntry', { title: entry.title })}>
        {t('common.edit')}
      </button>
      <DeleteButton name={entry.title} busy={remove.isPending} onDelete={() => remove.mutate()} />
      <FormError error={remove.error} />
    </div>
  );
}

function EntryEdit({ entry, onDone }: { entry: Entry; onDone: () => void }) {
  const t = useT();
  const text = useTaskText();
  const written = useCalendarWritten();
  const [v, setV] = useState({ title: entry.title, location: entry.location ?? '', note: entry.note ?? '' });
  const save = useMutation({
    mutationFn: async () =>
      must(await api.PATCH('/api/v1/calendar/{id}', { params: { path: { id: entry.id } }, body: { title: v.title.trim(), location: v.location.trim() || null, note: v.note.trim() || null } })).entry,
    onSuccess: async () => {
      await written();
      onDone();
    },
  });
  const errors = useFieldSentences(save.error, { title: text('title'), location: text('location'), note: text('note') });
  const missing = v.title.trim() === '';
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!missing) save.mutate();
  };
  return (
    <form className="cal-move-form" onSubmit={submit} noValidate aria-label={text('editEntry', { title: entry.title })}>
      <Field label={text('title')} required error={errors.title ?? (missing ? t('field.required', { label: text('title') }) : undefined)}>
        {(p) => <input {...p} value={v.title} maxLength={300} autoFocus onChange={(e) => setV({ ...v, title: e.target.value })} />}
      </Field>
      <Field label={text('location')} error={errors.location}>
        {(p) => <input {...p} value={v.location} maxLength={300} onChange={(e) => setV({ ...v, location: e.target.value })} />}
      </Field>
      <Field label={text('note')} error={errors.note}>
        {(p) => <textarea {...p} rows={2} value={v.note} maxLength={5000} onChange={(e) => setV({ ...v, note: e.target.value })} />}
      </Field>
      <FormError error={save.error} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending || missing}>
          {t('common.save')}
        </button>
        <button type="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
