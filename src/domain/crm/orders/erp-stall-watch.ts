import { Inject, Injectable } from '@nestjs/common';
import type pino from 'pino';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { Clock } from '../../../platform/common/clock';
import { ROOT_LOGGER } from '../../../platform/common/logger';
import { HousekeepingJob } from '../../../platform/database/housekeeping';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { WorkspaceService } from '../../workspace/workspace.service';
import { ERP_QUEUE_WAITING } from './erp-queue-entry.entity';
import { erpStalledEvent } from './erp-events';

/**
 * The connector's state as housekeeping reads it, in one statement: entries waiting and the oldest, the
 * last poll (the latest claim or ERP key use: a plain list counts too) and the open stall, if any.
 */
const STATE_SQL = `
  SELECT q.waiting, q.oldest, GREATEST(q.last_claim, k.last_used) AS last_poll, s.id AS stall_id, s.raised_at
    FROM (SELECT count(*) FILTER (WHERE state = $2)::int AS waiting, min(created_at) FILTER (WHERE state = $2) AS oldest, max(claimed_at) AS last_claim
            FROM erp_queue WHERE workspace_id = $1) q
   CROSS JOIN (SELECT max(last_used_at) AS last_used FROM credentials WHERE workspace_id = $1 AND kind = 'erp') k
    LEFT JOIN erp_stalls s ON s.workspace_id = $1 AND s.cleared_at IS NULL`;

/** The raise: of several instances (or rounds) only one inserts the open stall (partial unique index). */
const RAISE_SQL = `
  INSERT INTO erp_stalls (workspace_id, raised_at, last_poll_at, oldest_waiting_at, waiting)
  SELECT $1, $2::timestamptz, $3::timestamptz, $4::timestamptz, $5::int
   WHERE NOT EXISTS (SELECT 1 FROM erp_stalls WHERE workspace_id = $1 AND cleared_at IS NULL)
  ON CONFLICT (workspace_id) WHERE cleared_at IS NULL DO NOTHING
  RETURNING id`;

const CLEAR_SQL = `UPDATE erp_stalls SET cleared_at = $3 WHERE workspace_id = $1 AND id = $2 AND cleared_at IS NULL`;

interface StateRow {
  waiting: number;
  oldest: Date | null;
  last_poll: Date | null;
  stall_id: number | null;
  raised_at: Date | null;
}

/** What a round did in one workspace. */
export type StallOutcome = 'raised' | 'cleared' | 'stalled' | 'ok';

/**
 * The `erp_stalled` alert: every housekeeping round, per workspace, when an order has waited
 * ERP_STALL_MINUTES and no poll came in as long, a stall is raised: a row in `erp_stalls` and the
 * `erp_stalled` event to the outbox in the same unit of work, so subscribed webhooks get one delivery.
 * Once per stall: while the stall is open (uncleared) nothing is raised again, and the partial unique
 * index lets only one of several instances insert it. A poll after the raise clears it (the next round
 * sees it); a later stall raises again. Reads only: nothing is written on the ERP's request path.
 */
@Injectable()
export class ErpStallWatch extends HousekeepingJob {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {
    super(config, log, 'ERP stall watch');
  }

  /** One round over every workspace; returns the workspaces where a stall was raised. */
  async round(): Promise<number[]> {
    if (this.config.erpStallMinutes <= 0) return [];
    const raised: number[] = [];
    for (const ws of await this.workspaces.ids()) {
      if ((await this.check(ws)) === 'raised') raised.push(ws);
    }
    if (raised.length) this.log.warn({ workspaces: raised }, 'ERP connector stalled: erp_stalled raised');
    return raised;
  }

  /** One workspace: clears an open stall a poll has ended, raises a new one when the ERP stalls. */
  async check(workspaceId: number): Promise<StallOutcome> {
    const db = this.uow.tenant(workspaceId);
    const minutes = this.config.erpStallMinutes;
    if (minutes <= 0) return 'ok';
    const now = this.clock.now();
    const cutoff = now.getTime() - minutes * 60_000;
    const [row] = await db.sql<StateRow>(STATE_SQL, [ERP_QUEUE_WAITING]);
    const lastPoll = row?.last_poll ? new Date(row.last_poll) : null;
    let cleared = false;
    if (row?.stall_id != null) {
      if (!lastPoll || lastPoll.getTime() <= new Date(row.raised_at!).getTime()) return 'stalled';
      await this.uow.runDetached(() => db.sql(CLEAR_SQL, [row.stall_id, lastPoll]));
      cleared = true;
    }
    const oldest = row?.oldest ? new Date(row.oldest) : null;
    const stalled = !!oldest && oldest.getTime() <= cutoff && (!lastPoll || lastPoll.getTime() <= cutoff);
    if (!stalled) return cleared ? 'cleared' : 'ok';
    const [ws] = await this.workspaces.byIds([workspaceId]);
    if (!ws) return 'ok';
    const done = await this.uow.runDetached(async () => {
      const [stall] = await db.sql<{ id: number }>(RAISE_SQL, [now, lastPoll, oldest, row!.waiting]);
      if (!stall) return false;
      this.uow.recordEvent(erpStalledEvent({ workspaceId, timezone: ws.timezone, stallId: Number(stall.id), stallMinutes: minutes, waiting: row!.waiting, oldestWaitingAt: oldest, lastPollAt: lastPoll }));
      return true;
    });
    return done ? 'raised' : 'stalled';
  }
}
