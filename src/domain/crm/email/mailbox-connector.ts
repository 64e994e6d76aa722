import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { SecretBox } from '../../../platform/common/crypto';
import { DomainError, invalidFields } from '../../../platform/common/errors';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import type { NetworkPolicy } from '../../../platform/net/network-policy';
import { USER_DESTINATIONS } from '../../../platform/net/network-policies';
import { LimiterFactory } from '../../../platform/database/redis.module';
import { AuditEntry, UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { SECRET_BOX } from '../../identity/secret-box.provider';
import { isEmailAddress } from '../../identity/users.service';
import { Mailbox, MailboxServerSettings, ServerSettings, TLS_MODES } from './mailbox.entity';
import { GuardOptions, MailServerError, openImap, verifySmtp } from './mail-servers';

export interface ServerInput {
  host: string;
  port: number;
  tls: string;
  user: string;
  password: string;
}

export interface ConnectInput {
  provider: string;
  email: string;
  smtp: ServerInput;
  imap: ServerInput;
}

/** The passwords sealed in `mailboxes.secret`. */
export interface MailboxSecret {
  smtp_password: string;
  imap_password: string;
}

const HOST_RE = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$|^\d{1,3}(\.\d{1,3}){3}$|^\[[0-9a-f:.]+\]$/i;

/**
 * The one message of every failed connect (login refused, connection refused, DNS, TLS, deadline): the
 * caller names the servers and the credentials, so a message that told these apart would make the
 * connect a login oracle and a port prober. Which step failed and why goes to the audit log
 * (`mailbox_connect_failed`).
 */
export const MAILBOX_CONNECT_FAILED =
  'the mailbox could not be connected with these settings; check the server names, ports, security, user names and passwords';

/** Field problems of a connect request (pure). */
export function connectProblems(input: ConnectInput, allowPlain: boolean): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  if (input.provider !== 'imap_smtp') out.push({ field: 'provider', message: 'must be imap_smtp (OAuth mailboxes are not offered yet)' });
  if (!isEmailAddress(input.email.trim().toLowerCase())) out.push({ field: 'email', message: 'not a valid e-mail address' });
  for (const side of ['smtp', 'imap'] as const) {
    const s = input[side];
    if (!HOST_RE.test(s.host.trim())) out.push({ field: `${side}.host`, message: 'must be a host name or IP address' });
    if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535) out.push({ field: `${side}.port`, message: 'must be a port number' });
    if (!(TLS_MODES as readonly string[]).includes(s.tls)) out.push({ field: `${side}.tls`, message: `must be one of ${TLS_MODES.join(', ')}` });
    else if (s.tls === 'none' && !allowPlain) out.push({ field: `${side}.tls`, message: 'none (passwords in clear text) is refused; use tls or starttls' });
    if (!s.user.trim()) out.push({ field: `${side}.user`, message: 'is required' });
    if (!s.password) out.push({ field: `${side}.password`, message: 'is required' });
  }
  return out;
}

/**
 * Connects the caller's mailbox (provider `imap_smtp`): checks both servers (SMTP login, IMAP login
 * and INBOX status) within the mailbox deadline and through the network guard, then stores the
 * settings and the sealed passwords; the sync starts at the INBOX's next UID (mail already there is
 * not imported). A refused login is 422 `mailbox_auth`, anything else 422 `mailbox_unreachable`, both
 * with MAILBOX_CONNECT_FAILED; a failed try writes nothing but its audit row, so a working connection
 * stays as it was. Each user has MAILBOX_CONNECT_PER_HOUR tries an hour (429 `rate_limited` after).
 */
