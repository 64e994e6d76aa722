import type { UnitOfWork } from '../../../platform/database/unit-of-work';

/** Phases a worker carries out; a job in one of these states with no live lease is free to claim. */
export const WORKED_STATES = ['validating', 'running', 'reverting'];

/**
 * Claims one import job of any workspace whose lease is free or expired (its instance died), for
 * `leaseSeconds`: one statement, `FOR UPDATE SKIP LOCKED`, so two instances never claim the same job.
 * Spans workspaces (listed in ACROSS_WORKSPACES, eslint.config.mjs); everything after the claim goes
 * through the job's own workspace.
 */
export async function claimImportJob(uow: UnitOfWork, owner: string, leaseSeconds: number): Promise<{ workspaceId: number; id: number } | null> {
  return uow.runDetached(async () => {
    const res: unknown = await uow.acrossWorkspaces().sql(
      `WITH c AS (SELECT workspace_id, id FROM import_jobs WHERE state = ANY($3::varchar[]) AND (lease_until IS NULL OR lease_until < now())
                  ORDER BY lease_until NULLS FIRST, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       UPDATE import_jobs j SET lease_owner = $1, lease_until = now() + make_interval(secs => $2) FROM c
       WHERE j.workspace_id = c.workspace_id AND j.id = c.id RETURNING j.workspace_id, j.id`,
      [owner, leaseSeconds, WORKED_STATES],
    );
    const r = res as unknown[];
    const rows = (r.length === 2 && Array.isArray(r[0]) && typeof r[1] === 'number' ? r[0] : r) as { workspace_id: number; id: number }[];
    return rows[0] ? { workspaceId: rows[0].workspace_id, id: rows[0].id } : null;
  });
}
