import { Injectable } from '@nestjs/common';
import { invalid } from '../../../platform/common/errors';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { Mailbox, MAILBOX_STATUSES, MailboxStatus } from './mailbox.entity';

/** Spec 2.4 `mailbox`: `signature` tells whether one is set. */
export interface MailboxView {
  connected: boolean;
  email: string;
  error: string;
  signature: boolean;
  status: MailboxStatus;
}

export interface MailboxSettings {
  email?: string;
  signature?: string;
}

/** What a connection attempt found (set by the connector; tests and the demo seed use it directly). */
export interface MailboxConnection {
  status: MailboxStatus;
  email?: string;
  error?: string;
}

/** The user's row, created when missing (concurrent callers do not collide). */
async function ensureRow(db: TenantDb, userId: number): Promise<void> {
  await db.sql(
    'INSERT INTO mailboxes (workspace_id, user_id) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM mailboxes WHERE workspace_id = $1 AND user_id = $2) ON CONFLICT DO NOTHING',
    [userId],
  );
}

export const NOT_CONNECTED: MailboxView = { connected: false, email: '', error: '', signature: false, status: 'not_connected' };

export function toMailboxView(m: Pick<Mailbox, 'connected' | 'email' | 'error' | 'signature' | 'status'> | null): MailboxView {
  if (!m) return { ...NOT_CONNECTED };
  return { connected: m.connected, email: m.email, error: m.error, signature: m.signature.trim() !== '', status: m.status };
}

/**
 * The caller's mailbox connection state (one row per user; none = not connected). No mail is sent
 * here: a connector (to come) reports its result through `setConnection`.
 */
@Injectable()
export class MailboxService {
  constructor(private readonly uow: UnitOfWork) {}

  get(auth: UserContext): Promise<Mailbox | null> {
    return this.uow.tenant(auth.workspace.id).findOne(Mailbox, { where: { userId: auth.user.id } });
  }

  /** The address and signature the user sets; a new address drops the connection of the old one. */
  async update(auth: UserContext, input: MailboxSettings): Promise<Mailbox> {
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      await ensureRow(db, auth.user.id);
      const m = (await db.findOne(Mailbox, { where: { userId: auth.user.id }, lock: { mode: 'pessimistic_write' } }))!;
      if (input.email !== undefined) {
        const email = input.email.trim().toLowerCase();
        if (email !== m.email) Object.assign(m, { email, connected: false, status: 'not_connected', error: '' });
      }
      if (input.signature !== undefined) m.signature = input.signature;
      return db.save(Mailbox, m);
    });
  }

  /** Records a connection result for user `userId` of workspace `workspaceId`. */
  async setConnection(workspaceId: number, userId: number, c: MailboxConnection): Promise<Mailbox> {
    if (!MAILBOX_STATUSES.includes(c.status)) throw invalid('status', `must be one of ${MAILBOX_STATUSES.join(', ')}`);
    const db = this.uow.tenant(workspaceId);
    return this.uow.run(async () => {
      await ensureRow(db, userId);
      const m = (await db.findOne(Mailbox, { where: { userId }, lock: { mode: 'pessimistic_write' } }))!;
      Object.assign(m, { status: c.status, connected: c.status === 'connected', error: c.status === 'error' ? (c.error ?? '').slice(0, 500) : '' });
      if (c.email !== undefined) m.email = c.email.trim().toLowerCase();
      return db.save(Mailbox, m);
    });
  }
}
