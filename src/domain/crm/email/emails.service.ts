import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError, invalidFields, notFound } from '../../../platform/common/errors';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { isEmailAddress } from '../../identity/users.service';
import { Company } from '../companies/company.entity';
import { Opportunity } from '../opportunities/opportunity.entity';
import { AccessService } from '../shared/access.service';
import { EmailMessage, EmailThread } from './email-thread.entity';
import { addMessage, newThread } from './email-filing';
import { EmailSender } from './email-sender';
import { Mailbox } from './mailbox.entity';

export interface SendInput {
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  signature?: boolean;
  customer_id?: number;
  opp_id?: number;
  thread_id?: number;
}

export interface ThreadWithMessages {
  thread: EmailThread;
  messages: EmailMessage[];
}

/** At most this many threads are listed per record. */
export const THREADS_MAX = 100;
/** At most this many recipients (to + cc). */
export const RECIPIENTS_MAX = 50;

const normAddr = (a: string) => a.trim().toLowerCase();

/** Field problems of a send request (pure). */
export function sendProblems(input: SendInput): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const to = input.to ?? [];
  const cc = input.cc ?? [];
  if (!to.length) out.push({ field: 'to', message: 'needs at least one address' });
  if (to.length + cc.length > RECIPIENTS_MAX) out.push({ field: 'to', message: `at most ${RECIPIENTS_MAX} recipients (to and cc)` });
  to.forEach((a, i) => !isEmailAddress(normAddr(a)) && out.push({ field: `to[${i}]`, message: 'not a valid e-mail address' }));
  cc.forEach((a, i) => !isEmailAddress(normAddr(a)) && out.push({ field: `cc[${i}]`, message: 'not a valid e-mail address' }));
  if (!input.subject.trim()) out.push({ field: 'subject', message: 'is required' });
  if (!input.text.trim() && !input.html?.trim()) out.push({ field: 'text', message: 'text or html is required' });
  if (input.thread_id === undefined && input.customer_id === undefined && input.opp_id === undefined) out.push({ field: 'customer_id', message: 'is required (or opp_id or thread_id)' });
  return out;
}

/**
 * E-mail on the record: a message the caller writes is queued in its thread (new or a reply)
 * on the company and opportunity and sent off the request path by `EmailSender`; threads are read by
 * whoever may see their company (and opportunity).
 */
@Injectable()
export class EmailsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly sender: EmailSender,
  ) {}

  async send(auth: UserContext, input: SendInput): Promise<EmailMessage> {
    const problems = sendProblems(input);
    if (problems.length) throw invalidFields(problems);
    const db = this.uow.tenant(auth.workspace.id);
    const msg = await this.uow.run(async () => {
      const thread = await this.threadFor(auth, db, input); // 404 for what the caller may not see comes first (rolled back below)
      const mailbox = await db.findOne(Mailbox, { where: { userId: auth.user.id } });
      if (!mailbox?.connected || mailbox.provider === 'none') throw new DomainError('mailbox_not_connected', 'connect your mailbox first (PUT /api/v1/me/mailbox/connection)');
      const earlier = await db.find(EmailMessage, { where: { threadId: thread.id }, order: { at: 'DESC', id: 'DESC' }, take: 20 });
      let text = input.text;
      let html = input.html ?? '';
      if (input.signature && mailbox.signature.trim()) {
        text = `${text}\n\n-- \n${mailbox.signature}`;
        if (html) html = `${html}<br><br>-- <br>${escapeHtml(mailbox.signature).replace(/\n/g, '<br>')}`;
      }
      const domain = mailbox.email.split('@')[1] || 'crm.invalid';
      return addMessage(db, thread, {
        userId: auth.user.id, state: 'queued', messageId: `${randomUUID()}@${domain}`,
        inReplyTo: earlier[0]?.messageId ?? '', references: earlier.map((e) => e.messageId).reverse().join(' '),
        fromEmail: mailbox.email, fromName: auth.user.fullName, to: input.to.map(normAddr), cc: (input.cc ?? []).map(normAddr),
        subject: input.subject, text, html,
      });
    });
    setImmediate(() => this.sender.kick());
    return msg;
  }

  /** Threads of a company or of an opportunity, newest first. */
  async threads(auth: UserContext, q: { customer_id?: number; opp_id?: number }): Promise<EmailThread[]> {
    if (q.customer_id === undefined && q.opp_id === undefined) throw invalidFields([{ field: 'customer_id', message: 'is required (or opp_id)' }]);
    const db = this.uow.tenant(auth.workspace.id);
    if (q.opp_id !== undefined) {
      await this.access.findVisible(Opportunity, auth, q.opp_id, 'opportunity');
      return db.find(EmailThread, { where: { oppId: q.opp_id }, order: { lastMessageAt: 'DESC', id: 'DESC' }, take: THREADS_MAX });
    }
    await this.access.findVisible(Company, auth, q.customer_id!, 'company');
    return db.find(EmailThread, { where: { customerId: q.customer_id }, order: { lastMessageAt: 'DESC', id: 'DESC' }, take: THREADS_MAX });
  }

  async thread(auth: UserContext, id: number): Promise<ThreadWithMessages> {
    const db = this.uow.tenant(auth.workspace.id);
    const thread = await this.visibleThread(auth, db, id);
    const messages = await db.find(EmailMessage, { where: { threadId: id }, order: { at: 'ASC', id: 'ASC' }, take: 500 });
    return { thread, messages };
  }

  async message(auth: UserContext, id: number): Promise<EmailMessage> {
    const db = this.uow.tenant(auth.workspace.id);
    const m = await db.findOne(EmailMessage, { where: { id } });
    if (!m) throw notFound('e-mail');
    await this.visibleThread(auth, db, m.threadId, 'e-mail');
    return m;
  }

  private async visibleThread(auth: UserContext, db: TenantDb, id: number, what = 'thread'): Promise<EmailThread> {
    const t = await db.findOne(EmailThread, { where: { id } });
    if (!t) throw notFound(what);
    try {
      await this.access.findVisible(Company, auth, t.customerId, what);
      if (t.oppId !== null) await this.access.findVisible(Opportunity, auth, t.oppId, what);
    } catch {
      throw notFound(what);
    }
    return t;
  }

  /** The thread a message goes to: the one replied to, or a new one on the company (and opportunity). */
  private async threadFor(auth: UserContext, db: TenantDb, input: SendInput): Promise<EmailThread> {
    if (input.thread_id !== undefined) return this.visibleThread(auth, db, input.thread_id);
    const opp = input.opp_id !== undefined ? await this.access.findVisible(Opportunity, auth, input.opp_id, 'opportunity') : null;
    const company = await this.access.findVisible(Company, auth, input.customer_id ?? opp!.customerId, 'company');
    if (opp && opp.customerId !== company.id) throw invalidFields([{ field: 'opp_id', message: `opportunity ${opp.id} belongs to another company` }]);
    return newThread(db, { subject: input.subject, customerId: company.id, oppId: opp?.id ?? null, userId: auth.user.id });
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
