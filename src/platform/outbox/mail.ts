import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type pino from 'pino';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ROOT_LOGGER } from '../common/logger';
import { UnitOfWork } from '../database/unit-of-work';
import { PeriodicJob } from '../common/periodic-job';
import { MailMessage } from './mail-outbox.entity';
import * as nodemailer from 'nodemailer';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  body: string;
}

/** How an e-mail leaves the service. */
export interface MailTransport {
  readonly name: string;
  send(mail: { from: string; to: string; subject: string; text: string }): Promise<void>;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/**
 * The default without SMTP_URL: nothing leaves the service. The log gets one line per e-mail with the
 * recipient and subject only, never the text: invitation and reset e-mails carry links that set a
 * password, and logs are read by more people and kept longer than a mailbox (admins hand out invitation
 * links from Settings, Users instead). The last e-mails are kept in memory for the tests.
 */
export class LogMailTransport implements MailTransport {
  readonly name = 'log';
  /** The last e-mails "sent" (in memory only; the tests read them). */
  readonly sent: { from: string; to: string; subject: string; text: string }[] = [];

  constructor(private readonly log: pino.Logger) {}

  async send(mail: { from: string; to: string; subject: string; text: string }): Promise<void> {
    this.sent.push(mail);
    if (this.sent.length > 100) this.sent.shift();
    this.log.info({ mail_to: mail.to, subject: mail.subject }, 'e-mail not sent (no SMTP_URL)');
  }
}

/** The one start-up warning without SMTP_URL (the server's start, not the CLI's). */
export function warnWithoutSmtp(config: AppConfig, log: pino.Logger): void {
  if (config.smtpUrl) return;
  log.warn({ smtp_url: '' }, 'SMTP_URL is not set: invitation and password-reset e-mails cannot be sent; admins copy invitation links from Settings, Users');
}

/** SMTP through nodemailer (SMTP_URL: smtp:// or smtps://, credentials in the URL). One pooled transporter per process. */
export class SmtpMailTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly transporter: { sendMail(m: object): Promise<unknown> };

  constructor(url: string) {
    // connection and greeting time-outs keep a dead server from holding the sender for minutes
    const options = { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
    this.transporter = nodemailer.createTransport(options);
  }

  async send(mail: { from: string; to: string; subject: string; text: string }): Promise<void> {
    await this.transporter.sendMail(mail);
  }
}

export const mailTransportProvider = {
  provide: MAIL_TRANSPORT,
  inject: [APP_CONFIG, ROOT_LOGGER],
  useFactory: (config: AppConfig, log: pino.Logger): MailTransport => (config.smtpUrl ? new SmtpMailTransport(config.smtpUrl) : new LogMailTransport(log.child({ context: 'mail' }))),
};

/** Queues e-mails in the current unit of work (table mail_outbox). */
@Injectable()
export class MailOutbox {
  constructor(private readonly uow: UnitOfWork) {}

  async enqueue(workspaceId: number, mail: OutgoingMail): Promise<void> {
    await this.uow.run(() =>
      this.uow.tenant(workspaceId).insert(MailMessage, { kind: mail.kind, toAddress: mail.to, subject: mail.subject.slice(0, 300), body: mail.body, status: 'pending' }),
    );
  }
}

const MAX_ATTEMPTS = 5;
const CLAIM_TIMEOUT_MINUTES = 10;
const BATCH = 20;

/**
 * Delivers pending e-mails in the background: claims a batch in a short transaction (`FOR UPDATE SKIP
 * LOCKED`, so several instances share the work), sends outside any transaction, then records the
 * result. A failure is retried on later rounds, up to MAX_ATTEMPTS; a claim older than 10 minutes (a
 * crashed sender) is taken again.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private running: Promise<number> | null = null;
  private readonly job = new PeriodicJob(
    () => this.deliver(),
    (e) => this.log.warn({ err: e }, 'mail delivery round failed'),
  );

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start(this.config.mailSendIntervalMs); // 0: never (tests call deliver())
  }

  async onApplicationShutdown(): Promise<void> {
    await this.job.stop();
    await this.running?.catch(() => undefined); // a round started by deliver() outside the timer
  }

  /** One round; returns how many e-mails were sent. Rounds of one process do not overlap. */
  deliver(): Promise<number> {
    this.running ??= this.round().finally(() => (this.running = null));
    return this.running;
  }

  private async round(): Promise<number> {
    // every workspace's pending mail: the sender is infrastructure, not a tenant's request
    type Claimed = { workspace_id: number; id: number; to_address: string; subject: string; body: string; attempts: number };
    const db = this.uow.acrossWorkspaces();
    const list = await this.uow.runDetached(async () => {
      const rows = await db.sql<Claimed>(
        `SELECT workspace_id, id, to_address, subject, body, attempts + 1 AS attempts FROM mail_outbox
          WHERE status = 'pending' OR (status = 'sending' AND claimed_at < now() - interval '${CLAIM_TIMEOUT_MINUTES} minutes')
          ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      );
      if (rows.length) await db.sql(`UPDATE mail_outbox SET status = 'sending', claimed_at = now(), attempts = attempts + 1 WHERE id = ANY($1::int[])`, [rows.map((r) => r.id)]);
      return rows;
    });
    let sent = 0;
    for (const row of list) {
      let error: string | null = null;
      try {
        await this.transport.send({ from: this.config.mailFrom, to: row.to_address, subject: row.subject, text: row.body });
        sent++;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
        this.log.warn({ mail_id: row.id, workspace_id: row.workspace_id, attempts: row.attempts, transport: this.transport.name, error }, 'e-mail not sent');
      }
      await this.uow.runDetached(() =>
        db.sql(
          // a sent or abandoned mail keeps no body: it may hold a usable link (invitation, password reset)
          `UPDATE mail_outbox SET status = $3::varchar, sent_at = CASE WHEN $3::varchar = 'sent' THEN now() ELSE NULL END, last_error = $4,
                  body = CASE WHEN $3::varchar = 'pending' THEN body ELSE '' END
            WHERE workspace_id = $1 AND id = $2`,
          [row.workspace_id, row.id, error === null ? 'sent' : row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', (error ?? '').slice(0, 1000)],
        ),
      );
    }
    return sent;
  }
}
