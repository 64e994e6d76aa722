import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type pino from 'pino';
import { ROOT_LOGGER } from '../../../platform/common/logger';
import { PeriodicJob } from '../../../platform/common/periodic-job';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { WorkspaceService } from '../../workspace/workspace.service';
import { EmailMessage } from './email-thread.entity';
import { Mailbox } from './mailbox.entity';
import { MailboxConnector } from './mailbox-connector';
import { sendSmtp } from './mail-servers';

/** Messages claimed per statement. */
const CLAIM = 10;

/**
 * Sends queued user e-mails through each user's SMTP server, off the request path: a round claims
 * queued messages per workspace (`FOR UPDATE SKIP LOCKED`, so instances never send one twice), sends
 * each within the mailbox deadline and records `sent` or `failed` with the error. No retries: a failed
 * message shows its error and the user sends again. A message left in `sending` by a stopped instance
 * for 10 minutes is marked failed (it may or may not have left; it is not sent twice).
 */
@Injectable()
export class EmailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job = new PeriodicJob(
    () => this.round(),
    (e) => this.log.warn({ err: e }, 'e-mail sender round failed'),
  );
  private current: Promise<unknown> | null = null;
  private again = false;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly connector: MailboxConnector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start(this.config.mailboxSendPollMs);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.job.stop();
    await this.current;
  }

  /** Starts a round now (after a message was queued); a round already running runs once more. */
  kick(): void {
    if (this.current) {
      this.again = true;
      return;
    }
    this.current = this.round()
      .catch((e) => this.log.warn({ err: e }, 'e-mail sender round failed'))
      .finally(() => {
        this.current = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Sends what is queued in every workspace. */
  async round(): Promise<number> {
    let n = 0;
    for (const id of await this.workspaces.ids()) n += await this.sendQueued(this.uow.tenant(id));
    return n;
  }

  private async sendQueued(db: TenantDb): Promise<number> {
    await db.sql(
      "UPDATE email_messages SET state = 'failed', error = 'interrupted while sending (the server stopped); send it again', updated_at = now() WHERE workspace_id = $1 AND state = 'sending' AND updated_at < now() - interval '10 minutes'",
    );
    let n = 0;
    for (;;) {
      const claimed = await db.sql<{ id: number }>(
        `WITH c AS (UPDATE email_messages SET state = 'sending', updated_at = now() WHERE workspace_id = $1 AND id IN (
           SELECT id FROM email_messages WHERE workspace_id = $1 AND state = 'queued' ORDER BY id LIMIT ${CLAIM} FOR UPDATE SKIP LOCKED) RETURNING id)
         SELECT id FROM c ORDER BY id`,
      );
      if (!claimed.length) return n;
      for (const { id } of claimed) {
        await this.sendOne(db, id);
        n++;
      }
    }
  }

  private async sendOne(db: TenantDb, id: number): Promise<void> {
    const m = (await db.findOne(EmailMessage, { where: { id } }))!;
    const mailbox = await db.findOne(Mailbox, { where: { userId: m.userId } });
    let error = '';
    if (!mailbox?.connected || !mailbox.settings || mailbox.provider !== 'imap_smtp') error = 'the mailbox is not connected';
    else {
      try {
        const secret = this.connector.secretOf(mailbox);
        await sendSmtp(
          mailbox.settings.smtp,
          secret.smtp_password,
          {
            from: { name: m.fromName, address: m.fromEmail }, to: m.to, cc: m.cc, subject: m.subject, text: m.text, html: m.html,
            messageId: m.messageId, inReplyTo: m.inReplyTo || undefined, references: m.references ? m.references.split(' ') : undefined,
          },
          this.connector.guard,
        );
      } catch (e) {
        error = ((e as Error).message || 'sending failed').slice(0, 500);
      }
    }
    const sent = error === '';
    await db.sql(`UPDATE email_messages SET state = $2, error = $3, ${sent ? 'at = now(), ' : ''}updated_at = now() WHERE workspace_id = $1 AND id = $4`, [sent ? 'sent' : 'failed', error, id]);
  }
}
