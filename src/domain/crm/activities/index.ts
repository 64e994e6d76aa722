/** The activities feature's public entry: what other CRM features may use (entities are read from their own files). */
export { ActivitiesModule } from './activities.module';
export { ActivitiesService } from './activities.service';
