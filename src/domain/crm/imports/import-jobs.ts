import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { WorkspaceService } from '../../workspace/workspace.service';
import { ObjectTypesService } from '../objects';
import { ImportJob, ImportRow, TargetCounts } from './import-job.entity';
import { BuiltinTarget, FieldDef, FIELDS, objectFields, objectKeyOf, Target } from './import-targets';
import type { RowOutcome } from './import-writer';

/** Shared by the service and the worker: the acting user of a job, its row log and its counts. */
@Injectable()
export class ImportJobs {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly objectTypes: ObjectTypesService,
  ) {}

  /** A target's fields: a built-in list, or a custom object's from its definition (404 for an object the workspace has not). */
  async targetDefs(auth: UserContext, target: Target): Promise<{ defs: FieldDef[]; objectTypeId?: number }> {
    const key = objectKeyOf(target);
    if (key === null) return { defs: FIELDS[target as BuiltinTarget] };
    const type = (await this.objectTypes.list(auth)).find((t) => t.key === key);
    if (!type) throw new DomainError('not_found', 'object not found');
    return { defs: objectFields(type.fields), objectTypeId: type.id };
  }

  /** The workspace's custom objects' importable fields, per `object:<key>` target (for suggestions). */
  async objectTargets(auth: UserContext): Promise<Record<string, FieldDef[]>> {
    const out: Record<string, FieldDef[]> = {};
    for (const t of await this.objectTypes.list(auth)) out[`object:${t.key}`] = objectFields(t.fields);
    return out;
  }

  /** The importing user as a caller, the way the credential guard builds one: the job writes what that user may. */
  async authOf(job: ImportJob): Promise<UserContext> {
    const [ws] = await this.workspaces.byIds([job.workspaceId]);
    const user = await this.uow.tenant(job.workspaceId).byId(User, job.userId);
    if (!ws || !user || !user.active) throw new DomainError('forbidden', 'the importing user is no longer active');
    const licensed = this.workspaces.licensedModules(ws);
    return { workspace: ws, user, credential: { id: 0, kind: 'api', scopes: ['crm.read', 'crm.write'] }, modules: licensed.filter((m) => user.modules.includes(m)) };
  }

  /** The job, locked for the rest of the transaction; null when it is no longer this instance's to work on. */
  async lockOwned(workspaceId: number, id: number, owner: string, state: string): Promise<ImportJob | null> {
    const job = await this.uow.tenant(workspaceId).byId(ImportJob, id, true);
    return job && job.state === state && job.leaseOwner === owner ? job : null;
  }

  async saveRows(workspaceId: number, jobId: number, phase: string, outcomes: RowOutcome[]): Promise<void> {
    const kept = outcomes.filter((o) => o.outcome !== 'skipped' && (phase === 'run' || o.outcome === 'refused'));
    if (!kept.length) return;
    await this.uow.tenant(workspaceId).insertMany(
      ImportRow,
      kept.map((o): Partial<ImportRow> => ({
        jobId,
        phase,
        rowNo: o.rowNo,
        target: o.target,
        outcome: o.outcome,
        recordId: o.recordId ?? null,
        before: o.before ?? null,
        afterAt: o.afterAt ?? null,
        errors: o.errors ? o.errors.map((e) => ({ ...e })) : null,
        cells: o.cells ?? null,
      })),
    );
  }
}

export const emptyCounts = (): { created: number; updated: number; skipped: number; refused: number } => ({ created: 0, updated: 0, skipped: 0, refused: 0 });

/** Counts with a batch's outcomes added. */
export function addCounts(counts: TargetCounts | null, outcomes: RowOutcome[], targets: string[]): TargetCounts {
  const out: TargetCounts = {};
  for (const t of targets) out[t] = { ...emptyCounts(), ...(counts?.[t] ?? {}) };
  for (const o of outcomes) {
    out[o.target] ??= emptyCounts();
    out[o.target]![o.outcome]++;
  }
  return out;
}
