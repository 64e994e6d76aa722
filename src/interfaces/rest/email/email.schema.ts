import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { Mailbox, mailboxExample } from '../identity/me.schema';

const signatureText = () => z.string().meta({ description: "the signature itself, '' when none" });

const Server = z.object({ host: z.string(), port: z.int(), tls: z.enum(['tls', 'starttls', 'none']), user: z.string() });

const Connection = z
  .object({
    provider: z.enum(['none', 'imap_smtp']).meta({ description: '`imap_smtp` for a password mailbox; OAuth providers may be added later' }),
    smtp: Server.nullable(),
    imap: Server.nullable(),
    synced_at: f.timestamp().nullable().meta({ description: 'the last IMAP sync, null before the first' }),
    sync_error: z.string().meta({ description: "the last sync's error, '' when it worked" }),
  })
  .meta({ description: 'the servers (never the passwords) and the sync state' });

const server = { host: 'mail.ege.example', port: 465, tls: 'tls' as const, user: 'ayse@ege.example' };

/** GET and PUT /api/v1/me/mailbox, PUT and DELETE /api/v1/me/mailbox/connection. */
export const MailboxResponse = named('MailboxResponse', z.object({ ok: f.ok(), mailbox: Mailbox, signature_text: signatureText(), connection: Connection }), {
  description: "The caller's mailbox, signature and connection.",
  example: {
    ok: true, mailbox: mailboxExample, signature_text: 'Ayşe Demir\nSales, Ege Polimer A.Ş.\n+90 232 555 0170',
    connection: { provider: 'imap_smtp', smtp: server, imap: { ...server, port: 993 }, synced_at: '2026-11-26T09:30:00', sync_error: '' },
  },
});

/** POST /api/v1/me/mailbox/sync. */
export const MailboxSyncResponse = named(
  'MailboxSyncResponse',
  z.object({
    ok: f.ok(),
    read: f.count().meta({ description: 'messages read from INBOX' }),
    filed: f.count().meta({ description: 'of them, filed on a company (new or known thread)' }),
    more: z.boolean().meta({ description: 'more messages wait; call again (or let the next round read them)' }),
  }),
  { description: 'What one IMAP sync round of the caller\'s mailbox did.', example: { ok: true, read: 3, filed: 2, more: false } },
);

/** One message of a thread. */
export const EmailMessage = named(
  'EmailMessage',
  z.object({
    id: f.id(),
    thread_id: f.id(),
    direction: z.enum(['out', 'in']),
    state: z.enum(['queued', 'sending', 'sent', 'failed', 'received']).meta({ description: 'out: queued → sending → sent | failed (no retries); in: received' }),
    error: z.string().meta({ description: "why sending failed, '' otherwise" }),
    message_id: z.string().meta({ description: 'RFC 5322 Message-ID without angle brackets' }),
    in_reply_to: z.string(),
    from: z.object({ email: z.string(), name: z.string() }),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    at: f.timestamp().meta({ description: 'sent, queued or received' }),
    user_id: f.id().meta({ description: 'whose mailbox sent or received it' }),
  }),
  { description: 'An e-mail sent through a user\'s mailbox or read from it.' },
);
const messageExample = {
  id: 501, thread_id: 77, direction: 'out' as const, state: 'sent' as const, error: '', message_id: '0b6d…@ege.example', in_reply_to: '',
  from: { email: 'ayse@ege.example', name: 'Ayşe Demir' }, to: ['mert@anadolu.example'], cc: [], subject: 'PE film 2027 offer', text: 'Dear Mert, …', html: '',
  at: '2026-11-26T09:30:00', user_id: 7,
};
example(EmailMessage, messageExample);

/** A thread's summary (spec 2.6 `threads` item). */
export const EmailThread = named(
  'EmailThread',
  z.object({
    id: f.id(),
    subject: z.string(),
    customer_id: f.id(),
    opp_id: f.id().nullable(),
    user_id: f.id().meta({ description: 'whose mailbox started it' }),
    messages_n: f.count(),
    last_message_at: f.timestamp(),
  }),
  { description: 'An e-mail conversation filed on a company and, when known, an opportunity.' },
);
const threadExample = { id: 77, subject: 'PE film 2027 offer', customer_id: 42, opp_id: 95, user_id: 7, messages_n: 2, last_message_at: '2026-11-26T09:30:00' };
example(EmailThread, threadExample);

export const SendEmailResponse = named('SendEmailResponse', z.object({ ok: f.ok(), message: EmailMessage }), {
  description: 'The queued message (state `queued`); poll GET /api/v1/emails/{id} for `sent` or `failed`.',
  example: { ok: true, message: { ...messageExample, state: 'queued' } },
});
export const EmailMessageResponse = named('EmailMessageResponse', z.object({ ok: f.ok(), message: EmailMessage }), { description: 'One e-mail.', example: { ok: true, message: messageExample } });
export const EmailThreadList = named('EmailThreadList', z.object({ ok: f.ok(), items: z.array(EmailThread) }), {
  description: 'Threads of a company or opportunity, newest first (at most 100).',
  example: { ok: true, items: [threadExample] },
});
export const EmailThreadDetail = named('EmailThreadDetail', z.object({ ok: f.ok(), thread: EmailThread, messages: z.array(EmailMessage) }), {
  description: 'A thread with its messages, oldest first (at most 500).',
  example: { ok: true, thread: threadExample, messages: [messageExample] },
});

const OpportunityOption = z.object({
  id: f.id(),
  name: z.string(),
  stage: z.string().meta({ description: 'stage key, one of constants.stages (GET /api/v1/me)' }),
  stage_label: z.string(),
});

/** Spec 2.13 / 4.9. */
export const ComposeOptions = named(
  'ComposeOptions',
  z.object({
    ok: f.ok(),
    mailbox: Mailbox,
    signature_text: signatureText(),
    customer: z.object({ id: f.id(), name: z.string() }),
    contacts: z
      .array(z.object({ id: f.id(), name: z.string(), email: z.string(), title: z.string(), main: z.boolean().meta({ description: 'the main contact of the company' }) }))
      .meta({ description: "the company's current people with an e-mail, main contact first" }),
    opp: OpportunityOption.nullable().meta({ description: 'the opportunity of `opp_id`; null without it' }),
    opps: z.array(OpportunityOption).meta({ description: 'open opportunities of the company the caller may see, newest first' }),
  }),
  { description: 'What the compose screen offers for a company (spec 2.13, 4.9).' },
);
const opp = { id: 95, name: 'PE film 2027', stage: 'Negotiation', stage_label: 'Negotiation' };
example(ComposeOptions, {
  ok: true, mailbox: mailboxExample, signature_text: 'Ayşe Demir\nSales, Ege Polimer A.Ş.', customer: { id: 42, name: 'Anadolu Ambalaj A.Ş.' },
  contacts: [{ id: 88, name: 'Mert Kaya', email: 'mert@anadolu.example', title: 'Purchasing Manager', main: true }], opp, opps: [opp],
});
