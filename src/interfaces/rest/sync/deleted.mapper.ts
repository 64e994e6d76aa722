import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { Page } from '../../../domain/crm/shared/paging';
import type { DeletedRecord } from '../../../domain/crm/sync/deleted-record.entity';
import type { DeletedType } from '../../../domain/crm/sync/deleted-records.service';
import type { DeletedList, DeletedRecord as DeletedRecordSchema } from './sync.schema';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { listResponse } from '../shared/common.mapper';

/** A tombstone: which record went, and when (workspace local time). */
export const toDeleted = (d: DeletedRecord, ws: Workspace): z.output<typeof DeletedRecordSchema> => ({
  // record_type holds one of DELETED_TYPES (the service writes them)
  type: d.recordType as DeletedType,
  id: d.recordId,
  deleted_at: formatTimestamp(d.deletedAt, ws.timezone),
});

export const toDeletedList = (page: Page<DeletedRecord>, ws: Workspace): z.output<typeof DeletedList> =>
  listResponse(
    page.items.map((d) => toDeleted(d, ws)),
    page.nextCursor,
  );
