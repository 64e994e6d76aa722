import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { useMailText } from './mail.text';
import { useMailboxAnswered, useMailboxStale } from './queries';

type MailboxAnswer = Schemas['MailboxResponse'];
type Tls = 'tls' | 'starttls' | 'none';
interface ServerForm {
  host: string;
  port: string;
  tls: Tls;
  user: string;
  password: string;
}

function ServerFields({ side, value, onChange, errors }: { side: 'smtp' | 'imap'; value: ServerForm; onChange: (v: ServerForm) => void; errors: Record<string, string> }) {
  const text = useMailText();
  const set = (k: keyof ServerForm) => (e: { target: { value: string } }) => onChange({ ...value, [k]: e.target.value });
  return (
    <fieldset className="mail-to">
      <legend>{text(side === 'smtp' ? 'smtpTitle' : 'imapTitle')}</legend>
      <Field label={text('host')} error={errors[`${side}.host`]}>{(p) => <input {...p} value={value.host} maxLength={253} onChange={set('host')} />}</Field>
      <Field label={text('port')} error={errors[`${side}.port`]}>{(p) => <input {...p} inputMode="numeric" value={value.port} maxLength={5} onChange={set('port')} />}</Field>
      <Field label={text('tls')} error={errors[`${side}.tls`]}>
        {(p) => (
          <select {...p} value={value.tls} onChange={set('tls')}>
            <option value="tls">{text('tlsImplicit')}</option>
            <option value="starttls">STARTTLS</option>
            <option value="none">{text('tlsNone')}</option>
          </select>
        )}
      </Field>
      <Field label={text('user')} error={errors[`${side}.user`]}>{(p) => <input {...p} autoComplete="off" value={value.user} maxLength={254} onChange={set('user')} />}</Field>
      <Field label={text('password')} error={errors[`${side}.password`]}>
        {(p) => <input {...p} type="password" autoComplete="new-password" value={value.password} maxLength={500} onChange={set('password')} />}
      </Field>
    </fieldset>
  );
}

/**
 * Connect the caller's mailbox (PUT /api/v1/me/mailbox/connection: SMTP and IMAP, tried by the server first), disconnect it,
 * and read new mail now (POST /api/v1/me/mailbox/sync).
 */
export function MailConnect({ m }: { m: MailboxAnswer }) {
  const text = useMailText();
  const answered = useMailboxAnswered();
  const stale = useMailboxStale();
  const c = m.connection;
  const init = (side: 'smtp' | 'imap', port: number): ServerForm => ({
    host: c[side]?.host ?? '', port: String(c[side]?.port ?? port), tls: (c[side]?.tls ?? 'tls') as Tls, user: c[side]?.user ?? m.mailbox.email, password: '',
  });
  const [smtp, setSmtp] = useState(() => init('smtp', 465));
  const [imap, setImap] = useState(() => init('imap', 993));
  const [note, setNote] = useState('');
  const done = (answer: MailboxAnswer, msg: string) => {
    answered(answer);
    setNote(msg);
  };
  const body = (s: ServerForm) => ({ host: s.host.trim(), port: Number(s.port) || 0, tls: s.tls, user: s.user.trim(), password: s.password });
  const connect = useMutation({
    mutationFn: async () => must(await api.PUT('/api/v1/me/mailbox/connection', { body: { provider: 'imap_smtp', email: m.mailbox.email, smtp: body(smtp), imap: body(imap) } })),
    onSuccess: (a) => done(a, text('connectedNote')),
    onError: stale,
  });
  const disconnect = useMutation({
    mutationFn: async () => must(await api.DELETE('/api/v1/me/mailbox/connection')),
    onSuccess: (a) => done(a, text('disconnectedNote')),
  });
  const sync = useMutation({
    mutationFn: async () => must(await api.POST('/api/v1/me/mailbox/sync')),
    onSuccess: (r) => {
      setNote(text('syncedNote', { read: r.read, filed: r.filed }));
      stale();
    },
  });
  const errors = fieldErrors(connect.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNote('');
    connect.mutate();
  };
  if (!m.mailbox.email) return <p className="help panel">{text('addressFirst')}</p>;
  return (
    <form className="panel mail-form" onSubmit={submit} noValidate aria-label={text('connectTitle')}>
      <h2>{text('connectTitle')}</h2>
      {c.provider !== 'none' ? (
        <p className="help">
          {text('lastSync')}: {c.synced_at ?? text('never')}
          {c.sync_error ? <span className="error"> · {c.sync_error}</span> : null}
        </p>
      ) : null}
      <ServerFields side="smtp" value={smtp} onChange={setSmtp} errors={errors} />
      <ServerFields side="imap" value={imap} onChange={setImap} errors={errors} />
      <FormError error={connect.error ?? disconnect.error ?? sync.error} />
      <div className="mail-actions">
        <button type="submit" className="primary" disabled={connect.isPending}>
          {text(connect.isPending ? 'connecting' : 'connect')}
        </button>
        {c.provider !== 'none' ? (
          <>
            <button type="button" onClick={() => sync.mutate()} disabled={sync.isPending}>
              {text('syncNow')}
            </button>
            <button type="button" onClick={() => disconnect.mutate()} disabled={disconnect.isPending}>
              {text('disconnect')}
            </button>
          </>
        ) : null}
        <span role="status" aria-live="polite">
          {note}
        </span>
      </div>
    </form>
  );
}
