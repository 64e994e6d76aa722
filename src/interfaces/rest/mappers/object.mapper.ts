import { formatTimestamp } from '../../../platform/common/time';
import type { LinkedRecords, ObjectRecordPage } from '../../../domain/crm/objects/object-records.service';
import { emptyValue } from '../../../domain/crm/objects/objects.rules';
import type { ObjectType } from '../../../domain/crm/objects/object-type.entity';
import type { RecordView } from '../../../domain/crm/objects/object-views';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { listResponse } from './common.mapper';
import type { z } from 'zod';
import type { LinkedRecords as LinkedRecordsSchema } from '../schemas/common.schema';
import type { CustomObject, CustomObjectRecord, CustomObjectRecordList, CustomObjectRecordResponse } from '../schemas/object.schema';

/** An object definition: key, label, fields and relations. */
export const toObjectType = (t: ObjectType): z.output<typeof CustomObject> => ({
  key: t.key,
  label: t.label,
  fields: t.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, options: f.options, required: f.required, display: f.display })),
  relations: t.relations.map((r) => ({ key: r.key, label: r.label, kind: r.kind, object: r.object, many: r.many })),
});

/** `objects` of a company, person or opportunity record: the custom records linking to it, by object and relation. */
export const toLinkedRecords = (groups: LinkedRecords[]): z.output<typeof LinkedRecordsSchema> =>
  groups.map((g) => ({ key: g.key, label: g.label, relation: g.relation, relation_label: g.relationLabel, items: g.items.map((i) => ({ id: i.id, name: i.name, active: i.active })) }));

/** The custom object record of spec 2.10. */
export function toObjectRecord(v: RecordView, ws: Workspace): z.output<typeof CustomObjectRecord> {
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

export const toObjectRecordResponse = (v: RecordView, ws: Workspace): z.output<typeof CustomObjectRecordResponse> => ({ ok: true as const, record: toObjectRecord(v, ws) });

export const toObjectRecordList = (page: ObjectRecordPage, ws: Workspace): z.output<typeof CustomObjectRecordList> =>
  listResponse(
    page.items.map((v) => toObjectRecord(v, ws)),
    page.nextCursor,
  );
