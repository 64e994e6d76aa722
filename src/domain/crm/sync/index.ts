/** The sync feature's public entry: what other CRM features may use (entities are read from their own files). */
export { DeletedRecordsService } from './deleted-records.service';
export { SyncModule } from './sync.module';
