import { Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { DomainError } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { CompaniesService } from '../companies';
import { OpportunitiesService } from '../opportunities';
import { PeopleService } from '../people';
import { ImportJob, ImportRow } from './import-job.entity';
import { ImportJobs } from './import-jobs';
import { ImportMoreTargets } from './import-more-targets';
import { objectKeyOf, Target } from './import-targets';
import { entityOf } from './import-writer';

const BATCH = 100;
/** At most this many records left alone are listed on the job (all are counted). */
const MAX_LISTED = 1000;

/** Where other records point at a company or a person: a created record that is pointed at since is in use, not deleted. */
const REFERENCES: Record<string, [string, string, boolean][]> = {
  companies: [
    ['people', 'customer_id', false],
    ['opportunities', 'customer_id', false],
    ['activities', 'customer_id', false],
    ['tasks', 'customer_id', false],
    ['calendar_entries', 'customer_id', false],
    ['leads', 'customer_id', false],
    ['orders', 'customer_id', false],
    ['tickets', 'customer_id', false],
    ['email_threads', 'customer_id', false],
  ],
  people: [
    ['tasks', 'person_id', false],
    ['tickets', 'person_id', false],
    ['activities', 'person_ids', true],
    ['calendar_entries', 'person_ids', true],
  ],
  opportunities: [
    ['activities', 'opp_id', false],
    ['tasks', 'opp_id', false],
    ['calendar_entries', 'opp_id', false],
    ['leads', 'opp_id', false],
    ['orders', 'opp_id', false],
    ['email_threads', 'opp_id', false],
  ],
};
/** Rows that belong to a record and go with it (an opportunity's stage log and checklist, written by its create). */
const OWN_ROWS: Record<string, [string, string][]> = { opportunities: [['opp_logs', 'opp_id'], ['opp_steps', 'opp_id']] };

interface RevertState {
  deleted: number;
  restored: number;
  kept_count: number;
  kept: { target: string; id: number; row: number; reason: string }[];
  /** The import_rows id below which rows are done (rows are undone newest first: a person before the company made for it). */
  before_id: number | null;
}

/**
 * The revert job (within 30 days): records the run created are deleted, records it updated get the
 * previous values back through the same domain service, as the user who reverts; a record changed since
 * the import (its updated_at moved) or pointed at by a record made since is listed and left alone.
 */
@Injectable()
export class ImportReverter {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly jobs: ImportJobs,
    private readonly companies: CompaniesService,
    private readonly people: PeopleService,
    private readonly opportunities: OpportunitiesService,
    private readonly more: ImportMoreTargets,
  ) {}

  async work(auth: UserContext, job: ImportJob, owner: string, leaseSeconds: number, maxBatches: number): Promise<void> {
    for (let n = 0; n < maxBatches; n++) {
      const more = await this.uow.runDetached(async () => {
        const current = await this.jobs.lockOwned(job.workspaceId, job.id, owner, 'reverting');
        if (!current) return false;
        const db = this.uow.tenant(job.workspaceId);
        const st = { deleted: 0, restored: 0, kept_count: 0, kept: [], before_id: null, ...(current.revert ?? {}) } as RevertState;
        const rows = await db.find(ImportRow, {
          where: { jobId: job.id, phase: 'run', ...(st.before_id ? { id: LessThan(st.before_id) } : {}) },
          order: { id: 'DESC' },
          take: BATCH,
        });
        for (const r of rows) {
          if (r.outcome === 'created' || r.outcome === 'updated') await this.undo(auth, r, st);
          st.before_id = r.id;
        }
        const done = rows.length < BATCH;
        const patch: Partial<ImportJob> = done
          ? { revert: { ...st }, state: 'reverted', leaseOwner: null, leaseUntil: null }
          : { revert: { ...st }, leaseUntil: new Date(Date.now() + leaseSeconds * 1000) };
        await db.update(ImportJob, { id: job.id }, patch);
        if (done) {
          await this.uow.audit({ workspaceId: job.workspaceId, action: 'import_reverted', userId: auth.user.id, subject: `import ${job.id}`, detail: { job: job.id, file_name: job.fileName, deleted: st.deleted, restored: st.restored, kept: st.kept_count } });
        }
        return !done;
      });
      if (!more) return;
    }
  }

  private async undo(auth: UserContext, r: ImportRow, st: RevertState): Promise<void> {
    const keep = (reason: string) => {
      st.kept_count++;
      if (st.kept.length < MAX_LISTED) st.kept.push({ target: r.target, id: r.recordId!, row: r.rowNo, reason });
    };
    const db = this.uow.tenant(auth.workspace.id);
    const target = r.target as Target;
    const entity = entityOf(target);
    const record = await db.byId<{ id: number; workspaceId: number; updatedAt: Date }>(entity, r.recordId!, true);
    if (!record) return keep('gone');
    if (!r.afterAt || record.updatedAt.getTime() !== new Date(r.afterAt).getTime()) return keep('changed since the import');
    try {
      await this.uow.savepoint(async () => {
        if (r.outcome === 'created') {
          if (await this.inUse(auth.workspace.id, r.target, record.id)) throw new DomainError('conflict', 'in use by records made since the import');
          if (['companies', 'people', 'opportunities'].includes(target)) {
            for (const [table, column] of OWN_ROWS[r.target] ?? []) await db.sql(`DELETE FROM ${table} WHERE workspace_id = $1 AND ${column} = $2`, [record.id]);
            await db.delete(entity, { id: record.id });
          } else await this.more.remove(auth, target, record.id);
          st.deleted++;
        } else {
          const before = r.before ?? {};
          if (r.target === 'companies') await this.companies.update(auth, record.id, before);
          else if (r.target === 'opportunities') await this.opportunities.update(auth, record.id, before);
          else if (r.target === 'people') await this.people.update(auth, record.id, before);
          else await this.more.patch(auth, target, record.id, before);
          st.restored++;
        }
      });
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      keep(e.message.slice(0, 200));
    }
  }

  private async inUse(workspaceId: number, target: string, id: number): Promise<boolean> {
    // a custom record another record links to since the import is in use
    if (objectKeyOf(target as Target) !== null) {
      const linked = await this.uow.tenant(workspaceId).sql(`SELECT 1 FROM object_links WHERE workspace_id = $1 AND target_kind = 'object' AND target_id = $2 LIMIT 1`, [id]);
      if (linked.length) return true;
    }
    for (const [table, column, array] of REFERENCES[target] ?? []) {
      const cond = array ? `$2 = ANY(${column})` : `${column} = $2`;
      const rows = await this.uow.tenant(workspaceId).sql(`SELECT 1 FROM ${table} WHERE workspace_id = $1 AND ${cond} LIMIT 1`, [id]);
      if (rows.length) return true;
    }
    return false;
  }
}
