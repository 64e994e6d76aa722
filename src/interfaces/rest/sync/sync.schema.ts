import { z } from 'zod';
import { example, f, listOf, named } from '../../../edge/openapi/schema';
import { DELETED_TYPES } from '../../../domain/crm/sync/deleted-records.service';

/** A tombstone: which record went, and when. */
export const DeletedRecord = named(
  'DeletedRecord',
  z.object({
    type: z.enum(DELETED_TYPES).meta({ description: 'the kind of record' }),
    id: f.id().meta({ description: 'id of the deleted record' }),
    deleted_at: f.timestamp(),
  }),
  { description: 'A deleted record (for sync clients).' },
);
const deletedExample = example(DeletedRecord, { type: 'task', id: 230, deleted_at: '2026-11-26T09:41:07' });

export const DeletedList = listOf('DeletedList', DeletedRecord, 'A page of deleted records, oldest first.');
example(DeletedList, { ok: true, items: [deletedExample, { type: 'activity', id: 1204, deleted_at: '2026-11-26T10:02:55' }], next_cursor: null });
