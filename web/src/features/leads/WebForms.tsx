import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useWebForms, webFormKeys } from './queries';
import { api, must, type Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatNumber, formatTimestamp } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { Field, FormError, useFieldSentences, FormActions } from '../../shell/forms';
import { FieldRows, useRowProblems, type FieldRow } from '../../shell/FieldRows';
import { useLeadText } from './leads.text';
import { useWebFormText } from './webforms.text';
import { useHookText } from './hooks.text';
import '../../shell/screens.css';
import './leads.css';

type WebForm = Schemas['WebForm'];
const RESERVED = ['company', 'name', 'email', 'phone', 'message', 'website'];

/** Admins: the workspace's website forms (one call, not paged), each with its submission address; new and edit. */
export default function WebForms() {
  const me = useMe();
  const text = useWebFormText();
  const leadText = useLeadText();
  const hookText = useHookText();
  const t = useT();
  const lang = useLang();
  const admin = me.user.role === 'admin';
  const [form, setForm] = useState<WebForm | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const q = useWebForms(admin);
  const done = (kind: 'created' | 'saved') => (x: WebForm | null) => (setForm(null), setSaved(x ? text(kind, { name: x.name }) : null));
  return (
    <section className="co-page ld-page">
      <p>
        <Link to="/leads">{leadText('leads')}</Link> · <Link to="/leads/hooks">{hookText('hooks')}</Link>
      </p>
      <div className="co-head">
        <h1>{text('webForms')}</h1>
        {admin && form === null ? (
          <button type="button" className="primary" onClick={() => (setForm('new'), setSaved(null))}>
            {text('newForm')}
          </button>
        ) : null}
      </div>
      <p className="help">{text('intro')}</p>
      {!admin ? (
        <p className="panel">{text('adminsOnly')}</p>
      ) : (
        <>
          {form === 'new' ? <WebFormForm onDone={done('created')} /> : form ? <WebFormForm key={form.id} form={form} onDone={done('saved')} /> : null}
          {saved ? (
            <p className="ld-saved" role="status">
              {saved}
            </p>
          ) : null}
          <Loaded q={q}>
            {(items) =>
              items.length === 0 ? (
                <p className="panel">{text('none')}</p>
              ) : (
                <table className="co-table">
                  <caption className="sr-only">{text('webForms')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{text('name')}</th>
                      <th scope="col">{text('owner')}</th>
                      <th scope="col">{text('submissions')}</th>
                      <th scope="col">{text('last')}</th>
                      <th scope="col">{text('address')}</th>
                      <th scope="col">{t('common.edit')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((x) => (
                      <tr key={x.id}>
                        <th scope="row">
                          {x.name} {x.active ? null : <span className="co-badge">{text('closed')}</span>}
                        </th>
                        <td data-label={text('owner')}>{x.owner?.full_name}</td>
                        <td data-label={text('submissions')}>{formatNumber(lang, x.submissions)}</td>
                        <td data-label={text('last')}>{formatTimestamp(lang, x.last_submitted_at)}</td>
                        <td data-label={text('address')}>
                          <code>{x.submit_path}</code>
                        </td>
                        <td data-label={t('common.edit')}>
                          <button type="button" onClick={() => (setForm(x), setSaved(null))} aria-label={text('editForm', { name: x.name })}>
                            {t('common.edit')}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )
            }
          </Loaded>
        </>
      )}
    </section>
  );
}

/** A new website form (POST /api/v1/forms) or a change (`form`: PATCH with name, owner, the complete extra fields, active). */
function WebFormForm({ form, onDone }: { form?: WebForm; onDone: (saved: WebForm | null) => void }) {
  const t = useT();
  const text = useWebFormText();
  const me = useMe();
  const qc = useQueryClient();
  const [name, setName] = useState(form?.name ?? '');
  const [owner, setOwner] = useState(String(form?.owner?.id ?? me.user.id));
  const [rows, setRows] = useState<FieldRow[]>(() => form?.fields.map((f) => ({ key: f.key, label: f.label, type: 'text', options: '', required: f.required, display: false, saved: true })) ?? []);
  const [active, setActive] = useState(form?.active ?? true);
  const [tried, setTried] = useState(false);
  const problems = useRowProblems([]);
  const save = useMutation({
    mutationFn: async () => {
      const body = { name: name.trim(), owner_id: Number(owner), fields: rows.map((r) => ({ key: r.key, label: r.label.trim(), required: r.required })), active };
      return form ? must(await api.PATCH('/api/v1/forms/{id}', { params: { path: { id: form.id } }, body })).form : must(await api.POST('/api/v1/forms', { body })).form;
    },
    onSuccess: (saved) => {
      void qc.invalidateQueries({ queryKey: webFormKeys.all });
      onDone(saved);
    },
  });
  const api400 = useFieldSentences(save.error, { name: text('name'), owner_id: text('owner'), '*': text('webForms') });
  const reserved = tried && rows.some((r) => RESERVED.includes(r.key));
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setTried(true);
    if (!name.trim() || rows.some((r) => RESERVED.includes(r.key) || Object.values(problems(r, true)).some(Boolean))) return;
    save.mutate();
  };
  const title = form ? text('editForm', { name: form.name }) : text('newForm');
  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <div className="co-grid">
        <Field label={text('name')} required error={(tried && !name.trim() ? t('field.required', { label: text('name') }) : undefined) ?? api400.name}>
          {(p) => <input {...p} value={name} maxLength={200} autoFocus onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={text('owner')} error={api400.owner_id}>
          {(p) => (
            <select {...p} value={owner} onChange={(e) => setOwner(e.target.value)}>
              {me.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <FieldRows rows={rows} onChange={setRows} types={['text']} optionTypes={[]} display={false} check={tried} />
      {reserved ? <p className="error">{text('reserved')}</p> : null}
      <label className="co-check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> {text('active')}
      </label>
      {Object.entries(api400)
        .filter(([k]) => k !== 'name' && k !== 'owner_id')
        .map(([k, m]) => (
          <p key={k} className="error">
            {m}
          </p>
        ))}
      <FormError error={save.error} />
      <FormActions pending={save.isPending} submit={form ? t('common.save') : t('common.create')} onCancel={() => onDone(null)} />
    </form>
  );
}
