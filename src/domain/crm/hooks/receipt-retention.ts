import { Inject, Injectable } from '@nestjs/common';
import type pino from 'pino';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { ROOT_LOGGER } from '../../../platform/common/logger';
import { deleteInBatches, HousekeepingJob } from '../../../platform/database/housekeeping';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { WorkspaceService } from '../../workspace/workspace.service';

/** Far beyond any sender's retries (Standard Webhooks senders retry for about three days). */
export const RECEIPT_DAYS = 30;

const PRUNE_RECEIPTS = `
  WITH gone AS (
    SELECT id FROM inbound_hook_receipts
     WHERE workspace_id = $1 AND created_at < now() - make_interval(days => $2)
     LIMIT $3),
  d AS (DELETE FROM inbound_hook_receipts r USING gone WHERE r.workspace_id = $1 AND r.id = gone.id RETURNING 1)
  SELECT count(*)::int AS n FROM d`;

/**
 * Idempotency receipts of inbound hooks older than RECEIPT_DAYS, deleted every HOUSEKEEPING_MINUTES (as
 * EventRetention): a key repeated after that creates a new record. Idempotent, so every instance may run it.
 */
@Injectable()
export class ReceiptRetention extends HousekeepingJob {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {
    super(config, log, 'hook receipt retention');
  }

  round(): Promise<unknown> {
    return this.prune();
  }

  /** One round: deletes the receipts past retention; returns how many. */
  async prune(): Promise<number> {
    let total = 0;
    for (const ws of await this.workspaces.ids()) total += await deleteInBatches(this.uow, ws, PRUNE_RECEIPTS, [RECEIPT_DAYS]);
    if (total) this.log.info({ receipts: total }, 'inbound hook receipts past retention deleted');
    return total;
  }
}
