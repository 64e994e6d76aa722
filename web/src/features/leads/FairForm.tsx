import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useFairsWritten } from './queries';
import { api, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Field, fieldErrors, FormError, FormActions } from '../../shell/forms';
import { useFairText } from './fairs.text';

type Fair = Schemas['Fair'];
const FIELDS = ['name', 'city', 'country', 'venue', 'stand', 'start_date', 'end_date', 'website', 'note'] as const;
type Key = (typeof FIELDS)[number];
const EMPTY = Object.fromEntries(FIELDS.map((k) => [k, ''])) as Record<Key, string>;
const MAX: Partial<Record<Key, number>> = { name: 200, city: 100, country: 100, venue: 200, stand: 100, website: 300, note: 5000 };

/**
 * A new trade fair (POST /api/v1/fairs) or a change to one (`fair`: PATCH /api/v1/fairs/{id}, a cleared field
 * sent as null, which clears it): every field a person sets; problems are shown as sentences next to their
 * field (checked here first, the API's 400 mapped to the same sentences). A saved fair refreshes every fairs
 * list, the lead form's choice of fairs among them (query key `fairs`).
 */
export function FairForm({ fair: current, onDone }: { fair?: Fair; onDone: (fair: Fair | null) => void }) {
  const t = useT();
  const text = useFairText();
  const written = useFairsWritten();
  const [v, setV] = useState(() => (current ? (Object.fromEntries(FIELDS.map((k) => [k, current[k] ?? ''])) as Record<Key, string>) : EMPTY));
  const [local, setLocal] = useState<Partial<Record<Key, string>>>({});
  const save = useMutation({
    mutationFn: async () => {
      if (current) {
        const changed = FIELDS.filter((k) => v[k].trim() !== (current[k] ?? ''));
        const body = Object.fromEntries(changed.map((k) => [k, v[k].trim() === '' ? null : v[k].trim()]));
        return must(await api.PATCH('/api/v1/fairs/{id}', { params: { path: { id: current.id } }, body })).fair;
      }
      const body = Object.fromEntries(FIELDS.map((k) => [k, v[k].trim()]).filter(([, x]) => x !== '')) as { name: string };
      return must(await api.POST('/api/v1/fairs', { body })).fair;
    },
    onSuccess: async (fair) => {
      await written();
      onDone(fair);
    },
  });
  const api400 = fieldErrors(save.error);
  // the API's messages are terse ("must not be before start_date"): each field shows one sentence instead
  const sentence = (k: Key): string | undefined => {
    if (local[k]) return local[k];
    const m = api400[k];
    if (!m) return undefined;
    if (k === 'name') return text('nameMissing');
    if (k === 'end_date' && /before/.test(m)) return text('endBeforeStart');
    if (k.endsWith('_date')) return text('badDate');
    if (/at most|longer|characters/.test(m)) return text('tooLong');
    return text('badValue');
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const problems: Partial<Record<Key, string>> = {};
    if (!v.name.trim()) problems.name = text('nameMissing');
    if (v.start_date && v.end_date && v.end_date < v.start_date) problems.end_date = text('endBeforeStart');
    setLocal(problems);
    if (Object.keys(problems).length) {
      document.querySelector<HTMLElement>(`form[data-fair-form] [name="${Object.keys(problems)[0]}"]`)?.focus();
      return;
    }
    save.mutate();
  };
  const labels: Record<Key, string> = {
    name: text('name'),
    city: text('city'),
    country: text('country'),
    venue: text('venue'),
    stand: text('stand'),
    start_date: text('startDate'),
    end_date: text('endDate'),
    website: text('website'),
    note: text('note'),
  };
  const title = current ? text('editFair', { name: current.name }) : text('newFair');
  const input = (k: Key) => (
    <Field key={k} label={labels[k]} error={sentence(k)} required={k === 'name'}>
      {(p) =>
        k === 'note' ? (
          <textarea {...p} name={k} rows={2} value={v[k]} maxLength={MAX[k]} onChange={(e) => setV({ ...v, [k]: e.target.value })} />
        ) : (
          <input
            {...p}
            name={k}
            type={k.endsWith('_date') ? 'date' : k === 'website' ? 'url' : 'text'}
            value={v[k]}
            maxLength={MAX[k]}
            onChange={(e) => setV({ ...v, [k]: e.target.value })}
            autoFocus={k === 'name'}
          />
        )
      }
    </Field>
  );
  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-label={title} data-fair-form>
      <h2>{title}</h2>
      <div className="co-grid">{FIELDS.filter((k) => k !== 'note').map(input)}</div>
      {input('note')}
      <FormError error={save.error} />
      <FormActions pending={save.isPending} submit={current ? t('common.save') : text('create')} onCancel={() => onDone(null)} />
    </form>
  );
}
