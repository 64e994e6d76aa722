import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hookKeys, useInboundHooks } from './queries';
import { api, must, type Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatNumber, formatTimestamp } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { DeleteButton, FormError } from '../../shell/forms';
import { HookForm } from './HookForm';
import { HookSecret } from './HookSecret';
import { useHookText } from './hooks.text';
import { useLeadText } from './leads.text';
import '../../shell/screens.css';
import './leads.css';

type Hook = Schemas['InboundHook'];

/** Admins: the workspace's inbound hooks (one call, not paged) with their addresses; new, edit, pause, new secret, delete. */
export default function InboundHooks() {
  const me = useMe();
  const text = useHookText();
  const leadText = useLeadText();
  const admin = me.user.role === 'admin';
  const [form, setForm] = useState<Hook | 'new' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const q = useInboundHooks(admin);
  const done = (kind: 'created' | 'saved') => (x: Hook | null, s?: string) => {
    setForm(null);
    setNote(x ? text(kind, { name: x.name }) : null);
    if (x && s) setSecret({ name: x.name, secret: s });
  };
  return (
    <section className="co-page ld-page">
      <p>
        <Link to="/leads">{leadText('leads')}</Link> · <Link to="/leads/forms">{text('websiteForms')}</Link>
      </p>
      <div className="co-head">
        <h1>{text('hooks')}</h1>
        {admin && form === null ? (
          <button type="button" className="primary" onClick={() => (setForm('new'), setNote(null), setSecret(null))}>
            {text('newHook')}
          </button>
        ) : null}
      </div>
      <p className="help">{text('intro')}</p>
      {!admin ? (
        <p className="panel">{text('adminsOnly')}</p>
      ) : (
        <>
          {form === 'new' ? <HookForm onDone={done('created')} /> : form ? <HookForm key={form.id} hook={form} onDone={done('saved')} /> : null}
          {secret ? <HookSecret name={secret.name} secret={secret.secret} onDone={() => setSecret(null)} /> : null}
          {note && !secret ? (
            <p className="ld-saved" role="status">
              {note}
            </p>
          ) : null}
          <Loaded q={q}>
            {(items) =>
              items.length === 0 ? (
                <p className="panel">{text('none')}</p>
              ) : (
                <HookTable items={items} onEdit={(h) => (setForm(h), setNote(null), setSecret(null))} onSecret={(name, s) => (setSecret({ name, secret: s }), setNote(null))} onDeleted={(name) => (setSecret(null), setNote(text('deleted', { name })))} />
              )
            }
          </Loaded>
        </>
      )}
    </section>
  );
}

function HookTable({ items, onEdit, onSecret, onDeleted }: { items: Hook[]; onEdit: (h: Hook) => void; onSecret: (name: string, secret: string) => void; onDeleted: (name: string) => void }) {
  const text = useHookText();
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: hookKeys.all });
  const pause = useMutation({ mutationFn: async (h: Hook) => must(await api.PATCH('/api/v1/hooks/{id}', { params: { path: { id: h.id } }, body: { active: !h.active } })), onSuccess: refresh });
  const rotate = useMutation({ mutationFn: async (h: Hook) => must(await api.POST('/api/v1/hooks/{id}/rotate', { params: { path: { id: h.id } }, body: {} })), onSuccess: (r) => (refresh(), onSecret(r.hook.name, r.secret)) });
  const remove = useMutation({ mutationFn: async (h: Hook) => (must(await api.DELETE('/api/v1/hooks/{id}', { params: { path: { id: h.id } } })), h), onSuccess: (h) => (refresh(), onDeleted(h.name)) });
  return (
    <>
      <FormError error={pause.error ?? rotate.error ?? remove.error} />
      <table className="co-table">
        <caption className="sr-only">{text('hooks')}</caption>
        <thead>
          <tr>
            <th scope="col">{text('name')}</th>
            <th scope="col">{text('target')}</th>
            <th scope="col">{text('owner')}</th>
            <th scope="col">{text('received')}</th>
            <th scope="col">{text('last')}</th>
            <th scope="col">{text('url')}</th>
            <th scope="col">{t('common.edit')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((h) => (
            <tr key={h.id}>
              <th scope="row">
                {h.name} {h.active ? null : <span className="co-badge">{text('paused')}</span>}
              </th>
              <td data-label={text('target')}>{text(h.target)}</td>
              <td data-label={text('owner')}>{h.owner?.full_name}</td>
              <td data-label={text('received')}>{formatNumber(lang, h.received)}</td>
              <td data-label={text('last')}>{formatTimestamp(lang, h.last_received_at)}</td>
              <td data-label={text('url')}>
                <code>{h.url}</code> <span className="help">{h.auth_mode === 'bearer' ? text('bearer') : text('signature')} · {h.secret_hint}…</span>
              </td>
              <td data-label={t('common.edit')}>
                <div className="co-actions">
                  <button type="button" onClick={() => onEdit(h)} aria-label={text('editHook', { name: h.name })}>
                    {t('common.edit')}
                  </button>
                  <button type="button" onClick={() => pause.mutate(h)} disabled={pause.isPending}>
                    {h.active ? text('pause') : text('resume')}
                  </button>
                  <button type="button" onClick={() => rotate.mutate(h)} disabled={rotate.isPending}>
                    {text('rotate')}
                  </button>
                  <DeleteButton name={h.name} onDelete={() => remove.mutate(h)} busy={remove.isPending} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
