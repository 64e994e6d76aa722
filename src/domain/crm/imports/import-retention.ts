import { Inject, Injectable } from '@nestjs/common';
import type pino from 'pino';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { ROOT_LOGGER } from '../../../platform/common/logger';
import { deleteInBatches, HousekeepingJob } from '../../../platform/database/housekeeping';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { WorkspaceService } from '../../workspace/workspace.service';

/** Days an uploaded file is kept once its job has ended (nothing reads it after the run; the revert reads the job's rows). */
export const IMPORT_FILE_DAYS = 7;
/** Days an ended job (its rows, refused-rows download and revert) is kept after it ended: twice the revert window. */
export const IMPORT_JOB_DAYS = 60;
/** Days a job never run (uploaded, mapped or checked) is kept after its last change, its file with it. */
export const IMPORT_ABANDONED_DAYS = 30;

const ENDED = `('completed', 'failed', 'cancelled', 'reverted')`;
const NEVER_RUN = `('uploaded', 'mapped', 'validated')`;
/** The jobs past retention: ended ($2 days) or never run ($3 days). */
const EXPIRED = `
  SELECT id FROM import_jobs
   WHERE workspace_id = $1
     AND ((state IN ${ENDED} AND coalesce(finished_at, updated_at) < now() - make_interval(days => $2))
       OR (state IN ${NEVER_RUN} AND updated_at < now() - make_interval(days => $3)))`;

const PRUNE_ROWS = `
  WITH gone AS (SELECT r.id FROM import_rows r WHERE r.workspace_id = $1 AND r.job_id IN (${EXPIRED}) LIMIT $4),
  d AS (DELETE FROM import_rows r USING gone WHERE r.workspace_id = $1 AND r.id = gone.id RETURNING 1)
  SELECT count(*)::int AS n FROM d`;
const PRUNE_FILES = `
  WITH gone AS (
    SELECT f.id FROM import_files f JOIN import_jobs j ON j.workspace_id = f.workspace_id AND j.id = f.job_id
     WHERE f.workspace_id = $1
       AND (f.job_id IN (${EXPIRED}) OR (j.state IN ${ENDED} AND coalesce(j.finished_at, j.updated_at) < now() - make_interval(days => $4)))
     LIMIT $5),
  d AS (DELETE FROM import_files f USING gone WHERE f.workspace_id = $1 AND f.id = gone.id RETURNING 1)
  SELECT count(*)::int AS n FROM d`;
// after their rows and files: a job row goes last, so a round cut short leaves no row without its job
const PRUNE_JOBS = `
  WITH gone AS (${EXPIRED} LIMIT $4),
  d AS (DELETE FROM import_jobs j USING gone WHERE j.workspace_id = $1 AND j.id = gone.id RETURNING 1)
  SELECT count(*)::int AS n FROM d`;

/**
 * Import retention (docs/decisions/import.md, "Retention"), every HOUSEKEEPING_MINUTES like the other
 * housekeeping jobs: uploaded files IMPORT_FILE_DAYS after their job ended, ended jobs with their rows
 * IMPORT_JOB_DAYS after they ended, jobs never run IMPORT_ABANDONED_DAYS after their last change. A job at
 * work (validating, running, reverting) is never touched. Idempotent, so every instance may run it.
 */
@Injectable()
export class ImportRetention extends HousekeepingJob {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {
    super(config, log, 'import retention');
  }

  round(): Promise<unknown> {
    return this.prune();
  }

  /** One round: what it deleted. */
  async prune(): Promise<{ rows: number; files: number; jobs: number }> {
    const out = { rows: 0, files: 0, jobs: 0 };
    for (const ws of await this.workspaces.ids()) {
      out.rows += await deleteInBatches(this.uow, ws, PRUNE_ROWS, [IMPORT_JOB_DAYS, IMPORT_ABANDONED_DAYS]);
      out.files += await deleteInBatches(this.uow, ws, PRUNE_FILES, [IMPORT_JOB_DAYS, IMPORT_ABANDONED_DAYS, IMPORT_FILE_DAYS]);
      out.jobs += await deleteInBatches(this.uow, ws, PRUNE_JOBS, [IMPORT_JOB_DAYS, IMPORT_ABANDONED_DAYS]);
    }
    if (out.rows || out.files || out.jobs) this.log.info(out, 'import files and jobs past retention deleted');
    return out;
  }
}
