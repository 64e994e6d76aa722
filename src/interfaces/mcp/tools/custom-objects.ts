import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { flag, id, limit, name, text } from '../mcp.args';
import { objectRecordCompact, objectTypeCompact } from '../../../domain/crm/objects/object.view';
import { CustomObject, CustomRecord } from '../mcp.crm-outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { ObjectTypesService } from '../../../domain/crm/objects/object-types.service';
import { ObjectRecordsService } from '../../../domain/crm/objects/object-records.service';

const objectKey = () => text(64, 'object key, from list_custom_objects');
const recordValues = () => ({
  fields: z.record(z.string(), z.unknown()).optional().describe("field key -> value, by the object's fields ('' or null clears one)"),
  links: z.record(z.string(), z.unknown()).optional().describe('relation key -> record id or ids to link (a one-relation is replaced)'),
});

/**
 * Custom objects (record kinds beyond the CRM's own) and their records: each the REST route's service call.
 */
export function customObjectTools(get: ServiceOf): ToolDef[] {
  const s = { objectTypes: get(ObjectTypesService), objectRecords: get(ObjectRecordsService) };
  return [
    defineTool({
      name: 'list_custom_objects',
      title: 'List custom objects',
      description: "The workspace's custom objects (record kinds beyond the CRM's own) with their fields and relations.",
      write: false,
      module: MODULES.customers,
      output: z.array(CustomObject),
      input: z.strictObject({}),
      run: async (auth) => (await s.objectTypes.list(auth)).map(objectTypeCompact),
    }),
    defineTool({
      name: 'list_custom_records',
      title: 'List custom object records',
      description: 'Records of one custom object visible to the user (own, team, without owner; admins all), newest first; active ones unless active is false.',
      write: false,
      module: MODULES.customers,
      output: z.array(CustomRecord),
      input: z.strictObject({
        object: objectKey(),
        query: text(200, 'text to search for in the name').optional(),
        active: flag('false: archived records').optional(),
        limit: limit().optional(),
      }),
      run: async (auth, a) => (await s.objectRecords.list(auth, a.object, { q: a.query, active: a.active, limit: a.limit ?? 20 })).items.map((v) => objectRecordCompact(v, auth.workspace)),
    }),
    defineTool({
      name: 'get_custom_record',
      title: 'Get a custom object record',
      description: 'One record of a custom object with its field values and linked records.',
      write: false,
      module: MODULES.customers,
      output: CustomRecord,
      input: z.strictObject({ object: objectKey(), id: id('record') }),
      run: async (auth, a) => objectRecordCompact(await s.objectRecords.get(auth, a.object, a.id), auth.workspace),
    }),
    defineTool({
      name: 'create_custom_record',
      title: 'Create a custom object record',
      description: "A record of a custom object, owned by the user; every required field needs a value.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.customers,
      output: CustomRecord,
      input: z.strictObject({ object: objectKey(), name: name(200, 'record name'), ...recordValues() }),
      run: async (auth, { object, ...input }) => objectRecordCompact(await s.objectRecords.create(auth, object, input), auth.workspace),
    }),
    defineTool({
      name: 'update_custom_record',
      title: 'Update a custom object record',
      description: 'Change a record the user may edit: only the arguments given change; a many-relation gains the links given. active false archives it, true restores it.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.customers,
      output: CustomRecord,
      input: z.strictObject({
        object: objectKey(),
        id: id('record'),
        name: name(200, 'new name').optional(),
        active: flag('false archives the record, true restores it').optional(),
        ...recordValues(),
        unlinks: z.record(z.string(), z.unknown()).optional().describe('relation key -> record id or ids to unlink'),
      }),
      run: async (auth, { object, id: recordId, ...input }) => objectRecordCompact(await s.objectRecords.update(auth, object, recordId, input), auth.workspace),
    }),
  ];
}
customObjectTools.place = 150;
