import { Inject, Injectable } from '@nestjs/common';
import type pino from 'pino';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { ROOT_LOGGER } from '../../platform/common/logger';
import { deleteInBatches, HousekeepingJob } from '../../platform/database/housekeeping';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { WorkspaceService } from '../workspace/workspace.service';
import { IdempotencyKeys } from './idempotency';

/** A credential that stopped working (revoked or expired) is kept this long, then deleted. */
export const CREDENTIAL_RETENTION_DAYS = 30;
/** An authorization code is kept this long after it expired (a reuse within it still revokes the grant's tokens). */
export const CODE_RETENTION_HOURS = 24;
const PRUNE_CREDENTIALS = `
  WITH gone AS (
    SELECT id FROM credentials
     WHERE workspace_id = $1 AND (revoked_at < now() - make_interval(days => $2) OR expires_at < now() - make_interval(days => $2))
     LIMIT $3),
  d AS (DELETE FROM credentials c USING gone WHERE c.workspace_id = $1 AND c.id = gone.id RETURNING 1)
  SELECT count(*)::int AS n FROM d`;

const PRUNE_CODES = `
  WITH gone AS (SELECT id FROM oauth_codes WHERE workspace_id = $1 AND expires_at < now() - make_interval(hours => $2) LIMIT $3),
  d AS (DELETE FROM oauth_codes c USING gone WHERE c.workspace_id = $1 AND c.id = gone.id RETURNING 1)
  SELECT count(*)::int AS n FROM d`;

/** Usage buckets (the connections console reads the last 24 hours) are kept two days. */
export const USAGE_RETENTION_HOURS = 48;
const PRUNE_USAGE = `
  WITH gone AS (SELECT id FROM connection_usage WHERE workspace_id = $1 AND hour < now() - make_interval(hours => $2) LIMIT $3),
  d AS (DELETE FROM connection_usage u USING gone WHERE u.workspace_id = $1 AND u.id = gone.id RETURNING 1)
  SELECT count(*)::int AS n FROM d`;

/**
 * Deletes what can never be used again: every refresh rotates (two new rows), every access token lives an
 * hour and every sign-in is a session, so without this the credentials table grows with use, not with
 * users. Revoked and expired credentials go 30 days after they stopped working (lists and the auth path
 * only ever read live ones, so nothing visible changes); authorization codes a day after they expired;
 * idempotency keys when their 24 hours are over; the connections console's hourly usage buckets after 48 hours.
 * Runs every HOUSEKEEPING_MINUTES on each instance (deletes are idempotent), one workspace at a time, in
 * batches so no statement holds locks for long. A workspace's rows are scanned: an index on revoked_at
 * would cost the refresh rotation its HOT update on the hot path, for a job that runs a few times an hour.
 */
@Injectable()
export class CredentialRetention extends HousekeepingJob {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly idempotency: IdempotencyKeys,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {
    super(config, log, 'credential retention');
  }

  round(): Promise<unknown> {
    return this.prune();
  }

  /** One round: deletes spent credentials and codes past their retention, expired idempotency keys and old usage buckets. */
  async prune(): Promise<{ credentials: number; codes: number; idempotencyKeys: number; usageBuckets: number }> {
    let credentials = 0;
    let codes = 0;
    let idempotencyKeys = 0;
    let usageBuckets = 0;
    for (const ws of await this.workspaces.ids()) {
      credentials += await this.drain(ws, PRUNE_CREDENTIALS, CREDENTIAL_RETENTION_DAYS);
      codes += await this.drain(ws, PRUNE_CODES, CODE_RETENTION_HOURS);
      idempotencyKeys += await this.idempotency.prune(ws);
      usageBuckets += await this.drain(ws, PRUNE_USAGE, USAGE_RETENTION_HOURS);
    }
    if (credentials || codes || idempotencyKeys || usageBuckets) this.log.info({ credentials, codes, idempotencyKeys, usageBuckets }, 'spent credentials, codes, idempotency keys and usage buckets deleted');
    return { credentials, codes, idempotencyKeys, usageBuckets };
  }

  private drain(ws: number, sql: string, age: number): Promise<number> {
    return deleteInBatches(this.uow, ws, sql, [age]);
  }
}
