import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { ImapFlow, MessageStructureObject } from 'imapflow';
import type pino from 'pino';
import { Readable } from 'node:stream';
import { DomainError } from '../../../platform/common/errors';
import { ROOT_LOGGER } from '../../../platform/common/logger';
import { PeriodicJob } from '../../../platform/common/periodic-job';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { WorkspaceService } from '../../workspace/workspace.service';
import { AccessService } from '../shared/access.service';
import { fileIncoming, IncomingMail, messageIds } from './email-filing';
import { headerValues } from './mail-authentication';
import { Mailbox } from './mailbox.entity';
import { MailboxConnector } from './mailbox-connector';
import { MailServerError, openImap, readCapped, withDeadline } from './mail-servers';

export interface SyncResult {
  /** Messages read from INBOX this round. */
  read: number;
  /** Of them, filed on a record. */
  filed: number;
  /** More messages wait for the next round. */
  more: boolean;
}

/** Bytes of a text or HTML body kept. */
const BODY_MAX = 256 * 1024;

/** The first text/plain and text/html parts that are not attachments (pure). */
export function bodyParts(node: MessageStructureObject | undefined): { text?: string; html?: string } {
  const out: { text?: string; html?: string } = {};
  const walk = (n: MessageStructureObject) => {
    if (n.childNodes?.length) return n.childNodes.forEach(walk);
    if (n.disposition === 'attachment') return;
    const part = n.part ?? '1';
    if (n.type === 'text/plain' && !out.text) out.text = part;
    if (n.type === 'text/html' && !out.html) out.html = part;
  };
  if (node) walk(node);
  return out;
}

/**
 * Reads each connected mailbox's INBOX incrementally: from the stored next UID up to at most
 * MAILBOX_SYNC_BATCH messages per round (the position is saved after every message, so a stopped round
 * resumes); a changed UIDVALIDITY restarts at the INBOX's current next UID (old UIDs mean nothing any
 * more; mail already filed is recognised by its Message-ID). Runs every MAILBOX_SYNC_MINUTES and on
 * demand (POST /api/v1/me/mailbox/sync).
 */
