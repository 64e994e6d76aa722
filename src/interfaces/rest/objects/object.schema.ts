import { z } from 'zod';
import type { objectRecordView, objectTypeView } from '../../../domain/crm/objects/object.view';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import { FIELD_TYPES, RELATION_KINDS } from '../../../domain/crm/objects/objects.rules';

// ---------------------------------------------------------------- definitions

const KEY = 'lower-case letter, then lower-case letters, digits or _ (at most 40)';

export const CustomObjectField = named(
  'CustomObjectField',
  z.object({
    key: z.string().meta({ description: `the field's key in \`fields\`: ${KEY}` }),
    label: z.string(),
    type: z.enum(FIELD_TYPES),
    options: z.array(z.string()).meta({ description: 'the allowed values of select and multiselect fields; [] for the other types' }),
    required: z.boolean().meta({ description: 'a value is required' }),
    display: z.boolean().meta({ description: "shown in the record's subtitle (`sub`) and in lists" }),
  }),
  { description: 'A field of a custom object.' },
);
const sizeField = example(CustomObjectField, { key: 'size', label: 'Size', type: 'select', options: ['Small', 'Medium', 'Large'], required: true, display: true });

export const CustomObjectRelation = named(
  'CustomObjectRelation',
  z.object({
    key: z.string().meta({ description: `the relation's key in \`links\`: ${KEY}` }),
    label: z.string(),
    kind: z.enum(RELATION_KINDS).meta({ description: 'what it points at: companies, people, opportunities, or records of a custom object (`object`)' }),
    object: z.string().meta({ description: "the target object's key when kind is `object` (may be this object itself); '' otherwise" }),
    many: z.boolean().meta({ description: 'several targets (true) or at most one' }),
  }),
  { description: 'A relation of a custom object to other records.' },
);
const customerRelation = example(CustomObjectRelation, { key: 'customer', label: 'Customer', kind: 'company', object: '', many: false });

/** A custom object's definition (spec 2.10, 4.7). */
export const CustomObject = named(
  'CustomObject',
  z.object({
    key: z.string().meta({ description: `the object's key in paths (\`/objects/{key}/records\`); never changes. ${KEY}` }),
    label: z.string(),
    fields: z.array(CustomObjectField),
    relations: z.array(CustomObjectRelation),
  }),
  { description: "A custom object's definition: its fields and relations." },
);
export const customObjectExample = example(CustomObject, {
  key: 'sites',
  label: 'Sites',
  fields: [sizeField, { key: 'city', label: 'City', type: 'text', options: [], required: false, display: true }],
  relations: [customerRelation, { key: 'contacts', label: 'Contacts', kind: 'person', object: '', many: true }],
});

export const CustomObjectResponse = named('CustomObjectResponse', z.object({ ok: f.ok(), object: CustomObject }), { description: 'One custom object definition.' });
export const CustomObjectList = named('CustomObjectList', z.object({ ok: f.ok(), objects: z.array(CustomObject) }), {
  description: 'The custom objects of the workspace, oldest first.',
});

// ---------------------------------------------------------------- records

export const Money = named('Money', z.object({ amount: z.number().meta({ description: 'at most 2 decimal places' }), currency: z.string() }), {
  description: 'A money field value.',
  example: { amount: 250000, currency: 'EUR' },
});

/** The typed value of one field. */
export const FieldValue = named('CustomFieldValue', z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), Money]).nullable(), {
  description:
    'A field value, typed by the field type: text, date (YYYY-MM-DD) and select a string; number a number; person a user id; multiselect an array ' +
    'of options; checkbox a boolean; money {amount, currency}. Empty: null (checkbox false, multiselect []).',
  example: 'Large',
});

const RelationItem = z.object({ id: f.id(), name: z.string() });

export const CustomObjectRecordRelation = named(
  'CustomObjectRecordRelation',
  z.object({
    key: z.string().meta({ description: 'the relation key; on the `in` side `<object key>.<relation key>` of the object that points here' }),
    kind: z.enum(RELATION_KINDS),
    object: z.string().meta({ description: "kind object: the items' object key (the target object on the `out` side, the pointing object on the `in` side); '' otherwise" }),
    label: z.string(),
    target_label: z.string().meta({ description: 'what the items are (Companies, People, Opportunities, or an object label)' }),
    side: z.enum(['out', 'in']).meta({ description: 'out: defined on this object; in: another object pointing at this record' }),
    many: z.boolean(),
    items: z.array(RelationItem).meta({ description: 'the linked records the caller may see' }),
  }),
  { description: 'A relation of a custom object record with its linked records (spec 2.10).' },
);
const customerLinks = example(CustomObjectRecordRelation, {
  key: 'customer', kind: 'company', object: '', label: 'Customer', target_label: 'Companies', side: 'out', many: false, items: [{ id: 42, name: 'Anadolu Ambalaj A.Ş.' }],
});

/** Spec 2.10: the custom object record. */
export const CustomObjectRecord = named(
  'CustomObjectRecord',
  z.object({
    id: f.id(),
    name: z.string(),
    active: z.boolean().meta({ description: 'false = archived (spec 3.4)' }),
    owner: z.string().meta({ description: "the owner's name; '' when none" }),
    owner_id: f.id().nullable().meta({ description: 'null: no owner (everyone with the module sees the record, admins edit it)' }),
    editable: z.boolean().meta({ description: 'the caller may change this record' }),
    fields: z.record(z.string(), FieldValue).meta({ description: 'field key -> value, every field of the object' }),
    field_list: z.array(CustomObjectField.extend({ value: FieldValue })).meta({ description: "the object's fields in order, each with its value" }),
    customer: RelationItem.nullable().meta({ description: 'the first company linked through a company relation; null when none' }),
    relations: z.array(CustomObjectRecordRelation),
    sub: z.string().meta({ description: 'the values of the display fields, joined with " · "' }),
    updated_at: f.timestamp(),
    url: z.string().meta({ description: "the record's page in the CRM (relative)" }),
  }),
  { description: 'A custom object record (spec 2.10).' },
);
export const customObjectRecordExample = example(CustomObjectRecord, {
  id: 12,
  name: 'Bursa plant',
  active: true,
  owner: 'Ayşe Demir',
  owner_id: 7,
  editable: true,
  fields: { size: 'Large', city: 'Bursa' },
  field_list: [
    { ...sizeField, value: 'Large' },
    { key: 'city', label: 'City', type: 'text', options: [], required: false, display: true, value: 'Bursa' },
  ],
  customer: { id: 42, name: 'Anadolu Ambalaj A.Ş.' },
  relations: [customerLinks],
  sub: 'Large · Bursa',
  updated_at: '2026-11-20T16:45:03',
  url: '/objects/sites/12',
});

export const CustomObjectRecordResponse = named('CustomObjectRecordResponse', z.object({ ok: f.ok(), record: CustomObjectRecord }), { description: 'One custom object record.' });
export const CustomObjectRecordList = listOf('CustomObjectRecordList', CustomObjectRecord, 'A page of custom object records, newest first.');

/** The domain's read model is what these schemas document (src/domain/crm/objects/object.view.ts). */
export type CustomObjectViewFits = Assert<Conforms<ReturnType<typeof objectTypeView>, typeof CustomObject>>;
export type CustomObjectRecordViewFits = Assert<Conforms<ReturnType<typeof objectRecordView>, typeof CustomObjectRecord>>;
