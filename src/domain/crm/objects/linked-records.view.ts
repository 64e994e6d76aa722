import { z } from 'zod';
import { field } from '../../../platform/common/record-fields';
import type { LinkedRecords } from './object-records.service';

/** `objects` of a company, person or opportunity record (REST names it LinkedRecords). */
export const LinkedRecordsSchema = z.array(
  z.object({
    key: z.string().meta({ description: 'object key' }),
    label: z.string(),
    relation: z.string(),
    relation_label: z.string(),
    items: z.array(z.object({ id: field.id(), name: z.string(), active: z.boolean() })),
  }),
);
export const LINKED_RECORDS_EXAMPLE: z.output<typeof LinkedRecordsSchema> = [
  { key: 'machines', label: 'Machines', relation: 'customer', relation_label: 'Customer', items: [{ id: 12, name: 'Extruder 3', active: true }] },
];

/** `objects` of a company, person or opportunity record: the custom records linking to it, by object and relation. */
export const linkedRecordsView = (groups: LinkedRecords[]): z.output<typeof LinkedRecordsSchema> =>
  groups.map((g) => ({ key: g.key, label: g.label, relation: g.relation, relation_label: g.relationLabel, items: g.items.map((i) => ({ id: i.id, name: i.name, active: i.active })) }));
