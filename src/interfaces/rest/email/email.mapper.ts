import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { ComposeOptions } from '../../../domain/crm/email/compose.service';
import type { EmailMessage, EmailThread } from '../../../domain/crm/email/email-thread.entity';
import type { ThreadWithMessages } from '../../../domain/crm/email/emails.service';
import type { SyncResult } from '../../../domain/crm/email/email-sync';
import type { Mailbox } from '../../../domain/crm/email/mailbox.entity';
import { toMailboxView } from '../../../domain/crm/email/mailbox.service';
import type { Opportunity } from '../../../domain/crm/opportunities/opportunity.entity';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type {
  ComposeOptions as ComposeOptionsSchema,
  EmailMessage as EmailMessageSchema,
  EmailThread as EmailThreadSchema,
  MailboxResponse,
  MailboxSyncResponse,
} from './email.schema';
import { toMailbox } from '../identity/me.mapper';

const toOppOption = (o: Opportunity, ws: Workspace) => ({ id: o.id, name: o.name, stage: o.stage, stage_label: ws.constants.stage_labels[o.stage] ?? o.stage });

export const toMailboxResponse = (m: Mailbox | null, ws: Workspace): z.output<typeof MailboxResponse> => ({
  ok: true as const,
  mailbox: toMailbox(toMailboxView(m)),
  signature_text: m?.signature ?? '',
  connection: {
    provider: m?.provider ?? 'none',
    smtp: m?.settings?.smtp ?? null,
    imap: m?.settings?.imap ?? null,
    synced_at: m?.syncedAt ? formatTimestamp(m.syncedAt, ws.timezone) : null,
    sync_error: m?.syncError ?? '',
  },
});

export const toSyncResponse = (r: SyncResult): z.output<typeof MailboxSyncResponse> => ({ ok: true as const, ...r });

export function toEmailMessage(m: EmailMessage, ws: Workspace): z.output<typeof EmailMessageSchema> {
  return {
    id: m.id, thread_id: m.threadId, direction: m.direction, state: m.state, error: m.error, message_id: m.messageId, in_reply_to: m.inReplyTo,
    from: { email: m.fromEmail, name: m.fromName }, to: m.to, cc: m.cc, subject: m.subject, text: m.text, html: m.html,
    at: formatTimestamp(m.at, ws.timezone)!, user_id: m.userId,
  };
}

export function toEmailThread(t: EmailThread, ws: Workspace): z.output<typeof EmailThreadSchema> {
  return { id: t.id, subject: t.subject, customer_id: t.customerId, opp_id: t.oppId, user_id: t.userId, messages_n: t.messagesN, last_message_at: formatTimestamp(t.lastMessageAt, ws.timezone)! };
}

export const toThreadList = (items: EmailThread[], ws: Workspace) => ({ ok: true as const, items: items.map((t) => toEmailThread(t, ws)) });
export const toThreadDetail = (d: ThreadWithMessages, ws: Workspace) => ({ ok: true as const, thread: toEmailThread(d.thread, ws), messages: d.messages.map((m) => toEmailMessage(m, ws)) });
export const toMessageResponse = (m: EmailMessage, ws: Workspace) => ({ ok: true as const, message: toEmailMessage(m, ws) });

/** Spec 4.9. */
export function toComposeResponse(c: ComposeOptions, ws: Workspace): z.output<typeof ComposeOptionsSchema> {
  return {
    ok: true as const,
    mailbox: toMailbox(toMailboxView(c.mailbox)),
    signature_text: c.mailbox?.signature ?? '',
    customer: { id: c.customer.id, name: c.customer.name },
    contacts: c.contacts.map((p) => ({ id: p.id, name: p.name, email: p.email, title: p.title, main: p.isMain })),
    opp: c.opp ? toOppOption(c.opp, ws) : null,
    opps: c.opps.map((o) => toOppOption(o, ws)),
  };
}
