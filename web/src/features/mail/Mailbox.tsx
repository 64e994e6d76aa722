import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { Loaded } from '../../shell/States';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { useMailText } from './mail.text';
import { MailConnect } from './MailConnect';
import { useMailbox, useMailboxAnswered } from './queries';
import '../../shell/screens.css';
import './mail.css';

type MailboxAnswer = Schemas['MailboxResponse'];

/**
 * The caller's mailbox (GET /api/v1/me/mailbox): its connection state, address and signature; the address and
 * signature are changed with PUT; the SMTP/IMAP connection below (MailConnect).
 */
export default function Mailbox() {
  const q = useMailbox();
  const text = useMailText();
  return (
    <section className="mail-page">
      <h1>{text('mailboxTitle')}</h1>
      <Loaded q={q}>{(m) => <MailboxView m={m} />}</Loaded>
    </section>
  );
}

function MailboxView({ m }: { m: MailboxAnswer }) {
  const text = useMailText();
  const answered = useMailboxAnswered();
  const box = m.mailbox;
  const [email, setEmail] = useState(box.email);
  const [signature, setSignature] = useState(m.signature_text);
  const [saved, setSaved] = useState('');
  const save = useMutation({
    mutationFn: async () => must(await api.PUT('/api/v1/me/mailbox', { body: { email: email.trim(), signature } })),
    onSuccess: (answer) => {
      answered(answer);
      setEmail(answer.mailbox.email);
      setSaved(text('saved'));
    },
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    save.mutate();
  };

  return (
    <>
      <div className="panel" role="region" aria-label={text('state')}>
        <dl className="fields">
          <div>
            <dt>{text('state')}</dt>
            <dd>
              <span className={`mail-state ${box.status}`}>{text(box.status)}</span>
            </dd>
          </div>
          <div>
            <dt>{text('address')}</dt>
            <dd>{box.email || text('noAddress')}</dd>
          </div>
          <div>
            <dt>{text('signature')}</dt>
            <dd>{box.signature ? text('signatureSet') : text('signatureNone')}</dd>
          </div>
          {box.error ? (
            <div>
              <dt>{text('lastError')}</dt>
              <dd className="error">{box.error}</dd>
            </div>
          ) : null}
        </dl>
        {!box.connected ? <p className="help">{text('notConnectedHelp')}</p> : null}
      </div>

      <form className="panel mail-form" onSubmit={submit} noValidate aria-label={text('mailboxTitle')}>
        <Field label={text('address')} error={errors.email}>
          {(p) => <input {...p} type="email" autoComplete="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        {box.connected && email.trim() !== box.email ? <p className="help">{text('addressDropsConnection')}</p> : null}
        <Field label={text('signature')} error={errors.signature}>
          {(p) => <textarea {...p} rows={5} maxLength={5000} value={signature} aria-describedby={p['aria-describedby'] ?? 'signature-help'} onChange={(e) => setSignature(e.target.value)} />}
        </Field>
        <p className="help" id="signature-help">
          {text('signatureHelp')}
        </p>
        <FormError error={save.error} />
        <div className="mail-actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            {text('save')}
          </button>
          <span role="status" aria-live="polite">
            {saved}
          </span>
        </div>
      </form>
      <MailConnect key={`${m.connection.provider}-${box.email}`} m={m} />
    </>
  );
}