@Injectable()
export class MailboxConnector {
  private readonly tries: RateLimiterAbstract;

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(SECRET_BOX) private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(USER_DESTINATIONS) private readonly network: NetworkPolicy,
    limiters: LimiterFactory,
  ) {
    this.tries = limiters.create('mailbox:connect', { points: config.mailboxConnectPerHour, duration: 3600 });
  }

  get guard(): GuardOptions {
    return { policy: this.network, deadlineMs: this.config.mailboxTimeoutMs };
  }

  /** The sealed passwords of a connected mailbox. */
  secretOf(m: Mailbox): MailboxSecret {
    return JSON.parse(this.box.open(m.secret)) as MailboxSecret;
  }

  async connect(auth: UserContext, input: ConnectInput): Promise<Mailbox> {
    const problems = connectProblems(input, this.network.opensAny);
    if (problems.length) throw invalidFields(problems);
    await this.countTry(auth);
    const side = (s: ServerInput): ServerSettings => ({ host: s.host.trim().toLowerCase(), port: s.port, tls: s.tls as ServerSettings['tls'], user: s.user.trim() });
    const settings: MailboxServerSettings = { smtp: side(input.smtp), imap: side(input.imap) };
    const email = input.email.trim().toLowerCase();
    const note = (action: string, detail: Record<string, unknown> = {}): AuditEntry => ({
      workspaceId: auth.workspace.id, userId: auth.user.id, action, subject: email, detail: { smtp: settings.smtp, imap: settings.imap, ...detail },
    });
    let step: 'smtp' | 'imap' = 'smtp';
    let position: { validity: number; next: number };
    try {
      await verifySmtp(settings.smtp, input.smtp.password, this.guard);
      step = 'imap';
      position = await this.inboxPosition(settings.imap, input.imap.password);
    } catch (e) {
      if (!(e instanceof MailServerError)) throw e;
      await this.uow.audit(note('mailbox_connect_failed', { step, kind: e.kind, error: e.message.slice(0, 500) }));
      throw new DomainError(e.kind === 'auth' ? 'mailbox_auth' : 'mailbox_unreachable', MAILBOX_CONNECT_FAILED);
    }
    const secret: MailboxSecret = { smtp_password: input.smtp.password, imap_password: input.imap.password };
    return this.save(auth, note('mailbox_connected'), (m) =>
      Object.assign(m, {
        email, provider: 'imap_smtp', settings, secret: this.box.seal(JSON.stringify(secret)), connected: true, status: 'connected', error: '',
        imapUidValidity: position.validity, imapUidNext: position.next, syncError: '', syncedAt: null,
      }),
    );
  }

  /** Forgets the servers and passwords (the threads stay). */
  disconnect(auth: UserContext): Promise<Mailbox> {
    return this.save(auth, { workspaceId: auth.workspace.id, userId: auth.user.id, action: 'mailbox_disconnected' }, (m) =>
      Object.assign(m, { provider: 'none', settings: null, secret: '', connected: false, status: 'not_connected', error: '', imapUidValidity: null, imapUidNext: null, syncError: '' }),
    );
  }

  private async inboxPosition(s: ServerSettings, password: string): Promise<{ validity: number; next: number }> {
    const client = await openImap(s, password, this.guard);
    try {
      const st = await client.status('INBOX', { uidValidity: true, uidNext: true });
      if (!st) throw new Error('no STATUS answer');
      return { validity: Number(st.uidValidity ?? 0), next: Number(st.uidNext ?? 1) };
    } catch (e) {
      throw new MailServerError('unreachable', `IMAP INBOX: ${(e as Error).message}`.slice(0, 300));
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  /** One try of the caller's hourly allowance; 429 `rate_limited` when none is left (nothing is tried then). */
  private async countTry(auth: UserContext): Promise<void> {
    try {
      await this.tries.consume(`${auth.workspace.id}:${auth.user.id}`);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      const retryAfter = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw new DomainError('rate_limited', `too many mailbox connection tries; try again in ${retryAfter} seconds`, {}, retryAfter);
    }
  }

  /** Changes the caller's row and writes its audit row, in one transaction. */
  private save(auth: UserContext, audit: AuditEntry, change: (m: Mailbox) => void): Promise<Mailbox> {
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      await db.sql(
        'INSERT INTO mailboxes (workspace_id, user_id) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM mailboxes WHERE workspace_id = $1 AND user_id = $2) ON CONFLICT DO NOTHING',
        [auth.user.id],
      );
      const m = (await db.findOne(Mailbox, { where: { userId: auth.user.id }, lock: { mode: 'pessimistic_write' } }))!;
      change(m);
      const saved = await db.save(Mailbox, m);
      await this.uow.audit({ ...audit, subject: audit.subject ?? saved.email });
      return saved;
    });
  }
}
