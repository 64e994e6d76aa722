import { Inject, Injectable } from '@nestjs/common';
import type pino from 'pino';
import { Clock } from '../../../platform/common/clock';
import { ROOT_LOGGER } from '../../../platform/common/logger';
import { todayIn } from '../../../platform/common/time';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { HousekeepingJob } from '../../../platform/database/housekeeping';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { WorkspaceService } from '../../workspace/workspace.service';
import { weekStartOf } from '../today';
import { HistoryReads } from './history-reads';
import { periodBounds } from './history.rules';
import { addMonths, snapshotCells } from './snapshot.rules';

/** Months a snapshot covers: the quarter of its day and the next one (what a weekly call looks at). */
export const SNAPSHOT_MONTHS = 6;

/** The claim: of several instances (or rounds) only one inserts the week's row (its primary key). */
const CLAIM_SQL = `INSERT INTO forecast_snapshot_weeks (workspace_id, week, as_of, first_month, last_month, taken_at)
  SELECT $1, $2::date, $3::date, $4, $5, $6::timestamptz WHERE NOT EXISTS (SELECT 1 FROM forecast_snapshot_weeks WHERE workspace_id = $1 AND week = $2::date)
  ON CONFLICT (workspace_id, week) DO NOTHING RETURNING week`;

/**
 * The weekly forecast snapshots (docs/decisions/reports.md, "Weekly snapshots and accuracy"): every housekeeping
 * round, per workspace, when the current week (Monday to Sunday in the workspace's time zone) has no snapshot,
 * the forecast as of today by month × owner × forecast category (open count, value, weighted value, and what was
 * already won) is stored for the months of this quarter and the next. The week's row is the claim: inserted with
 * the cells in one unit of work, its primary key lets one instance take it; a failed round leaves no claim and the
 * next round tries again. Off the request path: the reports only read the stored rows.
 */
@Injectable()
export class ForecastSnapshotJob extends HousekeepingJob {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {
    super(config, log, 'forecast snapshots');
  }

  /** One round over every workspace; returns the workspaces whose week's snapshot this round took. */
  async round(): Promise<number[]> {
    const taken: number[] = [];
    for (const id of await this.workspaces.ids()) {
      const ok = await this.snapshot(id).catch((e: unknown) => {
        this.log.warn({ err: e, workspace_id: id }, 'forecast snapshot failed');
        return false;
      });
      if (ok) taken.push(id);
    }
    return taken;
  }

  /** Takes the current week's snapshot of one workspace unless one exists; true when this call took it. */
  async snapshot(workspaceId: number): Promise<boolean> {
    const [ws] = await this.workspaces.byIds([workspaceId]);
    if (!ws) return false;
    const now = this.clock.now();
    const today = todayIn(ws.timezone, now);
    const week = weekStartOf(today);
    const firstMonth = `${today.slice(0, 5)}${String(Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}`;
    const lastMonth = addMonths(firstMonth, SNAPSHOT_MONTHS - 1);
    const db = this.uow.tenant(workspaceId);
    return this.uow.runDetached(async () => {
      const [claim] = await db.sql<{ week: string }>(CLAIM_SQL, [week, today, firstMonth, lastMonth, now]);
      if (!claim) return false;
      const history = await new HistoryReads(db).forecast({ timezone: ws.timezone, visible: null }, today, `${firstMonth}-01`, periodBounds(lastMonth).end);
      const cells = snapshotCells(history, { asOf: today, firstMonth, lastMonth });
      // 500 cells a statement (eight parameters each: well under the 65535 a statement takes)
      for (let i = 0; i < cells.length; i += 500) {
        const part = cells.slice(i, i + 500);
        const values = part.map((_, j) => `($2::date, $${j * 8 + 3}, $${j * 8 + 4}::int, $${j * 8 + 5}, $${j * 8 + 6}::int, $${j * 8 + 7}::bigint, $${j * 8 + 8}::bigint, $${j * 8 + 9}::int, $${j * 8 + 10}::bigint)`);
        await db.sql(
          `INSERT INTO forecast_snapshots (workspace_id, week, month, owner_id, category, open_count, open_cents, weighted_cents, won_count, won_cents)
           SELECT w.workspace_id, v.* FROM (VALUES ${values.join(', ')}) v JOIN forecast_snapshot_weeks w ON w.workspace_id = $1 AND w.week = $2::date`,
          [week, ...part.flatMap((c) => [c.month, c.ownerId, c.category, c.openCount, c.openCents, c.weightedCents, c.wonCount, c.wonCents])],
        );
      }
      return true;
    });
  }
}
