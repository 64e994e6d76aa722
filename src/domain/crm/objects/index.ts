/** The objects feature's public entry: what other CRM features may use (entities are read from their own files). */
export { ObjectRecordsService } from './object-records.service';
export type { LinkedRecords } from './object-records.service';
export { ObjectsModule } from './objects.module';
export type { ObjectRecordInput } from './object-records.service';
export { ObjectTypesService } from './object-types.service';
export { LINKED_RECORDS_EXAMPLE, LinkedRecordsSchema, linkedRecordsView } from './linked-records.view';
