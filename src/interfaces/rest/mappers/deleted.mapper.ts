import { formatTimestamp } from '../../../platform/common/time';
import type { Page } from '../../../domain/crm/shared/paging';
import type { DeletedRecord } from '../../../domain/crm/sync/deleted-record.entity';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { listResponse } from './common.mapper';

/** A tombstone: which record went, and when (workspace local time). */
export const toDeleted = (d: DeletedRecord, ws: Workspace) => ({ type: d.recordType, id: d.recordId, deleted_at: formatTimestamp(d.deletedAt, ws.timezone) });

export const toDeletedList = (page: Page<DeletedRecord>, ws: Workspace) =>
  listResponse(
    page.items.map((d) => toDeleted(d, ws)),
    page.nextCursor,
  );
