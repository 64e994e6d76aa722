import type { TenantDb } from '../../../platform/database/tenant-db';
import { normalizeName } from '../shared/duplicate';
import { Company } from '../companies/company.entity';
import { Person } from '../people/person.entity';
import { EmailMessage, EmailThread } from './email-thread.entity';
import { fromDomainAuthenticated } from './mail-authentication';
import type { Mailbox } from './mailbox.entity';

/** A message read from IMAP, ready to file. */
export interface IncomingMail {
  messageId: string;
  inReplyTo: string;
  references: string[];
  fromEmail: string;
  fromName: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string;
  date: Date;
  /** Authentication-Results header values, topmost first ([] when none). */
  authenticationResults: string[];
}

/** Free-mail domains never identify a company. */
const FREE_MAIL = new Set(['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'yahoo.com', 'icloud.com', 'me.com', 'aol.com', 'gmx.com', 'gmx.de', 'yandex.com', 'yandex.ru', 'proton.me', 'protonmail.com', 'mail.ru', 'hotmail.com.tr', 'windowslive.com']);

/** `<a@b>` → `a@b`; all Message-IDs of a header (pure). */
export function messageIds(header: string): string[] {
  return [...header.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]).slice(0, 100);
}

/** The domain of a company's website or e-mail (lower case, no www.), '' when none (pure). */
export function companyDomain(website: string, email: string): string {
  const w = website.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').split(/[/:?#]/)[0];
  if (w && w.includes('.')) return w;
  const e = email.trim().toLowerCase().split('@')[1] ?? '';
  return FREE_MAIL.has(e) ? '' : e;
}

/**
 * Files one incoming message (docs/decisions/email.md, "Threads and filing"): into the thread it replies to
 * (In-Reply-To, then References), else as a new thread on the company whose person has the sender's
 * address, else on the company whose domain (website, or its e-mail when not free-mail) is the sender's.
 * Only records the mailbox owner sees count (`visible`: owner ids, null = all): a thread, person or company
 * they cannot see is as if it did not exist. Mail that matches nothing is not CRM mail and is left alone.
 * A sender not yet among the company's people becomes a person (origin `email`, which raises no
 * contact_created, spec 6.1) only when the receiving server authenticated the From domain; otherwise the
 * message is filed and no person is made. Returns whether it was filed.
 */
export async function fileIncoming(db: TenantDb, mailbox: Mailbox, mail: IncomingMail, visible: number[] | null): Promise<boolean> {
  if (!mail.messageId) return false;
  if (await db.findOne(EmailMessage, { where: { messageId: mail.messageId } })) return false; // already filed (e.g. our own sent copy)
  const refs = [mail.inReplyTo, ...mail.references.slice().reverse()].filter(Boolean);
  let thread: EmailThread | null = null;
  if (refs.length) {
    // the same visibility as GET /emails/threads/{id}: the thread's company and, when set, its opportunity
    const hit = await db.sql<{ thread_id: number }>(
      `SELECT m.thread_id FROM email_messages m JOIN email_threads t ON t.workspace_id = m.workspace_id AND t.id = m.thread_id
         JOIN companies c ON c.workspace_id = t.workspace_id AND c.id = t.customer_id
         LEFT JOIN opportunities o ON o.workspace_id = t.workspace_id AND o.id = t.opp_id
       WHERE m.workspace_id = $1 AND m.message_id = ANY($2) AND ($3::int[] IS NULL OR (c.owner_id = ANY($3) AND (t.opp_id IS NULL OR o.owner_id = ANY($3))))
       ORDER BY m.id DESC LIMIT 1`,
      [refs, visible],
    );
    if (hit.length) thread = await db.findOne(EmailThread, { where: { id: hit[0].thread_id } });
  }
  const sender = mail.fromEmail;
  if (!thread) {
    const customerId = await companyOf(db, sender, visible);
    if (customerId === null) return false;
    thread = await db.save(EmailThread, db.create(EmailThread, { subject: mail.subject.slice(0, 500), customerId, oppId: null, userId: mailbox.userId, messagesN: 0, lastMessageAt: mail.date }));
  }
  const inserted = await db.sql<{ id: number }>(
    `INSERT INTO email_messages (workspace_id, thread_id, user_id, direction, state, message_id, in_reply_to, "references", from_email, from_name, "to", cc, subject, text, html, at)
     SELECT $1, $2::int, $3::int, 'in', 'received', $4::varchar, $5::varchar, $6::text, $7::varchar, $8::varchar, $9::jsonb, $10::jsonb, $11::varchar, $12::text, $13::text, $14::timestamptz
     WHERE NOT EXISTS (SELECT 1 FROM email_messages WHERE workspace_id = $1 AND message_id = $4::varchar) ON CONFLICT DO NOTHING RETURNING id`,
    [thread.id, mailbox.userId, mail.messageId.slice(0, 500), mail.inReplyTo.slice(0, 500), mail.references.join(' '), sender.slice(0, 254), mail.fromName.slice(0, 200), JSON.stringify(mail.to), JSON.stringify(mail.cc), mail.subject.slice(0, 500), mail.text, mail.html, mail.date],
  );
  if (!inserted.length) return false;
  await db.sql('UPDATE email_threads SET messages_n = messages_n + 1, last_message_at = GREATEST(last_message_at, $3) WHERE workspace_id = $1 AND id = $2', [thread.id, mail.date]);
  if (sender && sender !== mailbox.email && fromDomainAuthenticated(mail.authenticationResults, sender)) await ensurePerson(db, thread.customerId, sender, mail.fromName, mailbox.userId);
  return true;
}

async function companyOf(db: TenantDb, address: string, visible: number[] | null): Promise<number | null> {
  if (!address) return null;
  const person = await db.sql<{ customer_id: number }>(
    `SELECT p.customer_id FROM people p JOIN companies c ON c.workspace_id = p.workspace_id AND c.id = p.customer_id AND c.active = true
     WHERE p.workspace_id = $1 AND lower(p.email) = $2 AND p.active = true AND ($3::int[] IS NULL OR c.owner_id = ANY($3)) ORDER BY p.is_former, p.id LIMIT 1`,
    [address, visible],
  );
  if (person.length) return person[0].customer_id;
  const domain = address.split('@')[1] ?? '';
  if (!domain || FREE_MAIL.has(domain)) return null;
  const candidates = await db.sql<{ id: number; website: string; email: string }>(
    'SELECT id, website, email FROM companies WHERE workspace_id = $1 AND active = true AND (website ILIKE $2 OR email ILIKE $3) AND ($4::int[] IS NULL OR owner_id = ANY($4)) ORDER BY id LIMIT 20',
    [`%${domain.replace(/[%_\\]/g, '\\$&')}%`, `%@${domain.replace(/[%_\\]/g, '\\$&')}`, visible],
  );
  const c = candidates.find((r) => companyDomain(r.website, r.email) === domain);
  return c ? c.id : null;
}

/** The sender as a person of the company, created (origin `email`, no event) when missing. */
async function ensurePerson(db: TenantDb, customerId: number, email: string, name: string, ownerId: number): Promise<void> {
  const known = await db.sql('SELECT 1 FROM people WHERE workspace_id = $1 AND customer_id = $2 AND lower(email) = $3 LIMIT 1', [customerId, email]);
  if (known.length) return;
  const company = await db.findOne(Company, { where: { id: customerId } });
  if (!company) return;
  const display = (name.trim() || email.split('@')[0]).slice(0, 200);
  await db.save(Person, db.create(Person, { customerId, name: display, nameNorm: normalizeName(display), email, origin: 'email', ownerId: company.ownerId ?? ownerId, isSample: company.isSample }));
}

/** A new thread on a company (and its opportunity, whose thread count it keeps): a person's send and a workflow's e-mail. */
export async function newThread(db: TenantDb, t: { subject: string; customerId: number; oppId: number | null; userId: number }): Promise<EmailThread> {
  const thread = await db.save(EmailThread, db.create(EmailThread, { subject: t.subject.trim().slice(0, 500), customerId: t.customerId, oppId: t.oppId, userId: t.userId, messagesN: 0, lastMessageAt: new Date() }));
  if (t.oppId !== null) await db.sql('UPDATE opportunities SET threads_n = threads_n + 1 WHERE workspace_id = $1 AND id = $2', [t.oppId]);
  return thread;
}

/** An outgoing message added to its thread (queued to send, or already sent), counted on the thread. */
export async function addMessage(
  db: TenantDb,
  thread: EmailThread,
  m: Pick<EmailMessage, 'userId' | 'state' | 'messageId' | 'fromEmail' | 'fromName' | 'to' | 'cc' | 'subject' | 'text' | 'html'> & { inReplyTo?: string; references?: string },
): Promise<EmailMessage> {
  const saved = await db.save(EmailMessage, db.create(EmailMessage, { ...m, threadId: thread.id, direction: 'out', inReplyTo: m.inReplyTo ?? '', references: m.references ?? '', subject: m.subject.trim().slice(0, 500), at: new Date() }));
  await db.sql('UPDATE email_threads SET messages_n = messages_n + 1, last_message_at = now() WHERE workspace_id = $1 AND id = $2', [thread.id]);
  return saved;
}

/**
 * Files an e-mail already sent for a record (a workflow's `send_email`) as the CRM files a person's: a new thread on
 * the company (and opportunity), the message `sent`. Called in the transaction that records the send.
 */
export async function fileSent(db: TenantDb, m: { customerId: number; oppId: number | null; userId: number; fromEmail: string; fromName: string; to: string; subject: string; text: string; html: string; messageId: string }): Promise<EmailMessage> {
  const thread = await newThread(db, { subject: m.subject, customerId: m.customerId, oppId: m.oppId, userId: m.userId });
  return addMessage(db, thread, { userId: m.userId, state: 'sent', messageId: m.messageId, fromEmail: m.fromEmail, fromName: m.fromName, to: [m.to], cc: [], subject: m.subject, text: m.text, html: m.html });
}
