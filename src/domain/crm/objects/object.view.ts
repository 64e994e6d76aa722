import { z } from 'zod';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { field, maskOf } from '../../../platform/common/record-fields';
import type { Page } from '../shared/paging';
import type { ObjectType } from './object-type.entity';
import type { RecordView } from './object-views';
import { emptyValue, FIELD_TYPES, RELATION_KINDS } from './objects.rules';

/**
 * The read model of custom objects (spec 2.10): an object's definition and one of its records, as the outside world
 * sees them, with their schemas. REST documents them (`src/interfaces/rest/objects/object.schema.ts`), exports write
 * the record, and MCP answers and describes the compact projections (below): a field is declared and mapped here once.
 */

const KEY = 'lower-case letter, then lower-case letters, digits or _ (at most 40)';

/** A field of a custom object (REST names it CustomObjectField). */
export const CustomObjectFieldSchema = z.object({
  key: z.string().meta({ description: `the field's key in \`fields\`: ${KEY}` }),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  options: z.array(z.string()).meta({ description: 'the allowed values of select and multiselect fields; [] for the other types' }),
  required: z.boolean().meta({ description: 'a value is required' }),
  display: z.boolean().meta({ description: "shown in the record's subtitle (`sub`) and in lists" }),
});
export const SIZE_FIELD_EXAMPLE: z.output<typeof CustomObjectFieldSchema> = { key: 'size', label: 'Size', type: 'select', options: ['Small', 'Medium', 'Large'], required: true, display: true };

/** A relation of a custom object (REST names it CustomObjectRelation). */
export const CustomObjectRelationSchema = z.object({
  key: z.string().meta({ description: `the relation's key in \`links\`: ${KEY}` }),
  label: z.string(),
  kind: z.enum(RELATION_KINDS).meta({ description: 'what it points at: companies, people, opportunities, or records of a custom object (`object`)' }),
  object: z.string().meta({ description: "the target object's key when kind is `object` (may be this object itself); '' otherwise" }),
  many: z.boolean().meta({ description: 'several targets (true) or at most one' }),
});
export const CUSTOMER_RELATION_EXAMPLE: z.output<typeof CustomObjectRelationSchema> = { key: 'customer', label: 'Customer', kind: 'company', object: '', many: false };

/** A custom object's definition (spec 2.10, 4.7; REST names it CustomObject). */
export const CustomObjectSchema = z.object({
  key: z.string().meta({ description: `the object's key in paths (\`/objects/{key}/records\`); never changes. ${KEY}` }),
  label: z.string(),
  fields: z.array(CustomObjectFieldSchema),
  relations: z.array(CustomObjectRelationSchema),
});
export const CUSTOM_OBJECT_EXAMPLE: z.output<typeof CustomObjectSchema> = {
  key: 'sites',
  label: 'Sites',
  fields: [SIZE_FIELD_EXAMPLE, { key: 'city', label: 'City', type: 'text', options: [], required: false, display: true }],
  relations: [CUSTOMER_RELATION_EXAMPLE, { key: 'contacts', label: 'Contacts', kind: 'person', object: '', many: true }],
};

/** A money field value (REST names it Money). */
export const MoneySchema = z.object({ amount: z.number().meta({ description: 'at most 2 decimal places' }), currency: z.string() });
export const MONEY_META = {
  description: 'A money field value.',
  example: { amount: 250000, currency: 'EUR' },
};

/** The typed value of one field (REST names it CustomFieldValue). */
export const FieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), MoneySchema]).nullable();
export const FIELD_VALUE_META = {
  description:
    'A field value, typed by the field type: text, date (YYYY-MM-DD) and select a string; number a number; person a user id; multiselect an array ' +
    'of options; checkbox a boolean; money {amount, currency}. Empty: null (checkbox false, multiselect []).',
  example: 'Large',
};

const RelationItemSchema = z.object({ id: field.id(), name: z.string() });

