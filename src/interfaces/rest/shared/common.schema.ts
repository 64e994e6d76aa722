import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { USER_SUMMARY_EXAMPLE, UserSummarySchema } from '../../../domain/identity/user.view';
import { LINKED_RECORDS_EXAMPLE, LinkedRecordsSchema } from '../../../domain/crm/objects';

/** Spec 2.1: `owner`, `assignee`, `user`, `users[]`. `email` and `modules` only on the caller's own `user` (me, login). */
export const UserSummary = named('UserSummary', UserSummarySchema, { description: 'User summary (spec 2.1).' });
export const userSummaryExample = example(UserSummary, USER_SUMMARY_EXAMPLE);

/** `{ok: true}`: the answer of a write that returns no record (archive, delete, logout). */
export const OkResponse = named('OkResponse', z.object({ ok: f.ok() }), { description: 'Done.', example: { ok: true } });

/** Custom object records linked to a company, person or opportunity, grouped by object and relation. */
export const LinkedRecords = named('LinkedRecords', LinkedRecordsSchema, {
  description: 'Custom object records linked to this record, by object and relation (spec 2.10).',
});
export const linkedRecordsExample = example(LinkedRecords, LINKED_RECORDS_EXAMPLE);
