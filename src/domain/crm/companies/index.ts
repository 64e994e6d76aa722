/** The companies feature's public entry: what other CRM features may use (entities are read from their own files). */
export { CompaniesModule } from './companies.module';
export { CompaniesService } from './companies.service';
export type { CompanyCardRow, CompanyViews } from './companies.service';
export { applyVisit, nextVisitDue } from './visits';
export type { CompanyCreateInput } from './companies.service';
export { CompanyCreateFields } from './company.view';
