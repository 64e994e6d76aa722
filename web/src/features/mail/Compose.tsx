import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { FormError } from '../../shell/forms';
import { api, must, type Schemas } from '../../lib/api';
import { Loaded } from '../../shell/States';
import { Field } from '../../shell/forms';
import { useMailText } from './mail.text';
import { useComposeDefaults, useDelivery, useMailSent, useThread } from './queries';
import '../../shell/screens.css';
import './mail.css';

type Options = Schemas['ComposeOptions'];
type Reply = Schemas['EmailThreadDetail'];

/** A `mailto:` URI (RFC 6068): the addresses in the path, subject and body as query fields, line breaks as CRLF. */
export function mailtoHref(to: string[], subject: string, body: string): string {
  const enc = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, '\r\n'));
  const fields = [subject ? `subject=${enc(subject)}` : '', body ? `body=${enc(body)}` : ''].filter(Boolean);
  return `mailto:${to.map((a) => encodeURIComponent(a).replace(/%40/g, '@')).join(',')}${fields.length ? `?${fields.join('&')}` : ''}`;
}

/**
 * Compose an e-mail to a company's people (`/mail/compose?customer_id=` or `?opp_id=`), from one call
 * (GET /api/v1/emails/compose). With a connected mailbox the CRM sends it (POST /api/v1/emails, filed on the company and
 * opportunity; its state is polled until sent or failed); without one the form opens the user's mail program with a
 * `mailto:` link holding the chosen recipients, the subject and the text. `?thread_id=` answers in a thread: the
 * thread is read first (its company, opportunity, subject and the last message's addresses) and the e-mail is sent with
 * `thread_id`.
 */
export default function Compose() {
  const [params] = useSearchParams();
  const threadId = Number(params.get('thread_id')) || undefined;
  const thread = useThread(threadId);
  const customerId = threadId ? thread.data?.thread.customer_id : Number(params.get('customer_id')) || undefined;
  const oppId = threadId ? (thread.data?.thread.opp_id ?? undefined) : Number(params.get('opp_id')) || undefined;
  const q = useComposeDefaults(customerId, oppId, !threadId || thread.data !== undefined);
  return (
    <section className="mail-page">
      {threadId && !thread.data ? (
        <Loaded q={thread}>{() => null}</Loaded>
      ) : (
        <Loaded q={q}>{(o) => <ComposeForm o={o} reply={thread.data} />}</Loaded>
      )}
    </section>
  );
}

/** The recipients of a reply: the sender of the thread's last received e-mail, else the addressees of its last sent one. */
function replyAddresses(reply: Reply): Set<string> {
  const last = reply.messages[reply.messages.length - 1];
  if (!last) return new Set();
  return new Set((last.direction === 'in' ? [last.from.email] : [...last.to, ...last.cc]).map((a) => a.toLowerCase()));
}

