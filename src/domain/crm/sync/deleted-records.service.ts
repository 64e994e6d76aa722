import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { MODULES } from '../../workspace/defaults';
import { AccessService } from '../shared/access.service';
import { applyTimeKeyset, finishTimePage, Page, sinceInstant } from '../shared/paging';
import { DeletedRecord } from './deleted-record.entity';

/** Record types that are hard-deleted and therefore have tombstones, with the module each needs. */
export const DELETED_TYPE_MODULES = {
  activity: MODULES.activities,
  task: MODULES.activities,
  calendar: MODULES.activities,
  // --- fair leads ---
  fair: MODULES.leads,
} as const;
export type DeletedType = keyof typeof DELETED_TYPE_MODULES;
export const DELETED_TYPES = Object.keys(DELETED_TYPE_MODULES) as DeletedType[];
/** Types whose records every user of the module saw (fairs): their tombstones are visible to all of them. */
const SHARED_TYPES: DeletedType[] = ['fair'];

export interface Tombstone {
  workspaceId: number;
  type: DeletedType;
  recordId: number;
  ownerId: number;
  /** Users through whom the record was visible (owner, assignee, attendees). */
  userIds: number[];
}

export interface DeletedQuery {
  since?: string;
  type?: DeletedType;
  limit?: number;
  cursor?: string;
}

/**
 * Deletions for sync clients. Activities, tasks and calendar entries are deleted for good; their
 * delete writes a tombstone in the same unit of work (`record`), and `list` serves them oldest first,
 * keyset-paged on (deleted_at, id) like the lists' sort=update. Companies and people are archived
 * (active: false), which a sync sees through their updated_at.
 */
@Injectable()
export class DeletedRecordsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
  ) {}

  /** Writes the tombstone of a record deleted in the open unit of work. */
  async record(t: Tombstone): Promise<void> {
    const userIds = [...new Set([t.ownerId, ...t.userIds])];
    await this.uow.tenant(t.workspaceId).insert(DeletedRecord, { recordType: t.type, recordId: t.recordId, ownerId: t.ownerId, userIds });
  }

  /**
   * Tombstones the caller may see: admins all; others those of records whose owner (or task assignee,
   * or calendar attendee) is the caller or in the caller's team, as for the records themselves. Only
   * types whose module the caller has (403 `module` for a type asked for explicitly, or when none is on).
   */
  async list(auth: UserContext, q: DeletedQuery): Promise<Page<DeletedRecord>> {
    const types = this.allowedTypes(auth, q.type);
    const since = q.since ? sinceInstant(q.since, auth.workspace.timezone, 'since') : undefined;
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(DeletedRecord, 'd');
    if (types.length < DELETED_TYPES.length) qb.andWhere('d.record_type IN (:...types)', { types });
    if (visible) qb.andWhere('(d.user_ids && CAST(:visible AS int[]) OR d.record_type IN (:...shared))', { visible, shared: SHARED_TYPES });
    const limit = applyTimeKeyset(qb, 'd', 'deleted_at', { limit: q.limit, cursor: q.cursor, since });
    return finishTimePage(await qb.getMany(), limit, (r) => r.deletedAt);
  }

  private allowedTypes(auth: UserContext, type: DeletedType | undefined): DeletedType[] {
    const has = (t: DeletedType) => auth.modules.includes(DELETED_TYPE_MODULES[t]);
    if (type !== undefined) {
      if (!has(type)) throw new DomainError('module', `deleted ${type} records need the ${DELETED_TYPE_MODULES[type]} module, which is off in the licence or for this user`);
      return [type];
    }
    const types = DELETED_TYPES.filter(has);
    if (!types.length) throw new DomainError('module', `deleted records need one of the modules ${[...new Set(Object.values(DELETED_TYPE_MODULES))].join(', ')}`);
    return types;
  }
}
