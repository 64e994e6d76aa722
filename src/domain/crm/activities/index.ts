/** The activities feature's public entry: what other CRM features may use (entities are read from their own files). */
export { ActivitiesModule } from './activities.module';
export { ActivitiesService } from './activities.service';
export { QE_BLOCK_FIELDS, QE_BLOCK_KEYS, type QeBlockKey } from './activity-blocks';
