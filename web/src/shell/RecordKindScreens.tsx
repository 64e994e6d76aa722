import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useLang, useT } from '../lib/i18n';
import { useLabels } from '../lib/labels';
import { useMe } from '../lib/session';
import { Field, fieldErrors, FormActions, FormError } from './forms';
import { ListScreen } from './ListScreen';
import { Fields, RecordHeader } from './RecordView';
import { Loaded } from './States';
import { RecordPicker, type Picked } from './RecordPicker';
import { useUrlFilters } from './url-filters';
import type { Drawn, DrawnKind, Input, KindContext } from './record-kind';
import './screens.css';

type Row = { id: number; can_edit?: boolean };
const PAGE = 25;

/** What a declaration's functions read, with the kind's own words. */
function useKindContext({ kind }: DrawnKind): KindContext {
  return { me: useMe(), lang: useLang(), labelOf: useLabels(), text: kind.text() as KindContext['text'] };
}

/** The context of a record or a list's rows, with the choices drawn as selects that save on change. */
function useDrawn(drawn: DrawnKind): Drawn<Row> {
  const c = useKindContext(drawn);
  return { ...c, choice: (name, r, label) => <ChoiceSelect key={name} drawn={drawn} name={name} record={r} label={label} c={c} /> };
}

/** A drawn kind's list: its filters in the address, keyset paging, the declared columns and the new-record form. */
export function KindList({ drawn }: { drawn: DrawnKind }) {
  const { kind, queries } = drawn;
  const c = useDrawn(drawn);
  const navigate = useNavigate();
  const url = useUrlFilters(kind.list.filters);
  const [creating, setCreating] = useState(false);
  const list = queries.useList({ ...kind.list.query(url.values), limit: PAGE });
  return (
    <ListScreen
      title={c.text('title')}
      actions={
        kind.inputs &&
        !creating && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {c.text('new')}
          </button>
        )
      }
      filters={{ label: c.text('filters'), url, clear: c.text('clear'), fields: kind.list.filterFields(c) }}
      list={list}
      caption={c.text('title')}
      empty={c.text('noResults')}
      columns={kind.list.columns(c)}
    >
      {creating && <KindForm drawn={drawn} c={c} onSaved={(r) => navigate(`${kind.list.path}/${r.id}`)} onCancel={() => setCreating(false)} />}
    </ListScreen>
  );
}

/** A drawn kind's record: heading, badges and the declared fields (empty ones left out). */
export function KindRecord({ drawn }: { drawn: DrawnKind }) {
  const { kind, queries } = drawn;
  const id = Number(useParams().id);
  const c = useDrawn(drawn);
  const q = queries.useRecord(id);
  return (
    <Loaded q={q}>
      {(r) => (
        <article className="co-page">
          <RecordHeader kind={c.text('one')} title={kind.record.title(r)}>
            {kind.record.badges?.(r, c)}
          </RecordHeader>
          <Fields items={kind.record.fields(r, c)} />
        </article>
      )}
    </Loaded>
  );
}

const initialValues = (inputs: Input[]) => Object.fromEntries(inputs.map((i) => [i.key, i.initial ?? (i.options && i.none === undefined ? (i.options[0]?.value ?? '') : '')]));

/** The new-record form: the declared inputs; a blank one is not sent, a number input is sent as a number. */
function KindForm({ drawn, c, onSaved, onCancel }: { drawn: DrawnKind; c: KindContext; onSaved: (r: Row) => void; onCancel: () => void }) {
  const { kind, queries } = drawn;
  const t = useT();
  const written = queries.useWritten();
  const inputs = kind.inputs!(c);
  const [v, setV] = useState<Record<string, string>>(() => initialValues(inputs));
  const [picked, setPicked] = useState<Record<string, Picked | null>>({});
  const save = useMutation({
    mutationFn: () => {
      const typed = inputs.filter((i) => !i.pick && v[i.key]?.trim()).map((i) => [i.key, i.number ? Number(v[i.key]) : v[i.key]]);
      const chosen = inputs.filter((i) => i.pick && picked[i.key]).map((i) => [i.key, picked[i.key]!.id]);
      const body = Object.fromEntries([...typed, ...chosen]);
      return queries.write('POST', kind.api.list, { body });
    },
    onSuccess: (r) => {
      written();
      onSaved(r);
    },
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const input = (i: Input) =>
    i.pick ? (
      <RecordPicker key={i.key} label={i.required ? `${i.label} (${t('picker.required')})` : i.label} value={picked[i.key] ?? null} onChange={(r) => setPicked({ ...picked, [i.key]: r })} search={i.pick.search} queryKey={i.pick.queryKey} error={errors[i.key]} />
    ) : (
      <Field key={i.key} label={i.label} error={errors[i.key]} required={i.required}>
        {(p) => {
          const on = { value: v[i.key] ?? '', onChange: (e: { target: { value: string } }) => setV({ ...v, [i.key]: e.target.value }) };
          if (i.rows) return <textarea {...p} {...on} rows={i.rows} maxLength={i.max} />;
          if (!i.options) return <input {...p} {...on} maxLength={i.max} inputMode={i.number ? 'decimal' : undefined} />;
          return (
            <select {...p} {...on}>
              {i.none !== undefined ? <option value="">{i.none}</option> : null}
              {i.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          );
        }}
      </Field>
    );
  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-labelledby={`${kind.name}-form-title`}>
      <h2 id={`${kind.name}-form-title`}>{c.text('new')}</h2>
      <div className="co-grid">{inputs.filter((i) => !i.rows).map(input)}</div>
      {inputs.filter((i) => i.rows).map(input)}
      <FormError error={save.error} />
      <FormActions pending={save.isPending} submit={t('common.create')} onCancel={onCancel} />
    </form>
  );
}

/** A declared choice: a select that saves on change (PATCH), its answer replacing the record; text without edit rights. */
function ChoiceSelect({ drawn, name, record, label, c }: { drawn: DrawnKind; name: string; record: Row; label: string; c: KindContext }) {
  const { kind, queries } = drawn;
  const choice = kind.choices[name]!;
  const written = queries.useWritten();
  // the chosen value is held from the change event until the save settles (react-query reports it pending a tick later)
  const [chosen, setChosen] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (value: string) => queries.write('PATCH', kind.api.record, { params: { path: { id: record.id } }, body: choice.body(value) }),
    onSuccess: (r) => written(r),
    onSettled: () => setChosen(null),
  });
  if (!record.can_edit) return <>{choice.shown(record, c)}</>;
  const value = choice.value(record);
  const options = choice.options(c, record);
  const all = options.some((o) => o.value === value) ? options : [{ value, label: choice.shown(record, c) }, ...options];
  return (
    <span className="or-status">
      <select
        aria-label={label}
        value={chosen ?? value}
        disabled={chosen !== null}
        onChange={(e) => {
          setChosen(e.target.value);
          save.mutate(e.target.value);
        }}
      >
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <span aria-live="polite" className="sr-only">
        {save.isSuccess ? c.text('saved') : ''}
      </span>
      <FormError error={save.error} />
    </span>
  );
}
