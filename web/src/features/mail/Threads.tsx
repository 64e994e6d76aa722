import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatNumber, formatTimestamp } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { useThreadText } from './threads.text';
import { useCompanyThreads, useThread } from './queries';
import '../../shell/screens.css';
import './mail.css';

/** What a thread row needs (EmailThread, or the opportunity payload's `threads` element). */
export type ThreadRow = Pick<Schemas['EmailThread'], 'id' | 'subject' | 'messages_n' | 'last_message_at'>;
type Message = Schemas['EmailMessage'];

/** The e-mail threads of a company (GET /api/v1/emails/threads?customer_id=), for its record page. */
export function CompanyThreads({ customerId }: { customerId: number }) {
  const q = useCompanyThreads(customerId);
  return (
    <ThreadsSection>
      <Loaded q={q}>{(items) => <ThreadList threads={items} more={items.length >= 100} />}</Loaded>
    </ThreadsSection>
  );
}

/** The threads of an opportunity, from its record payload (`threads`, no second call). */
export function OppThreads({ threads }: { threads: ThreadRow[] }) {
  return (
    <ThreadsSection>
      <ThreadList threads={threads} more={false} />
    </ThreadsSection>
  );
}

function ThreadsSection({ children }: { children: ReactNode }) {
  const text = useThreadText();
  const id = useId();
  return (
    <section className="co-section mail-threads" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{text('title')}</h2>
      {children}
    </section>
  );
}

/**
 * The threads, newest first: subject, last message time and count; "Read" opens the thread's messages in
 * place (GET /api/v1/emails/threads/{id}, as text), "Reply" opens compose in the thread.
 */
function ThreadList({ threads, more }: { threads: ThreadRow[]; more: boolean }) {
  const text = useThreadText();
  const lang = useLang();
  const [open, setOpen] = useState<number | null>(null);
  if (threads.length === 0) return <p className="help">{text('none')}</p>;
  return (
    <>
      <ul className="co-list">
        {threads.map((th) => {
          const subject = th.subject || text('noSubject');
          const isOpen = open === th.id;
          return (
            <li key={th.id} className="mail-thread">
              <strong>{subject}</strong>
              <span className="help">{[text('messages', { n: formatNumber(lang, th.messages_n) }), text('last', { at: formatTimestamp(lang, th.last_message_at) })].join(' · ')}</span>
              <span className="co-actions mail-thread-actions">
                <button type="button" className="small" aria-expanded={isOpen} aria-controls={`thread-${th.id}`} aria-label={text(isOpen ? 'closeThread' : 'openThread', { subject })} onClick={() => setOpen(isOpen ? null : th.id)}>
                  {text(isOpen ? 'close' : 'open')}
                </button>
                <Link className="button small" to={`/mail/compose?thread_id=${th.id}`} aria-label={text('replyThread', { subject })}>
                  {text('reply')}
                </Link>
              </span>
              {isOpen ? (
                <div id={`thread-${th.id}`} className="mail-messages">
                  <ThreadMessages id={th.id} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {more ? <p className="help">{text('more')}</p> : null}
    </>
  );
}

function ThreadMessages({ id }: { id: number }) {
  const q = useThread(id);
  return (
    <Loaded q={q}>
      {({ messages }) => (
        <ol className="mail-message-list">
          {messages.map((m) => (
            <MessageView key={m.id} m={m} />
          ))}
        </ol>
      )}
    </Loaded>
  );
}

/** One message as text: the stored HTML part is never rendered (it is not sanitised). */
function MessageView({ m }: { m: Message }) {
  const text = useThreadText();
  const lang = useLang();
  const from = m.from.name ? `${m.from.name} <${m.from.email}>` : m.from.email;
  return (
    <li className={`mail-message ${m.direction}`}>
      <p className="mail-message-head">
        <strong>{from}</strong>
        <span className="help">
          {' · '}
          {formatTimestamp(lang, m.at)} · {text(m.direction)}
          {m.state !== 'sent' && m.state !== 'received' ? ` · ${text(`state_${m.state}`, { error: m.error })}` : ''}
        </span>
      </p>
      <p className="help mail-message-to">
        {text('to')}: {m.to.join(', ')}
        {m.cc.length > 0 ? ` · ${text('cc')}: ${m.cc.join(', ')}` : ''}
      </p>
      {m.text.trim() ? <div className="mail-message-text">{m.text}</div> : <p className="help">{text('htmlOnly')}</p>}
    </li>
  );
}
