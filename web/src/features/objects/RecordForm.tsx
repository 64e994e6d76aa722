import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { useObjectText } from './objects.text';

type Rec = Schemas['CustomObjectRecord'];
type FieldWithValue = Rec['field_list'][number];
type Value = FieldWithValue['value'];
/** What a control holds while the user edits: text for inputs, a list for multiselect, a flag for checkbox. */
type Draft = string | boolean | string[] | { amount: string; currency: string };

function draftOf(x: FieldWithValue, base: string): Draft {
  const v = x.value;
  switch (x.type) {
    case 'checkbox':
      return v === true;
    case 'multiselect':
      return Array.isArray(v) ? v : [];
    case 'money':
      return v && typeof v === 'object' && !Array.isArray(v) ? { amount: String(v.amount), currency: v.currency } : { amount: '', currency: base };
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}

/** The API value of a control; null clears the field. */
function valueOf(type: FieldWithValue['type'], d: Draft): Value {
  if (type === 'checkbox') return d === true;
  if (type === 'multiselect') return d as string[];
  if (type === 'money') {
    const m = d as { amount: string; currency: string };
    return m.amount.trim() === '' ? null : { amount: Number(m.amount), currency: m.currency };
  }
  const s = String(d).trim();
  if (s === '') return null;
  return type === 'number' || type === 'person' ? Number(s) : s;
}

/** A field value as text, by its type. */
export function ValueText({ type, value }: { type: FieldWithValue['type']; value: Value | undefined }) {
  const lang = useLang();
  const me = useMe();
  const text = useObjectText();
  if (value === null || value === undefined || value === '') return null;
  if (type === 'checkbox') return <>{value ? text('yes') : text('no')}</>;
  if (type === 'date' && typeof value === 'string') return <>{formatDate(lang, value)}</>;
  if (type === 'person') return <>{me.users.find((u) => u.id === value)?.full_name ?? String(value)}</>;
  if (type === 'number' && typeof value === 'number') return <>{formatNumber(lang, value, 2)}</>;
  if (Array.isArray(value)) return <>{value.join(', ')}</>;
  if (typeof value === 'object') return <>{formatMoney(lang, value.amount, value.currency)}</>;
  return <>{String(value)}</>;
}

/** Create (no `record`) or edit a custom record: name, owner and a control for each field of the object, by type. */
export function RecordForm({
  objectKey,
  fields,
  record,
  links,
  linkedNote,
  onSaved,
  onCancel,
}: {
  objectKey: string;
  fields: FieldWithValue[];
  record?: Rec;
  /** On create: relations the new record starts with (relation key -> ids), shown as `linkedNote`. */
  links?: Record<string, number[]>;
  linkedNote?: string;
  onSaved: (r: Rec) => void;
  onCancel?: () => void;
}) {
  const me = useMe();
  const t = useT();
  const text = useObjectText();
  const base = me.app.currency_base || me.app.currencies[0] || '';
  const [name, setName] = useState(record?.name ?? '');
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => Object.fromEntries(fields.map((x) => [x.key, draftOf(x, base)])));
  const save = useMutation({
    mutationFn: async () => {
      const values: Record<string, Value> = {};
      for (const x of fields) {
        const v = valueOf(x.type, drafts[x.key]);
        if (record || (v !== null && v !== false && !(Array.isArray(v) && v.length === 0))) values[x.key] = v;
      }
      const path = { key: objectKey };
      if (record) return must(await api.PATCH('/api/v1/objects/{key}/records/{id}', { params: { path: { ...path, id: record.id } }, body: { name, fields: values } })).record;
      return must(await api.POST('/api/v1/objects/{key}/records', { params: { path }, body: { name, fields: values, links } })).record;
    },
    onSuccess: onSaved,
  });
  const errors = fieldErrors(save.error);
  const set = (key: string, d: Draft) => setDrafts({ ...drafts, [key]: d });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const title = record ? text('editRecord') : text('newRecord');

  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      {linkedNote ? <p className="help">{linkedNote}</p> : null}
      <div className="co-grid">
        <Field label={t('common.name')} error={errors.name} required>
          {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        {fields.map((x) => {
          const d = drafts[x.key];
          const error = errors[`fields.${x.key}`];
          if (x.type === 'checkbox')
            return (
              <div className="co-field" key={x.key}>
                <label className="co-check">
                  <input type="checkbox" checked={d === true} onChange={(e) => set(x.key, e.target.checked)} /> {x.label}
                </label>
                {error ? <p className="error">{error}</p> : null}
              </div>
            );
          if (x.type === 'multiselect') {
            const chosen = d as string[];
            return (
              <fieldset className="co-field ob-multi" key={x.key}>
                <legend>{x.label}</legend>
                {x.options.map((o) => (
                  <label key={o} className="co-check">
                    <input type="checkbox" checked={chosen.includes(o)} onChange={(e) => set(x.key, e.target.checked ? [...chosen, o] : chosen.filter((c) => c !== o))} /> {o}
                  </label>
                ))}
                {error ? <p className="error">{error}</p> : null}
              </fieldset>
            );
          }
          if (x.type === 'money') {
            const m = d as { amount: string; currency: string };
            return (
              <fieldset className="co-field ob-money" key={x.key}>
                <legend>
                  {x.label}
                  {x.required ? ' *' : ''}
                </legend>
                <label>
                  <span className="sr-only">{text('amount')}</span>
                  <input type="number" step="0.01" aria-label={`${x.label}: ${text('amount')}`} value={m.amount} onChange={(e) => set(x.key, { ...m, amount: e.target.value })} />
                </label>
                <label>
                  <span className="sr-only">{text('currency')}</span>
                  <select aria-label={`${x.label}: ${text('currency')}`} value={m.currency} onChange={(e) => set(x.key, { ...m, currency: e.target.value })}>
                    {me.app.currencies.map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </select>
                </label>
                {error ? <p className="error">{error}</p> : null}
              </fieldset>
            );
          }
          return (
            <Field key={x.key} label={x.label} error={error} required={x.required}>
              {(p) =>
                x.type === 'select' || x.type === 'person' ? (
                  <select {...p} value={String(d)} onChange={(e) => set(x.key, e.target.value)}>
                    <option value="">–</option>
                    {x.type === 'select'
                      ? x.options.map((o) => (
                          <option key={o} value={o}>
                            {o}
                          </option>
                        ))
                      : me.users.map((u) => (
                          <option key={u.id} value={u.id}>
                            {u.full_name}
                          </option>
                        ))}
                  </select>
                ) : (
                  <input {...p} type={x.type === 'date' ? 'date' : x.type === 'number' ? 'number' : 'text'} step={x.type === 'number' ? 'any' : undefined} value={String(d)} onChange={(e) => set(x.key, e.target.value)} />
                )
              }
            </Field>
          );
        })}
      </div>
      <FormError error={save.error} />
      {save.isSuccess && record ? (
        <p role="status" className="help">
          {text('saved')}
        </p>
      ) : null}
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {record ? t('common.save') : t('common.create')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
