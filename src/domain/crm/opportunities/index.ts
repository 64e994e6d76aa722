/** The opportunities feature's public entry: what other CRM features may use (entities are read from their own files). */
export { OpportunitiesModule } from './opportunities.module';
export { roleOf } from './opportunities.rules';
export { OpportunitiesService } from './opportunities.service';
