import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDefinitionWritten } from './queries';
import { api, ApiFailure, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Field, FormError, useFieldSentences, FormActions } from '../../shell/forms';
import { FieldRows, keyOf, optionList, useRowProblems, validKey, type FieldRow, type FieldType } from '../../shell/FieldRows';
import { useDefinitionText } from './definition.text';

type Def = Schemas['CustomObject'];
type ObjectType = Def['fields'][number]['type'];
const TYPES: readonly ObjectType[] = ['text', 'number', 'date', 'select', 'multiselect', 'checkbox', 'person', 'money'] satisfies FieldType[];
const OPTION_TYPES = ['select', 'multiselect'];
const rowOf = (f: Def['fields'][number]): FieldRow => ({ key: f.key, label: f.label, type: f.type, options: f.options.join(', '), required: f.required, display: f.display, saved: true });

/**
 * A custom object's definition for admins: a new record type (POST /api/v1/objects: key, label, fields) or a
 * change (`def`: PATCH with the label and the complete field list; relations are left out, so they stay).
 * A saved field keeps its key and type, since records store values under it. Checked here first, the API's
 * 400 after.
 */
export function DefinitionForm({ def, onDone }: { def?: Def; onDone: (saved: Def | null) => void }) {
  const t = useT();
  const text = useDefinitionText();
  const written = useDefinitionWritten();
  const [label, setLabel] = useState(def?.label ?? '');
  const [key, setKey] = useState(def?.key ?? '');
  const [keyTouched, setKeyTouched] = useState(false);
  const [rows, setRows] = useState<FieldRow[]>(() => def?.fields.map(rowOf) ?? []);
  const [tried, setTried] = useState(false);
  const problems = useRowProblems(OPTION_TYPES);
  const body = () => ({
    label: label.trim(),
    fields: rows.map((r) => ({ key: r.key, label: r.label.trim(), type: r.type as ObjectType, required: r.type === 'checkbox' ? false : r.required, display: r.display, ...(OPTION_TYPES.includes(r.type) ? { options: optionList(r) } : {}) })),
  });
  const save = useMutation({
    mutationFn: async () =>
      def
        ? must(await api.PATCH('/api/v1/objects/{key}', { params: { path: { key: def.key } }, body: body() })).object
        : must(await api.POST('/api/v1/objects', { body: { key, ...body() } })).object,
    onSuccess: (saved) => {
      written(saved);
      onDone(saved);
    },
  });
  const api400 = useFieldSentences(save.error, { label: text('label'), key: text('key'), '*': text('fields') });
  const taken = save.error instanceof ApiFailure && save.error.status === 409;
  const keyProblem = !def && tried ? (!key ? t('field.required', { label: text('key') }) : !validKey(key) ? text('keyFormat') : undefined) : undefined;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setTried(true);
    if (!label.trim() || (!def && !validKey(key)) || rows.some((r) => Object.values(problems(r, true)).some(Boolean))) return;
    save.mutate();
  };
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
      <FieldRows rows={rows} onChange={setRows} types={TYPES} optionTypes={OPTION_TYPES} display check={tried} />
      {def && def.relations.length ? <p className="help">{text('relationsKept')}</p> : null}
      {Object.entries(api400)
        .filter(([k]) => k !== 'label' && k !== 'key')
        .map(([k, m]) => (
          <p key={k} className="error">
            {m}
          </p>
        ))}
      {taken ? null : <FormError error={save.error} />}
      <FormActions pending={save.isPending} submit={def ? t('common.save') : t('common.create')} onCancel={() => onDone(null)} />
    </form>
  );
}
