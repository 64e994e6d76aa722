import { z } from 'zod';
import {
  CUSTOM_OBJECT_EXAMPLE,
  CUSTOM_OBJECT_RECORD_EXAMPLE,
  CUSTOMER_LINKS_EXAMPLE,
  CUSTOMER_RELATION_EXAMPLE,
  CustomObjectFieldSchema,
  CustomObjectRecordRelationSchema,
  CustomObjectRecordSchema,
  CustomObjectRelationSchema,
  CustomObjectSchema,
  FIELD_VALUE_META,
  FieldValueSchema,
  MONEY_META,
  MoneySchema,
  SIZE_FIELD_EXAMPLE,
} from '../../../domain/crm/objects/object.view';
import { example, f, listOf, named } from '../../../edge/openapi/schema';

/** The custom objects' schemas are their read model's (src/domain/crm/objects/object.view.ts), named here for the document. */

// ---------------------------------------------------------------- definitions

export const CustomObjectField = named('CustomObjectField', CustomObjectFieldSchema, { description: 'A field of a custom object.' });
example(CustomObjectField, SIZE_FIELD_EXAMPLE);

export const CustomObjectRelation = named('CustomObjectRelation', CustomObjectRelationSchema, { description: 'A relation of a custom object to other records.' });
example(CustomObjectRelation, CUSTOMER_RELATION_EXAMPLE);

export const CustomObject = named('CustomObject', CustomObjectSchema, { description: "A custom object's definition: its fields and relations." });
export const customObjectExample = example(CustomObject, CUSTOM_OBJECT_EXAMPLE);

export const CustomObjectResponse = named('CustomObjectResponse', z.object({ ok: f.ok(), object: CustomObject }), { description: 'One custom object definition.' });
export const CustomObjectList = named('CustomObjectList', z.object({ ok: f.ok(), objects: z.array(CustomObject) }), {
  description: 'The custom objects of the workspace, oldest first.',
});

// ---------------------------------------------------------------- records

export const Money = named('Money', MoneySchema, MONEY_META);

export const FieldValue = named('CustomFieldValue', FieldValueSchema, FIELD_VALUE_META);

export const CustomObjectRecordRelation = named('CustomObjectRecordRelation', CustomObjectRecordRelationSchema, { description: 'A relation of a custom object record with its linked records (spec 2.10).' });
example(CustomObjectRecordRelation, CUSTOMER_LINKS_EXAMPLE);

export const CustomObjectRecord = named('CustomObjectRecord', CustomObjectRecordSchema, { description: 'A custom object record (spec 2.10).' });
export const customObjectRecordExample = example(CustomObjectRecord, CUSTOM_OBJECT_RECORD_EXAMPLE);

export const CustomObjectRecordResponse = named('CustomObjectRecordResponse', z.object({ ok: f.ok(), record: CustomObjectRecord }), { description: 'One custom object record.' });
export const CustomObjectRecordList = listOf('CustomObjectRecordList', CustomObjectRecord, 'A page of custom object records, newest first.');
