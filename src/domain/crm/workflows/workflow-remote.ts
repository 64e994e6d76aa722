import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { SecretBox } from '../../../platform/common/crypto';
import { DomainError } from '../../../platform/common/errors';
import { formatTimestamp } from '../../../platform/common/time';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import type { JsonMap } from '../../../platform/database/tenant-entity';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { MAIL_TRANSPORT, MailTransport } from '../../../platform/outbox/mail';
import type { NetworkPolicy } from '../../../platform/net/network-policy';
import { USER_DESTINATIONS } from '../../../platform/net/network-policies';
import { PostResult, SafeHttpClient } from '../../../platform/net/safe-http';
import { SECRET_BOX } from '../../identity/secret-box.provider';
import { User } from '../../identity/user.entity';
import { render as chatBody } from '../../integrations/chat-formats';
import { absoluteUrl } from '../../integrations/webhook-body';
import { signedHeaders } from '../../integrations/signing';
import { WebhookConnection } from '../../integrations/webhook-connection.entity';
import { WebhookDelivery } from '../../integrations/webhook-delivery.entity';
import { linkBase } from '../../workspace/link-base';
import { MailboxConnector, sendSmtp } from '../email';
import { Mailbox } from '../email/mailbox.entity';
import { recordPath } from '../shared/record-keys';
import type { ActionResult, RunScope } from './workflow-actions';
import { render } from './workflow-render';
import { CHAT_KINDS, EmailRecipient } from './workflows.rules';

/** A remote call's whole exchange (connect, send, answer) is cut after this; the engine's retries take over. */
export const REMOTE_DEADLINE_MS = 8000;

const htmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** A header value from a template: one line (no header can be added through a record's value), at most 200 characters. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim().slice(0, 200);

/**
 * The actions that reach outside the CRM: `send_email`, `post_chat`, `call_webhook`. Each runs outside any
 * transaction (the runner calls it before the step's transaction) within REMOTE_DEADLINE_MS, through the network
 * guard for destinations a workspace user set (USER_DESTINATIONS, like webhook deliveries and mailboxes). A
 * target that does not answer is a plain Error (retried by the engine); what would fail again (no recipient, a
 * connection gone) is a DomainError (the run fails at once).
 */
@Injectable()
export class WorkflowRemote implements OnApplicationShutdown {
  private readonly http: SafeHttpClient;
  private readonly idKey: string;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly mailboxes: MailboxConnector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(USER_DESTINATIONS) network: NetworkPolicy,
  ) {
    this.http = new SafeHttpClient({ policy: network, timeoutMs: REMOTE_DEADLINE_MS });
    this.idKey = secrets.derive('workflow-webhook-id');
  }

  onApplicationShutdown(): void {
    this.http.close();
  }

  /**
   * What templates of remote actions read beyond the run's context: the record under its kind's name
   * (`{{opportunity.name}}`), its company (`{{company.name}}`) and its owner (`{{owner.full_name}}`, `{{owner.email}}`).
   */
  async templateContext(s: RunScope): Promise<JsonMap> {
    const rec = (s.context.record ?? {}) as JsonMap;
    const db = this.uow.tenant(s.auth.workspace.id);
    const companyId = s.kind === 'company' ? s.id : typeof rec.customer_id === 'number' ? rec.customer_id : null;
    const [company] = companyId === null ? [] : await db.sql<{ r: JsonMap }>(`SELECT to_jsonb(c) - 'workspace_id' AS r FROM companies c WHERE c.workspace_id = $1 AND c.id = $2`, [companyId]);
    const ownerId = ownerOf(rec);
    const owner = ownerId === null ? null : await db.byId(User, ownerId);
    return { ...s.context, [s.kind]: rec, company: company?.r ?? {}, owner: owner ? { id: owner.id, full_name: owner.fullName, email: owner.email } : {} };
  }

  async sendEmail(s: RunScope, a: { to: EmailRecipient; subject: string; body: string }): Promise<ActionResult> {
    const ctx = await this.templateContext(s);
    const to = await this.recipient(s, a.to, ctx);
    const subject = oneLine(render(a.subject, ctx)) || oneLine(a.subject);
    const text = render(a.body, ctx);
    // the HTML part: the admin's text and every value as text (a record's `<script>` shows as those characters)
    const html = render(htmlEscape(a.body), ctx, htmlEscape).replace(/\r?\n/g, '<br>');
    const ownerId = ownerOf((s.context.record ?? {}) as JsonMap);
    const mailbox = ownerId === null ? null : await this.uow.tenant(s.auth.workspace.id).findOne(Mailbox, { where: { userId: ownerId } });
    const viaMailbox = !!(mailbox?.connected && mailbox.settings && mailbox.provider === 'imap_smtp');
    if (!viaMailbox && !this.config.smtpUrl) throw new DomainError('conflict', "no way to send it: the record's owner has no connected mailbox and the service has no SMTP_URL");
    const via = viaMailbox ? `the mailbox ${mailbox!.email}` : 'the service (SMTP_URL)';
    if (s.dry) return { detail: `would e-mail "${subject}" to ${to} through ${via}` };
    const owner = ctx.owner as { id?: number; full_name?: string };
    const from = viaMailbox ? mailbox!.email : this.config.mailFrom;
    const messageId = `${randomUUID()}@${from.split('@')[1] || 'crm.invalid'}`;
    if (viaMailbox) {
      const secret = this.mailboxes.secretOf(mailbox!);
      await sendSmtp(mailbox!.settings!.smtp, secret.smtp_password, { from: { name: owner.full_name ?? '', address: mailbox!.email }, to: [to], cc: [], subject, text, html, messageId }, { ...this.mailboxes.guard, deadlineMs: Math.min(this.mailboxes.guard.deadlineMs, REMOTE_DEADLINE_MS) });
    } else await this.transport.send({ from: this.config.mailFrom, to, subject, text });
    // filed on the record by the step's transaction (WorkflowActions.fileMail), as a person's sent mail is
    const mail = { to, subject, text, html, messageId, fromEmail: from, fromName: viaMailbox ? (owner.full_name ?? '') : '', userId: viaMailbox ? ownerId! : s.auth.user.id };
    return { detail: `e-mailed "${subject}" to ${to} through ${via}`, mail };
  }

  async postChat(s: RunScope, a: { connection_id: number; text: string }, messageKey: string): Promise<ActionResult> {
    const conn = await this.connection(s, a.connection_id, true);
    const ctx = await this.templateContext(s);
    const text = render(a.text, ctx).slice(0, 2000);
    if (s.dry) return { detail: `would post "${text.slice(0, 80)}" to the ${conn.kind} connection ${conn.id}` };
    // the chat formats escape title and text for their channel (chat-formats.ts): a value is shown, never markup
    const body = chatBody(conn.kind, { ...this.envelope(s), text }, conn.url);
    const r = await this.http.post(conn.url, { 'content-type': 'application/json' }, Buffer.from(body, 'utf8'));
    await this.logDelivery(s, conn, this.messageId(messageKey), body, r);
    expectOk(r, conn.kind);
    return { detail: `posted to the ${conn.kind} connection ${conn.id}` };
  }

  async callWebhook(s: RunScope, a: { connection_id: number }, messageKey: string): Promise<ActionResult> {
    const conn = await this.connection(s, a.connection_id, false);
    if (s.dry) return { detail: `would call the webhook connection ${conn.id} with the ${s.kind} ${s.id}` };
    const body = Buffer.from(JSON.stringify({ ...this.envelope(s), data: { record_kind: s.kind, record_id: s.id, workflow_id: s.rule.id, record: s.context.record ?? {} } }), 'utf8');
    // one webhook-id per run and step: a retry carries the same id, so a receiver that got it already can skip it
    const id = this.messageId(messageKey);
    const r = await this.http.post(conn.url, signedHeaders(this.secrets.open(conn.signingKey), 'workflow_action', id, body), body);
    await this.logDelivery(s, conn, id, body.toString('utf8'), r);
    expectOk(r, 'webhook');
    return { detail: `called the webhook connection ${conn.id}` };
  }

  /** One webhook-id per run and step (`<run>:<path>`): the same on each retry of that step. */
  private messageId(messageKey: string): string {
    return `msg_${createHmac('sha256', this.idKey).update(messageKey).digest('hex').slice(0, 32)}`;
  }

  /**
   * Each attempt in the connection's delivery log, as the webhook worker logs its own (the connections console reads
   * it): event `workflow_action`, no outbox event, the body sent and the receiver's answer. Written on its own as soon
   * as the answer is in (a failed attempt too), so the log says what was sent even when the step's save is lost.
   */
  private async logDelivery(s: RunScope, conn: WebhookConnection, messageId: string, body: string, r: PostResult): Promise<void> {
    const db = this.uow.tenant(s.auth.workspace.id);
    const now = new Date();
    await this.uow.runDetached(() =>
      db.save(WebhookDelivery, db.create(WebhookDelivery, { connectionId: conn.id, event: 'workflow_action', outboxId: null, messageId, resendOf: null, replay: false, body, status: 'done', ok: r.ok, httpStatus: r.status, error: r.error?.slice(0, 300) ?? null, durationMs: r.durationMs, response: r.snippet.slice(0, 512), claimedAt: now, finishedAt: now })),
    );
  }

  /** The 6.2 body's frame (event `workflow_action`, the rule's name as title, the record's link). */
  private envelope(s: RunScope) {
    const ws = s.auth.workspace;
    // the app's address from configuration (linkBase: PUBLIC_URL and the workspace), never a request's Host
    return { event: 'workflow_action', title: s.rule.name, text: '', url: absoluteUrl(linkBase(this.config, ws.slug), recordPath(s.kind, s.id)), data: {}, workspace: ws.app?.company ?? '', app: ws.app?.name ?? '', sent_at: formatTimestamp(new Date(), ws.timezone)! };
  }

  private async connection(s: RunScope, id: number, chat: boolean): Promise<WebhookConnection> {
    const conn = await this.uow.tenant(s.auth.workspace.id).byId(WebhookConnection, id);
    const fits = conn && (chat ? (CHAT_KINDS as readonly string[]).includes(conn.kind) : conn.kind === 'webhook');
    if (!fits) throw new DomainError('not_found', `the ${chat ? 'chat' : 'webhook'} connection ${id} no longer exists`);
    if (!conn.active) throw new DomainError('conflict', `the connection ${id} is paused`);
    return conn;
  }

  private async recipient(s: RunScope, to: EmailRecipient, ctx: JsonMap): Promise<string> {
    if (to === 'owner') {
      const email = (ctx.owner as { email?: string }).email;
      if (!email) throw new DomainError('conflict', `the ${s.kind} ${s.id} has no owner with an e-mail address`);
      return email;
    }
    const company = ctx.company as { id?: number; name?: string };
    if (company.id === undefined) throw new DomainError('conflict', `the ${s.kind} ${s.id} has no company, so no main contact`);
    const [main] = await this.uow.tenant(s.auth.workspace.id).sql<{ email: string }>(`SELECT email FROM people WHERE workspace_id = $1 AND customer_id = $2 AND is_main ORDER BY id LIMIT 1`, [company.id]);
    if (!main?.email) throw new DomainError('conflict', `the company ${company.name ?? company.id} has no main contact with an e-mail address`);
    return main.email;
  }
}

function ownerOf(rec: JsonMap): number | null {
  const v = rec.owner_id ?? rec.assignee_id;
  return typeof v === 'number' ? v : null;
}

/** A receiver that did not take it (no answer, refused address, not 2xx): a plain Error, so the engine retries. */
function expectOk(r: PostResult, what: string): void {
  if (!r.ok) throw new Error(`the ${what} receiver did not take it: ${r.status !== null ? `HTTP ${r.status}` : (r.error ?? 'no answer')}`);
}
