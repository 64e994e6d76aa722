import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useAllApprovalForms, useApprovalFormsWritten } from './queries';
import { api, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { Field, FormError, useFieldSentences, FormActions } from '../../shell/forms';
import { FieldRows, optionList, useRowProblems, type FieldRow, type FieldType } from '../../shell/FieldRows';
import { useListText } from './lists.text';

type List = Schemas['ApprovalForm'];
type ApprovalType = List['fields'][number]['type'];
const TYPES: readonly ApprovalType[] = ['text', 'number', 'date', 'checkbox', 'person', 'leave_type'] satisfies FieldType[];
const OPTION_TYPES = ['leave_type'];
const rowOf = (f: List['fields'][number]): FieldRow => ({ key: f.key, label: f.label, type: f.type, options: f.options.join(', '), required: f.required, display: false, saved: true });

/** Admins: every approval list, the closed ones too (`all=true`), each with Edit; a new list. */
export function ApprovalLists() {
  const me = useMe();
  const text = useListText();
  const t = useT();
  const [form, setForm] = useState<List | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const lists = useAllApprovalForms(me.user.role === 'admin');
  if (me.user.role !== 'admin') return null;
  const done = (kind: 'created' | 'saved') => (l: List | null) => (setForm(null), setSaved(l ? text(kind, { name: l.name }) : null));
  return (
    <section className="panel" aria-labelledby="ap-lists">
      <h2 id="ap-lists">{text('lists')}</h2>
      <p className="help">{text('listsHelp')}</p>
      <ul className="ap-lists">
        {(lists.data ?? []).map((l) => (
          <li key={l.id}>
            {l.name} {l.active ? null : <span className="co-badge">{text('inactive')}</span>}{' '}
            <button type="button" onClick={() => (setForm(l), setSaved(null))} aria-label={text('editList', { name: l.name })}>
              {t('common.edit')}
            </button>
          </li>
        ))}
      </ul>
      {form === null ? (
        <button type="button" onClick={() => (setForm('new'), setSaved(null))}>
          {text('newList')}
        </button>
      ) : form === 'new' ? (
        <ListForm onDone={done('created')} />
      ) : (
        <ListForm key={form.id} list={form} onDone={done('saved')} />
      )}
      {saved ? <p role="status">{saved}</p> : null}
    </section>
  );
}

/**
 * A new approval list (POST /api/v1/approvals/forms) or a change (`list`: PATCH with name, approver, the
 * complete field list, the working-day fields or null, and whether it takes new requests).
 */
function ListForm({ list, onDone }: { list?: List; onDone: (saved: List | null) => void }) {
  const t = useT();
  const text = useListText();
  const me = useMe();
  const written = useApprovalFormsWritten();
  const [name, setName] = useState(list?.name ?? '');
  const [approver, setApprover] = useState(list?.approver ? String(list.approver.id) : '');
  const [rows, setRows] = useState<FieldRow[]>(() => list?.fields.map(rowOf) ?? []);
  const [days, setDays] = useState(list?.working_days ?? null);
  const [active, setActive] = useState(list?.active ?? true);
  const [tried, setTried] = useState(false);
  const problems = useRowProblems(OPTION_TYPES);
  const dates = rows.filter((r) => r.type === 'date' && r.key);
  const save = useMutation({
    mutationFn: async () => {
      const body = {
        name: name.trim(),
        approver_id: Number(approver),
        fields: rows.map((r) => ({ key: r.key, label: r.label.trim(), type: r.type as ApprovalType, required: r.type === 'checkbox' ? false : r.required, ...(r.type === 'leave_type' ? { options: optionList(r) } : {}) })),
        working_days: days && dates.some((d) => d.key === days.start) && dates.some((d) => d.key === days.end) ? days : null,
        active,
      };
      return list ? must(await api.PATCH('/api/v1/approvals/forms/{list_id}', { params: { path: { list_id: list.id } }, body })).form : must(await api.POST('/api/v1/approvals/forms', { body })).form;
    },
    onSuccess: (saved) => {
      written();
      onDone(saved);
    },
  });
  const api400 = useFieldSentences(save.error, { name: text('name'), approver_id: text('approver'), '*': text('lists') });
  const required = (v: string, label: string) => (tried && !v.trim() ? t('field.required', { label }) : undefined);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setTried(true);
    if (!name.trim() || !approver || rows.some((r) => Object.values(problems(r, true)).some(Boolean))) return;
    save.mutate();
  };
  const title = list ? text('editList', { name: list.name }) : text('newList');
  const dayField = (k: 'start' | 'end', label: string) => (
    <Field label={label}>
      {(p) => (
        <select {...p} value={days?.[k] ?? ''} onChange={(e) => setDays({ start: days?.start ?? '', end: days?.end ?? '', [k]: e.target.value })}>
          <option value="">{text('choose')}</option>
          {dates.map((d) => (
            <option key={d.key} value={d.key}>
              {d.label || d.key}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <form className="co-form" onSubmit={submit} noValidate aria-label={title}>
      <h3>{title}</h3>
      <div className="co-grid">
        <Field label={text('name')} required error={required(name, text('name')) ?? api400.name}>
          {(p) => <input {...p} value={name} maxLength={200} autoFocus onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={text('approver')} required error={required(approver, text('approver')) ?? api400.approver_id}>
          {(p) => (
            <select {...p} value={approver} onChange={(e) => setApprover(e.target.value)}>
              <option value="">{text('choose')}</option>
              {me.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <FieldRows rows={rows} onChange={setRows} types={TYPES} optionTypes={OPTION_TYPES} display={false} check={tried} />
      <label className="co-check">
        <input type="checkbox" checked={days !== null} onChange={(e) => setDays(e.target.checked ? { start: '', end: '' } : null)} /> {text('countDays')}
      </label>
      {days !== null ? dates.length < 2 ? <p className="help">{text('needTwoDates')}</p> : <div className="co-grid">{dayField('start', text('firstDay'))}{dayField('end', text('lastDay'))}</div> : null}
      {list ? (
        <label className="co-check">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> {text('active')}
        </label>
      ) : null}
      {Object.entries(api400)
        .filter(([k]) => k !== 'name' && k !== 'approver_id')
        .map(([k, m]) => (
          <p key={k} className="error">
            {m}
          </p>
        ))}
      <FormError error={save.error} />
      <FormActions pending={save.isPending} submit={list ? t('common.save') : t('common.create')} onCancel={() => onDone(null)} />
    </form>
  );
}