@Injectable()
export class EmailSync implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job = new PeriodicJob(
    () => this.round(),
    (e) => this.log.warn({ err: e }, 'mailbox sync round failed'),
  );

  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly connector: MailboxConnector,
    private readonly access: AccessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start(this.config.mailboxSyncMinutes * 60_000);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.job.stop();
  }

  /** One round over every connected mailbox of every workspace. */
  async round(): Promise<void> {
    for (const id of await this.workspaces.ids()) {
      const db = this.uow.tenant(id);
      for (const m of await db.find(Mailbox, { where: { provider: 'imap_smtp', connected: true } })) {
        await this.syncMailbox(db, m).catch((e) => this.log.warn({ err: e, workspace_id: id, user_id: m.userId }, 'mailbox sync failed'));
      }
    }
  }

  /** The caller's mailbox now. */
  async syncMine(auth: UserContext): Promise<SyncResult> {
    const db = this.uow.tenant(auth.workspace.id);
    const m = await db.findOne(Mailbox, { where: { userId: auth.user.id } });
    if (!m?.connected || m.provider !== 'imap_smtp') throw new DomainError('mailbox_not_connected', 'connect your mailbox first (PUT /api/v1/me/mailbox/connection)');
    try {
      return await this.syncMailbox(db, m);
    } catch (e) {
      if (e instanceof MailServerError) throw new DomainError(e.kind === 'auth' ? 'mailbox_auth' : 'mailbox_unreachable', e.message);
      throw e;
    }
  }

  private async syncMailbox(db: TenantDb, m: Mailbox): Promise<SyncResult> {
    const secret = this.connector.secretOf(m);
    let client: ImapFlow | null = null;
    try {
      client = await openImap(m.settings!.imap, secret.imap_password, this.connector.guard);
      const c = client;
      const result = await withDeadline(this.config.mailboxTimeoutMs, 'IMAP sync', () => this.readInbox(db, m, c), () => c.close());
      await db.sql("UPDATE mailboxes SET synced_at = now(), sync_error = '' WHERE workspace_id = $1 AND id = $2", [m.id]);
      return result;
    } catch (e) {
      await db.sql('UPDATE mailboxes SET synced_at = now(), sync_error = $3 WHERE workspace_id = $1 AND id = $2', [m.id, ((e as Error).message ?? 'sync failed').slice(0, 500)]);
      throw e;
    } finally {
      if (client) await client.logout().catch(() => client?.close());
    }
  }

  private async readInbox(db: TenantDb, m: Mailbox, client: ImapFlow): Promise<SyncResult> {
    const box = await client.mailboxOpen('INBOX', { readOnly: true });
    const validity = Number(box.uidValidity);
    const uidNext = Number(box.uidNext);
    let from = m.imapUidNext ?? uidNext;
    if (m.imapUidValidity !== validity) from = uidNext;
    await this.savePosition(db, m, validity, from);
    if (from >= uidNext) return { read: 0, filed: 0, more: false };
    const to = Math.min(uidNext - 1, from + this.config.mailboxSyncBatch - 1);
    const headers = await client.fetchAll(`${from}:${to}`, { uid: true, envelope: true, bodyStructure: true, internalDate: true, headers: ['references', 'authentication-results'] }, { uid: true });
    headers.sort((a, b) => a.uid - b.uid);
    let filed = 0;
    const visible = await this.access.visibleOwnerIdsOfUser(m.workspaceId, m.userId);
    for (const h of headers) {
      if (h.uid < from) continue; // `n:m` may answer the last message when none is in range
      const env = h.envelope ?? {};
      const parts = bodyParts(h.bodyStructure);
      const read = async (part?: string) => {
        if (!part) return '';
        const d = await client.download(String(h.uid), part, { uid: true, maxBytes: BODY_MAX });
        return 'content' in d && d.content ? readCapped(d.content as Readable, BODY_MAX) : '';
      };
      const from0 = env.from?.[0];
      const head = h.headers?.toString('utf8') ?? '';
      const mail: IncomingMail = {
        messageId: strip(env.messageId ?? ''),
        inReplyTo: strip(env.inReplyTo ?? ''),
        references: messageIds(headerValues(head, 'references').join(' ')),
        fromEmail: (from0?.address ?? '').toLowerCase(),
        fromName: from0?.name ?? '',
        to: (env.to ?? []).map((a) => (a.address ?? '').toLowerCase()).filter(Boolean),
        cc: (env.cc ?? []).map((a) => (a.address ?? '').toLowerCase()).filter(Boolean),
        subject: env.subject ?? '',
        text: await read(parts.text),
        html: await read(parts.html),
        authenticationResults: headerValues(head, 'authentication-results'),
        date: env.date ? new Date(env.date) : h.internalDate ? new Date(h.internalDate) : new Date(),
      };
      if (Number.isNaN(mail.date.getTime())) mail.date = new Date();
      if (await this.uow.run(() => fileIncoming(db, m, mail, visible))) filed++;
      await this.savePosition(db, m, validity, h.uid + 1);
    }
    await this.savePosition(db, m, validity, to + 1);
    return { read: headers.length, filed, more: to + 1 < uidNext };
  }

  private async savePosition(db: TenantDb, m: Mailbox, validity: number, next: number): Promise<void> {
    m.imapUidValidity = validity;
    m.imapUidNext = next;
    await db.sql('UPDATE mailboxes SET imap_uid_validity = $3, imap_uid_next = GREATEST($4, CASE WHEN imap_uid_validity = $3 THEN imap_uid_next ELSE 0 END) WHERE workspace_id = $1 AND id = $2', [m.id, validity, next]);
  }
}

const strip = (id: string) => id.trim().replace(/^<|>$/g, '');
