/** The leads feature's public entry: what other CRM features may use (entities are read from their own files). */
export { LeadsModule } from './leads.module';
export { LeadsService } from './leads.service';
export type { LeadViews } from './leads.service';
export type { LeadCreateInput, LeadInput } from './lead.view';
export { LeadCreateFields } from './lead.view';