function ComposeForm({ o, reply }: { o: Options; reply?: Reply }) {
  const text = useMailText();
  const opps = o.opp && !o.opps.some((x) => x.id === o.opp!.id) ? [o.opp, ...o.opps] : o.opps;
  const [to, setTo] = useState<Set<number>>(() => {
    const replyTo = reply ? replyAddresses(reply) : new Set<string>();
    const chosen = o.contacts.filter((c) => replyTo.has(c.email.toLowerCase()));
    return new Set((chosen.length > 0 ? chosen : o.contacts.filter((c) => c.main)).map((c) => c.id));
  });
  const [oppId, setOppId] = useState(o.opp ? String(o.opp.id) : '');
  const oppName = (id: string) => opps.find((x) => String(x.id) === id)?.name ?? '';
  const [subject, setSubject] = useState(() => (reply ? (/^re:/i.test(reply.thread.subject) ? reply.thread.subject : `Re: ${reply.thread.subject}`) : oppName(oppId)));
  const [body, setBody] = useState(o.signature_text ? `\n\n-- \n${o.signature_text}` : '');
  const recipients = o.contacts.filter((c) => to.has(c.id)).map((c) => c.email);
  const toggle = (id: number) => {
    const next = new Set(to);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setTo(next);
  };
  const sent = useMailSent();
  const send = useMutation({
    mutationFn: async () =>
      must(
        await api.POST('/api/v1/emails', {
          body: { to: recipients, subject, text: body, ...(reply ? { thread_id: reply.thread.id } : { customer_id: o.customer.id, ...(oppId ? { opp_id: Number(oppId) } : {}) }) },
        }),
      ).message,
    onSuccess: () => sent(o.customer.id),
  });
  const sentId = send.data?.id;
  const state = useDelivery(sentId);
  const shown = state.data ?? send.data;
  const chooseOpp = (id: string) => {
    // the subject follows the opportunity until the user writes their own
    if (subject === oppName(oppId)) setSubject(oppName(id));
    setOppId(id);
  };

  return (
    <>
      <header>
        <h1>{text(reply ? 'replyTitle' : 'composeTitle')}</h1>
        <p className="help">
          <Link to={`/companies/${o.customer.id}`}>{text('toCompany', { name: o.customer.name })}</Link>
          {reply ? ` · ${text('inThread', { subject: reply.thread.subject })}` : ''}
        </p>
      </header>

      <div className={o.mailbox.connected ? 'panel mail-note' : 'panel mail-note warn'} role="note">
        {o.mailbox.connected ? (
          <p>
            {text('from')}: {o.mailbox.email}
          </p>
        ) : (
          <p>
            {text('mailboxNotConnected')} <Link to="/mail/settings">{text('mailboxSettings')}</Link>
          </p>
        )}
        <p>{o.mailbox.connected ? text('sendNote') : text('noSendYet')}</p>
      </div>

      <form
        className="panel mail-form"
        aria-label={text(reply ? 'replyTitle' : 'composeTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          if (o.mailbox.connected && !send.isPending && !sentId) send.mutate();
        }}
      >
        <fieldset className="mail-to">
          <legend>{text('to')}</legend>
          {o.contacts.length === 0 ? (
            <p className="help">
              {text('noContacts')} <Link to={`/companies/${o.customer.id}`}>{text('addPerson')}</Link>
            </p>
          ) : (
            <ul>
              {o.contacts.map((c) => (
                <li key={c.id}>
                  <label>
                    <input type="checkbox" checked={to.has(c.id)} onChange={() => toggle(c.id)} />
                    <span>{c.name}</span>
                    <span className="help">
                      {[c.email, c.title, c.main ? text('mainContact') : ''].filter(Boolean).join(' · ')}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <Field label={text('about')}>
          {(p) => (
            <select {...p} value={oppId} disabled={!!reply} onChange={(e) => chooseOpp(e.target.value)}>
              <option value="">{text('noOpp')}</option>
              {opps.map((x) => (
                <option key={x.id} value={x.id}>
                  {`${x.name} · ${x.stage_label}`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('subject')}>{(p) => <input {...p} value={subject} maxLength={300} onChange={(e) => setSubject(e.target.value)} />}</Field>
        <Field label={text('body')}>{(p) => <textarea {...p} rows={10} value={body} onChange={(e) => setBody(e.target.value)} />}</Field>
        <div className="mail-actions">
          {o.mailbox.connected ? (
            <button type="submit" className="primary" disabled={send.isPending || sentId !== undefined || recipients.length === 0}>
              {text(send.isPending ? 'sending' : 'send')}
            </button>
          ) : (
            <a className="button primary" href={mailtoHref(recipients, subject, body)}>
              {text('openMailer')}
            </a>
          )}
          <span className="help" role="status" aria-live="polite">
            {shown
              ? text(`state_${shown.state === 'received' ? 'sent' : shown.state}`, { error: shown.error })
              : recipients.length > 0
                ? text('chosen', { n: recipients.length })
                : text('noneChosen')}
          </span>
        </div>
        <FormError error={send.error} />
      </form>
    </>
  );
}
