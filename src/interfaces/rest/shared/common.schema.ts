import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';

/** Spec 2.1: `owner`, `assignee`, `user`, `users[]`. `email` and `modules` only on the caller's own `user` (me, login). */
export const UserSummary = named(
  'UserSummary',
  z.object({
    id: f.id(),
    username: z.string(),
    full_name: z.string(),
    role: z.string().meta({ description: 'admin or sales' }),
    role_label: z.string().meta({ description: "the role in the workspace's language" }),
    email: z.string().optional().meta({ description: "only on the caller's own user (me, login)" }),
    modules: z.array(z.string()).optional().meta({ description: "licence modules on for the caller; only on the caller's own user" }),
  }),
  { description: 'User summary (spec 2.1).' },
);
export const userSummaryExample = example(UserSummary, { id: 7, username: 'ayse', full_name: 'Ayşe Demir', role: 'sales', role_label: 'Sales' });

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
