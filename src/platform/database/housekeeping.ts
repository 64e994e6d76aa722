import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type pino from 'pino';
import type { AppConfig } from '../config/app-config';
import { PeriodicJob } from '../common/periodic-job';
import type { UnitOfWork } from './unit-of-work';

/** Rows deleted per statement by `deleteInBatches` (each its own short transaction). */
export const HOUSEKEEPING_BATCH = 5000;

/**
 * A housekeeping job: `round()` every HOUSEKEEPING_MINUTES on each instance (0 = off; tests call the round
 * directly), never two rounds at once, a failed round logged, and shutdown waits for a running one. A
 * subclass injects what its round needs and hands config, logger and a name to this constructor.
 */
export abstract class HousekeepingJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job = new PeriodicJob(
    () => this.round(),
    (e) => this.logger.warn({ err: e }, `${this.jobName} round failed`),
  );

  protected constructor(
    private readonly housekeepingConfig: Pick<AppConfig, 'housekeepingMinutes'>,
    private readonly logger: pino.Logger,
    private readonly jobName: string,
  ) {}

  /** One round (tests call it). */
  abstract round(): Promise<unknown>;

  onApplicationBootstrap(): void {
    this.job.start(this.housekeepingConfig.housekeepingMinutes * 60_000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }
}

/**
 * Runs a deleting statement of one workspace until it deletes fewer than a batch: `sql` takes the
 * workspace as `$1`, `params` as `$2…` and the batch size last, and answers `n`, the rows it deleted.
 * Each batch is its own short unit of work, so no statement holds locks for long. Returns the total.
 */
export async function deleteInBatches(uow: UnitOfWork, workspaceId: number, sql: string, params: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ n }] = await uow.runDetached(() => uow.tenant(workspaceId).sql<{ n: number }>(sql, [...params, HOUSEKEEPING_BATCH]));
    total += n;
    if (n < HOUSEKEEPING_BATCH) return total;
  }
}