/** A relation of a record with its linked records (REST names it CustomObjectRecordRelation). */
export const CustomObjectRecordRelationSchema = z.object({
  key: z.string().meta({ description: 'the relation key; on the `in` side `<object key>.<relation key>` of the object that points here' }),
  kind: z.enum(RELATION_KINDS),
  object: z.string().meta({ description: "kind object: the items' object key (the target object on the `out` side, the pointing object on the `in` side); '' otherwise" }),
  label: z.string(),
  target_label: z.string().meta({ description: 'what the items are (Companies, People, Opportunities, or an object label)' }),
  side: z.enum(['out', 'in']).meta({ description: 'out: defined on this object; in: another object pointing at this record' }),
  many: z.boolean(),
  items: z.array(RelationItemSchema).meta({ description: 'the linked records the caller may see' }),
});
export const CUSTOMER_LINKS_EXAMPLE: z.output<typeof CustomObjectRecordRelationSchema> = {
  key: 'customer', kind: 'company', object: '', label: 'Customer', target_label: 'Companies', side: 'out', many: false, items: [{ id: 42, name: 'Anadolu Ambalaj A.Ş.' }],
};

/** Spec 2.10: the custom object record (REST names it CustomObjectRecord). */
export const CustomObjectRecordSchema = z.object({
  id: field.id(),
  name: z.string(),
  active: z.boolean().meta({ description: 'false = archived (spec 3.4)' }),
  owner: z.string().meta({ description: "the owner's name; '' when none" }),
  owner_id: field.id().nullable().meta({ description: 'null: no owner (everyone with the module sees the record, admins edit it)' }),
  editable: z.boolean().meta({ description: 'the caller may change this record' }),
  fields: z.record(z.string(), FieldValueSchema).meta({ description: 'field key -> value, every field of the object' }),
  field_list: z.array(CustomObjectFieldSchema.extend({ value: FieldValueSchema })).meta({ description: "the object's fields in order, each with its value" }),
  customer: RelationItemSchema.nullable().meta({ description: 'the first company linked through a company relation; null when none' }),
  relations: z.array(CustomObjectRecordRelationSchema),
  sub: z.string().meta({ description: 'the values of the display fields, joined with " · "' }),
  updated_at: field.timestamp(),
  url: z.string().meta({ description: "the record's page in the CRM (relative)" }),
});
export const CUSTOM_OBJECT_RECORD_EXAMPLE: z.output<typeof CustomObjectRecordSchema> = {
  id: 12,
  name: 'Bursa plant',
  active: true,
  owner: 'Ayşe Demir',
  owner_id: 7,
  editable: true,
  fields: { size: 'Large', city: 'Bursa' },
  field_list: [
    { ...SIZE_FIELD_EXAMPLE, value: 'Large' },
    { key: 'city', label: 'City', type: 'text', options: [], required: false, display: true, value: 'Bursa' },
  ],
  customer: { id: 42, name: 'Anadolu Ambalaj A.Ş.' },
  relations: [CUSTOMER_LINKS_EXAMPLE],
  sub: 'Large · Bursa',
  updated_at: '2026-11-20T16:45:03',
  url: '/objects/sites/12',
};

const relationDefs = (t: ObjectType) => t.relations.map((r) => ({ key: r.key, label: r.label, kind: r.kind, object: r.object, many: r.many }));

/** An object definition: key, label, fields and relations. */
export const objectTypeView = (t: ObjectType): z.output<typeof CustomObjectSchema> => ({
  key: t.key,
  label: t.label,
  fields: t.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, options: f.options, required: f.required, display: f.display })),
  relations: relationDefs(t),
});

/** The custom object record of spec 2.10. */
export function objectRecordView(v: RecordView, ws: Workspace): z.output<typeof CustomObjectRecordSchema> {
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
export const CustomObjectCompact = CustomObjectSchema.extend({
  fields: z.array(CustomObjectFieldSchema.omit(maskOf(['display']))).meta({ description: "the records' fields" }),
});

export const objectTypeCompact = (t: ObjectType): z.output<typeof CustomObjectCompact> => ({
  key: t.key,
  label: t.label,
  fields: t.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, options: f.options, required: f.required })),
  relations: relationDefs(t),
});

/** The compact record the tools answer: its object's key, the field values, relations with their items' names. */
export const CustomRecordCompact = CustomObjectRecordSchema.omit(maskOf(['owner', 'field_list', 'customer', 'sub', 'url'])).extend({
  object: z.string().meta({ description: 'object key' }),
  relations: z
    .array(CustomObjectRecordRelationSchema.omit(maskOf(['object', 'target_label', 'many'])))
    .meta({ description: "linked records (out: the record's own relation; in: another object's pointing at it)" }),
});

export const objectRecordCompact = (v: RecordView, ws: Workspace): z.output<typeof CustomRecordCompact> => ({
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
