import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { USER_SUMMARY_EXAMPLE, UserSummarySchema } from '../../../domain/identity/user.view';

/** Spec 2.1: `owner`, `assignee`, `user`, `users[]`. `email` and `modules` only on the caller's own `user` (me, login). */
export const UserSummary = named('UserSummary', UserSummarySchema, { description: 'User summary (spec 2.1).' });
export const userSummaryExample = example(UserSummary, USER_SUMMARY_EXAMPLE);

/** `{ok: true}`: the answer of a write that returns no record (archive, delete, logout). */
export const OkResponse = named('OkResponse', z.object({ ok: f.ok() }), { description: 'Done.', example: { ok: true } });

/** Custom object records linked to a company, person or opportunity, grouped by object and relation. */
export const LinkedRecords = named(
  'LinkedRecords',
  z.array(
    z.object({
      key: z.string().meta({ description: 'object key' }),
      label: z.string(),
      relation: z.string(),
      relation_label: z.string(),
      items: z.array(z.object({ id: f.id(), name: z.string(), active: z.boolean() })),
    }),
  ),
  { description: 'Custom object records linked to this record, by object and relation (spec 2.10).' },
);
export const linkedRecordsExample = example(LinkedRecords, [{ key: 'machines', label: 'Machines', relation: 'customer', relation_label: 'Customer', items: [{ id: 12, name: 'Extruder 3', active: true }] }]);
