import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiFailure, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Field, FormError, useFieldSentences } from '../../shell/forms';
import { useDefinitionText } from './definition.text';

type Def = Schemas['CustomObject'];
const TYPES = ['text', 'number', 'date', 'select', 'multiselect', 'checkbox', 'person', 'money'] as const;
type Type = (typeof TYPES)[number];
interface Row {
  key: string;
  label: string;
  type: Type;
  options: string;
  required: boolean;
  display: boolean;
  /** a field the object already has: its key (the record data's key) cannot change */
  saved: boolean;
}
const KEY = /^[a-z][a-z0-9_]{0,39}$/;
const FOLD: Record<string, string> = { ı: 'i', ş: 's', ğ: 'g', ü: 'u', ö: 'o', ç: 'c', â: 'a', î: 'i', û: 'u' };
/** A key from a label: "Ürün grubu" → `urun_grubu` (Turkish letters folded; the API's key rule). */
export function keyOf(label: string): string {
  const k = label
    .toLocaleLowerCase('tr')
    .replace(/[ışğüöçâîû]/g, (c) => FOLD[c])
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '');
  return k.slice(0, 40);
}
const rowOf = (f: Def['fields'][number]): Row => ({ key: f.key, label: f.label, type: f.type, options: f.options.join(', '), required: f.required, display: f.display, saved: true });

/**
 * A custom object's definition for admins: a new record type (POST /api/v1/objects: key, label, fields) or a
 * change (`def`: PATCH with the label and the complete field list; relations are sent unchanged by omission).
 * A saved field keeps its key, since records store values under it. Checked here first, the API's 400 after.
 */
export function DefinitionForm({ def, onDone }: { def?: Def; onDone: (saved: Def | null) => void }) {
  const t = useT();
  const text = useDefinitionText();
  const qc = useQueryClient();
  const [label, setLabel] = useState(def?.label ?? '');
  const [key, setKey] = useState(def?.key ?? '');
  const [keyTouched, setKeyTouched] = useState(false);
  const [rows, setRows] = useState<Row[]>(() => def?.fields.map(rowOf) ?? []);
  const [tried, setTried] = useState(false);
  const body = () => ({
    label: label.trim(),
    fields: rows.map((r) => ({ key: r.key, label: r.label.trim(), type: r.type, required: r.type === 'checkbox' ? false : r.required, display: r.display, ...(r.type === 'select' || r.type === 'multiselect' ? { options: r.options.split(',').map((o) => o.trim()).filter(Boolean) } : {}) })),
  });
  const save = useMutation({
    mutationFn: async () =>
      def
        ? must(await api.PATCH('/api/v1/objects/{key}', { params: { path: { key: def.key } }, body: body() })).object
        : must(await api.POST('/api/v1/objects', { body: { key, ...body() } })).object,
    onSuccess: (saved) => {
      void qc.invalidateQueries({ queryKey: ['objects'] });
      void qc.invalidateQueries({ queryKey: ['object', saved.key] });
      void qc.invalidateQueries({ queryKey: ['object-record'] });
      onDone(saved);
    },
  });
  const api400 = useFieldSentences(save.error, { label: text('label'), key: text('key'), fields: text('fields'), '*': text('fields') });
  const taken = save.error instanceof ApiFailure && save.error.status === 409;
  const keyProblem = !def && tried ? (!key ? t('field.required', { label: text('key') }) : !KEY.test(key) ? text('keyFormat') : undefined) : undefined;
  const rowProblem = (r: Row, check = tried) => ({
    label: check && !r.label.trim() ? t('field.required', { label: text('fieldLabel') }) : undefined,
    key: check && !KEY.test(r.key) ? text('keyFormat') : undefined,
    options: check && (r.type === 'select' || r.type === 'multiselect') && !r.options.split(',').some((o) => o.trim()) ? text('needsOptions') : undefined,
  });
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setTried(true);
    if (!label.trim() || (!def && !KEY.test(key)) || rows.some((r) => Object.values(rowProblem(r, true)).some(Boolean))) return;
    save.mutate();
  };
  const set = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j !== i ? r : { ...r, ...patch, ...(patch.label !== undefined && !r.saved ? { key: keyOf(patch.label) } : {}) })));
  const title = def ? text('editType') : text('newType');
  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <div className="co-grid">
        <Field label={text('label')} required error={(tried && !label.trim() ? t('field.required', { label: text('label') }) : undefined) ?? api400.label}>
          {(p) => <input {...p} value={label} maxLength={100} autoFocus onChange={(e) => (setLabel(e.target.value), !def && !keyTouched && setKey(keyOf(e.target.value)))} />}
        </Field>
        {def ? null : (
          <Field label={text('key')} required error={keyProblem ?? (taken ? text('keyTaken') : api400.key)}>
            {(p) => <input {...p} value={key} maxLength={40} onChange={(e) => (setKey(e.target.value), setKeyTouched(true))} />}
          </Field>
        )}
      </div>
      {def ? null : <p className="help">{text('keyHelp')}</p>}
      <fieldset className="ob-def-fields">
        <legend>{text('fields')}</legend>
        {rows.length === 0 ? <p className="help">{text('noFields')}</p> : null}
        {rows.map((r, i) => {
          const problem = rowProblem(r);
          return (
            <div key={i} className="ob-def-row" role="group" aria-label={text('fieldN', { n: i + 1 })}>
              <Field label={text('fieldLabel')} required error={problem.label}>
                {(p) => <input {...p} value={r.label} maxLength={100} onChange={(e) => set(i, { label: e.target.value })} />}
              </Field>
              <Field label={text('fieldKey')} error={problem.key}>
                {(p) => <input {...p} value={r.key} maxLength={40} readOnly={r.saved} onChange={(e) => set(i, { key: e.target.value })} />}
              </Field>
              <Field label={text('fieldType')}>
                {(p) => (
                  <select {...p} value={r.type} disabled={r.saved} onChange={(e) => set(i, { type: e.target.value as Type })}>
                    {TYPES.map((x) => (
                      <option key={x} value={x}>
                        {text(`type_${x}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {r.type === 'select' || r.type === 'multiselect' ? (
                <Field label={text('options')} error={problem.options}>
                  {(p) => <input {...p} value={r.options} onChange={(e) => set(i, { options: e.target.value })} />}
                </Field>
              ) : null}
              <div className="co-checks">
                {r.type !== 'checkbox' ? (
                  <label className="co-check">
                    <input type="checkbox" checked={r.required} onChange={(e) => set(i, { required: e.target.checked })} /> {text('required')}
                  </label>
                ) : null}
                <label className="co-check">
                  <input type="checkbox" checked={r.display} onChange={(e) => set(i, { display: e.target.checked })} /> {text('display')}
                </label>
                <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))} aria-label={text('removeField', { n: i + 1 })}>
                  {text('remove')}
                </button>
              </div>
            </div>
          );
        })}
        <button type="button" onClick={() => setRows([...rows, { key: '', label: '', type: 'text', options: '', required: false, display: false, saved: false }])}>
          {text('addField')}
        </button>
      </fieldset>
      {def && def.relations.length ? <p className="help">{text('relationsKept')}</p> : null}
      {Object.entries(api400)
        .filter(([k]) => k !== 'label' && k !== 'key')
        .map(([k, m]) => (
          <p key={k} className="error">
            {m}
          </p>
        ))}
      {taken ? null : <FormError error={save.error} />}
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {def ? t('common.save') : t('common.create')}
        </button>
        <button type="button" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
