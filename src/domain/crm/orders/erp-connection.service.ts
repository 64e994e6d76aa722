import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { forbidden } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { Credential } from '../../identity/credential.entity';
import { CredentialsService } from '../../identity/credentials.service';
import { ERP_QUEUE_WAITING, ErpQueueEntry } from './erp-queue-entry.entity';
import { ErpStall } from './erp-stall.entity';
import { Clock } from '../../../platform/common/clock';

const ERP_KEY_LOCK = 0x65726b79; // "erky"
/** Entries with an error shown on the card, newest first. */
export const ERP_CARD_ERRORS = 20;

export interface ErpQueueCounts {
  waiting: number;
  claimed: number;
  retrying: number;
  failed: number;
  written: number;
}

export interface ErpConnection {
  keys: Credential[];
  counts: ErpQueueCounts;
  lastPollAt: Date | null;
  errors: ErpQueueEntry[];
  heartbeat: ErpHeartbeat;
}

/** The connector's heartbeat, read from the queue: entries claimed and reported over the last hour, the oldest waiting. */
export interface ErpHeartbeat {
  claimedLastHour: number;
  reportedLastHour: number;
  oldestWaitingAt: Date | null;
  /** When the open `erp_stalled` alert was raised (ErpStallWatch); null when no stall is open or a poll came since. */
  stalledSince: Date | null;
}

/**
 * The ERP connection card of the admin settings: the active ERP keys (never their tokens), creating
 * (rotating) and revoking the key, and the queue's state. Admins only (403 forbidden for others).
 */
@Injectable()
export class ErpConnectionService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly credentials: CredentialsService,
    private readonly clock: Clock,
  ) {}

  async connection(auth: UserContext): Promise<ErpConnection> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    const keys = await db.find(Credential, { where: { kind: 'erp', revokedAt: IsNull() }, order: { id: 'DESC' } });
    const now = this.clock.now();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const [row] = await db.sql<{
      waiting: number;
      claimed: number;
      retrying: number;
      failed: number;
      written: number;
      last_poll: Date | null;
      claimed_hour: number;
      reported_hour: number;
      oldest: Date | null;
    }>(
      `SELECT count(*) FILTER (WHERE state = $2 AND NOT (coalesce(claimed_until > $3, false) AND lease_token IS NOT NULL))::int AS waiting,
              count(*) FILTER (WHERE state = $2 AND claimed_until > $3 AND lease_token IS NOT NULL)::int AS claimed,
              count(*) FILTER (WHERE state = $2 AND last_error <> '')::int AS retrying,
              count(*) FILTER (WHERE state = $4)::int AS failed,
              count(*) FILTER (WHERE state = $5)::int AS written,
              max(claimed_at) AS last_poll,
              count(*) FILTER (WHERE claimed_at >= $6)::int AS claimed_hour,
              count(*) FILTER (WHERE state <> $2 AND done_at >= $6)::int AS reported_hour,
              min(created_at) FILTER (WHERE state = $2) AS oldest
       FROM erp_queue WHERE workspace_id = $1`,
      [ERP_QUEUE_WAITING, now, 'failed', 'written', hourAgo],
    );
    const errors = await db
      .qb(ErpQueueEntry, 'q')
      .andWhere("q.last_error <> ''")
      .andWhere('q.state IN (:...states)', { states: [ERP_QUEUE_WAITING, 'failed'] })
      .orderBy('q.updated_at', 'DESC')
      .addOrderBy('q.id', 'DESC')
      .limit(ERP_CARD_ERRORS)
      .getMany();
    const lastUsed = keys.map((k) => k.lastUsedAt?.getTime() ?? 0);
    const poll = Math.max(row?.last_poll ? new Date(row.last_poll).getTime() : 0, ...lastUsed);
    // the open stall until housekeeping clears it; a poll since then ends it on the card at once
    const stall = await db.findOne(ErpStall, { where: { clearedAt: IsNull() } });
    const stalledSince = stall && poll <= stall.raisedAt.getTime() ? stall.raisedAt : null;
    return {
      keys,
      counts: { waiting: row?.waiting ?? 0, claimed: row?.claimed ?? 0, retrying: row?.retrying ?? 0, failed: row?.failed ?? 0, written: row?.written ?? 0 },
      lastPollAt: poll > 0 ? new Date(poll) : null,
      errors,
      heartbeat: {
        claimedLastHour: row?.claimed_hour ?? 0,
        reportedLastHour: row?.reported_hour ?? 0,
        oldestWaitingAt: row?.oldest ? new Date(row.oldest) : null,
        stalledSince,
      },
    };
  }

  /** A new ERP key (the token is returned once); every earlier ERP key is revoked. */
  async rotateKey(auth: UserContext): Promise<{ token: string; credential: Credential }> {
    assertAdmin(auth);
    const ws = auth.workspace;
    return this.uow.run(async () => {
      const db = this.uow.tenant(ws.id);
      await db.lock(ERP_KEY_LOCK);
      await this.revokeAll(auth);
      return this.credentials.issue({ workspaceId: ws.id, kind: 'erp', name: 'ERP key', userId: null });
    });
  }

  /** Revokes every ERP key: the ERP can no longer poll. Returns how many were revoked. */
  async revokeKey(auth: UserContext): Promise<number> {
    assertAdmin(auth);
    return this.uow.run(async () => {
      await this.uow.tenant(auth.workspace.id).lock(ERP_KEY_LOCK);
      return this.revokeAll(auth);
    });
  }

  private async revokeAll(auth: UserContext): Promise<number> {
    const db = this.uow.tenant(auth.workspace.id);
    const old = await db.find(Credential, { where: { kind: 'erp', revokedAt: IsNull() } });
    for (const c of old) await this.credentials.revoke(auth.workspace.id, c.id, auth.user.id);
    return old.length;
  }
}

function assertAdmin(auth: UserContext): void {
  if (!isAdmin(auth)) throw forbidden('only admins manage the ERP connection');
}
