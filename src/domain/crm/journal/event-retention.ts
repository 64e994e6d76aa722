import { Inject, Injectable } from '@nestjs/common';
import type pino from 'pino';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { ROOT_LOGGER } from '../../../platform/common/logger';
import { deleteInBatches, HousekeepingJob } from '../../../platform/database/housekeeping';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { WorkspaceService } from '../../workspace/workspace.service';

/**
 * Outbox events past EVENT_RETENTION_DAYS that the dispatcher has handed on. A pending one (no worker ran
 * for days) waits for its dispatch; the journal leaves it out by age anyway.
 */
const PRUNE_EVENTS = `
  WITH gone AS (
    SELECT id FROM outbox_events
     WHERE workspace_id = $1 AND occurred_at < now() - make_interval(days => $2) AND status <> 'pending'
     LIMIT $3),
  d AS (DELETE FROM outbox_events o USING gone WHERE o.workspace_id = $1 AND o.id = gone.id RETURNING 1)
  SELECT count(*)::int AS n FROM d`;

/**
 * Housekeeping of the event journal: every HOUSEKEEPING_MINUTES (as CredentialRetention), one workspace
 * at a time, in batches, deletes outbox events older than EVENT_RETENTION_DAYS. Deletes are idempotent,
 * so every instance may run it.
 */
@Injectable()
export class EventRetention extends HousekeepingJob {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {
    super(config, log, 'event retention');
  }

  round(): Promise<unknown> {
    return this.prune();
  }

  /** One round: deletes the events past retention; returns how many. */
  async prune(): Promise<number> {
    let total = 0;
    for (const ws of await this.workspaces.ids()) total += await deleteInBatches(this.uow, ws, PRUNE_EVENTS, [this.config.eventRetentionDays]);
    if (total) this.log.info({ events: total }, 'events past retention deleted');
    return total;
  }
}
