import type { LinkedRecords } from './object-records.service';

/** `objects` of a company, person or opportunity record: the custom records linking to it, by object and relation. */
export const linkedRecordsView = (groups: LinkedRecords[]) =>
  groups.map((g) => ({ key: g.key, label: g.label, relation: g.relation, relation_label: g.relationLabel, items: g.items.map((i) => ({ id: i.id, name: i.name, active: i.active })) }));
