import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import type { Page } from '../shared/paging';
import type { ObjectType } from './object-type.entity';
import type { RecordView } from './object-views';
import { emptyValue } from './objects.rules';

/**
 * The read model of custom objects (spec 2.10): an object's definition and one of its records, as the outside world
 * sees them. REST answers and documents them (`src/interfaces/rest/objects/object.schema.ts`, checked against these
 * shapes by tsc), exports write the record, and MCP answers the compact projections (below).
 */

const relationDefs = (t: ObjectType) => t.relations.map((r) => ({ key: r.key, label: r.label, kind: r.kind, object: r.object, many: r.many }));

/** An object definition: key, label, fields and relations. */
export const objectTypeView = (t: ObjectType) => ({
  key: t.key,
  label: t.label,
  fields: t.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, options: f.options, required: f.required, display: f.display })),
  relations: relationDefs(t),
});

/** The custom object record of spec 2.10. */
export function objectRecordView(v: RecordView, ws: Workspace) {
  const { record: r, type } = v;
  const field_list = type.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, display: f.display, options: f.options, required: f.required, value: r.data[f.key] ?? emptyValue(f) }));
  return {
    id: r.id,
    name: r.name,
    active: r.active,
    owner: v.owner?.fullName ?? '',
    owner_id: r.ownerId,
    editable: v.editable,
    fields: Object.fromEntries(field_list.map((f) => [f.key, f.value])),
    field_list,
    customer: v.customer,
    relations: v.relations,
    sub: v.sub,
    updated_at: formatTimestamp(r.updatedAt, ws.timezone),
    url: `/objects/${type.key}/${r.id}`,
  };
}

/** A page of records, in the order the page holds them. */
export const objectRecordPageView = (page: Page<RecordView>, ws: Workspace) => page.items.map((v) => objectRecordView(v, ws));

/** The compact definition the tools answer: no display hints. */
export const objectTypeCompact = (t: ObjectType) => ({
  key: t.key,
  label: t.label,
  fields: t.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, options: f.options, required: f.required })),
  relations: relationDefs(t),
});

/** The compact record the tools answer: its object's key, the field values, relations with their items' names. */
export const objectRecordCompact = (v: RecordView, ws: Workspace) => ({
  id: v.record.id,
  object: v.type.key,
  name: v.record.name,
  active: v.record.active,
  owner_id: v.record.ownerId,
  editable: v.editable,
  fields: Object.fromEntries(v.type.fields.map((f) => [f.key, v.record.data[f.key] ?? emptyValue(f)])),
  relations: v.relations.map((r) => ({ key: r.key, label: r.label, kind: r.kind, side: r.side, items: r.items.map((i) => ({ id: i.id, name: i.name })) })),
  updated_at: formatTimestamp(v.record.updatedAt, ws.timezone),
});
