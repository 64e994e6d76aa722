import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useApprovalsWritten, useWorkingDays } from './queries';
import { api, must, type Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatDate, formatNumber } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { useApprovalText } from './approvals.text';

type Form = Schemas['ApprovalForm'];
type Values = Record<string, string | boolean>;

/** The form of one list: a control per field type; a leave list shows its working days as the dates change. */
export function RequestForm({ form, onDone }: { form: Form; onDone: () => void }) {
  const me = useMe();
  const text = useApprovalText();
  const written = useApprovalsWritten();
  const [values, setValues] = useState<Values>(() => Object.fromEntries(form.fields.map((x) => [x.key, x.type === 'checkbox' ? false : ''])));
  const [note, setNote] = useState('');
  const [done, setDone] = useState('');
  const send = useMutation({
    mutationFn: async () => {
      const body: Record<string, unknown> = {};
      for (const x of form.fields) {
        const v = values[x.key];
        if (x.type === 'checkbox') {
          if (v) body[x.key] = true;
        } else if (v !== '') body[x.key] = x.type === 'number' || x.type === 'person' ? Number(v) : v;
      }
      return must(await api.POST('/api/v1/approvals/forms/{list_id}', { params: { path: { list_id: form.id } }, body: { values: body, ...(note.trim() ? { note } : {}) } })).item;
    },
    onSuccess: (item) => {
      setDone(item.status === 'approved' ? text('sentApproved') : text('sent', { name: item.approver?.full_name ?? '' }));
      written();
    },
  });
  const errors = fieldErrors(send.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  if (done)
    return (
      <div className="ap-done" role="status">
        <p>{done}</p>
        <button type="button" onClick={onDone}>
          {text('mine')}
        </button>
      </div>
    );
  const change = (key: string, v: string | boolean) => setValues({ ...values, [key]: v });

  return (
    <form className="ap-form" onSubmit={submit} noValidate aria-labelledby="ap-form-title">
      <h3 id="ap-form-title">{form.name}</h3>
      <p className="help">{text('approver', { name: form.approver?.full_name ?? text('noApprover') })}</p>
      <div className="co-grid">
        {form.fields.map((x) => {
          const error = errors[`values.${x.key}`];
          const v = values[x.key];
          if (x.type === 'checkbox')
            return (
              <div className="co-field" key={x.key}>
                <label className="co-check">
                  <input type="checkbox" checked={!!v} onChange={(e) => change(x.key, e.target.checked)} /> {x.label}
                </label>
                {error ? <p className="error">{error}</p> : null}
              </div>
            );
          return (
            <Field key={x.key} label={x.label} error={error} required={x.required || (form.working_days !== null && (form.working_days.start === x.key || form.working_days.end === x.key))}>
              {(p) =>
                x.type === 'person' ? (
                  <select {...p} value={String(v)} onChange={(e) => change(x.key, e.target.value)}>
                    <option value="">–</option>
                    {me.users.map((u) => (
                      <option key={u.id} value={u.id}>
                        {u.full_name}
                      </option>
                    ))}
                  </select>
                ) : x.type === 'leave_type' ? (
                  <select {...p} value={String(v)} onChange={(e) => change(x.key, e.target.value)}>
                    <option value="">–</option>
                    {x.options.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input {...p} type={x.type === 'date' ? 'date' : x.type === 'number' ? 'number' : 'text'} step={x.type === 'number' ? 'any' : undefined} value={String(v)} onChange={(e) => change(x.key, e.target.value)} />
                )
              }
            </Field>
          );
        })}
      </div>
      {form.working_days && <WorkingDays start={String(values[form.working_days.start] ?? '')} end={String(values[form.working_days.end] ?? '')} />}
      <Field label={text('note')} error={errors.note}>
        {(p) => <textarea {...p} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <FormError error={send.error} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={send.isPending}>
          {text('send')}
        </button>
        <button type="button" onClick={onDone}>
          {text('cancel')}
        </button>
      </div>
    </form>
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The working days between the picked dates, by the API's rules (public holidays of the workspace's country left out). */
function WorkingDays({ start, end }: { start: string; end: string }) {
  const text = useApprovalText();
  const lang = useLang();
  const ready = DATE.test(start) && DATE.test(end) && start <= end;
  const q = useWorkingDays(start, end, ready);
  let body: string;
  if (!ready) body = text('pickDates');
  else if (!q.data) body = '…';
  else body = q.data.working_days === 1 ? text('workingDay') : text('workingDays', { n: formatNumber(lang, q.data.working_days) });
  return (
    <div className="ap-days" aria-live="polite">
      <p>
        <strong>{body}</strong>
      </p>
      {ready && q.data && q.data.holidays.length > 0 && <p className="help">{text('holidaysLeft', { list: q.data.holidays.map((h) => `${h.name} (${formatDate(lang, h.date)})`).join(', ') })}</p>}
    </div>
  );
}
