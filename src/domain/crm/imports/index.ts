/** The imports feature's public entry: what other CRM features and the interfaces may use. */
export { ImportsModule } from './imports.module';
export { ImportsService, REVERT_DAYS } from './imports.service';
export type { ImportView, MappingInput, UploadedFile } from './imports.service';
export { ImportWorker } from './import-worker';
export { ImportRetention, IMPORT_ABANDONED_DAYS, IMPORT_FILE_DAYS, IMPORT_JOB_DAYS } from './import-retention';
export { MAX_FILE_BYTES, MAX_ROWS, MAX_COLUMNS } from './import-file';
export { FIELDS, MATCH_KEYS, MODES, TARGETS } from './import-targets';
export type { ImportJob, ImportRow, TargetCounts } from './import-job.entity';
