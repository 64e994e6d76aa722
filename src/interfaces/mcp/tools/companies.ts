import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { externalIdFilter, id, limit, searchQuery } from '../mcp.args';
import { CompanyChangeFields, CompanyCreateFields, companyCompact } from '../../../domain/crm/companies/company.view';
import { Company } from '../mcp.outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { CompaniesService } from '../../../domain/crm/companies/companies.service';

/**
 * Companies (the customers module): search, read, create and update; each the REST route's service call, so rules,
 * visibility, duplicate checks and events are REST's. An update changes only the arguments given.
 */
export function companyTools(get: ServiceOf): ToolDef[] {
  const s = { companies: get(CompaniesService) };
  return [
    defineTool({
      name: 'search_companies',
      title: 'Search companies',
      description: "Find companies (customers) visible to the user by name, city or other text, or by another system's key (external_id).",
      write: false,
      output: z.array(Company),
      module: MODULES.customers,
      input: z.strictObject({ query: searchQuery(), external_id: externalIdFilter(), limit: limit().optional() }),
      run: async (auth, a) => (await s.companies.list(auth, { q: a.query, externalId: a.external_id, limit: a.limit ?? 20 })).items.map(companyCompact),
    }),
    defineTool({
      name: 'get_company',
      title: 'Get a company',
      description: 'One company with its contact data, owner and visit dates.',
      write: false,
      output: Company,
      module: MODULES.customers,
      input: z.strictObject({ id: id('company') }),
      run: async (auth, a) => companyCompact((await s.companies.get(auth, a.id)).company),
    }),
    defineTool({
      name: 'create_company',
      title: 'Create a company',
      description:
        'A new company (customer) owned by the user. A company with the same name already existing is refused as `duplicate` naming it; pass force: true only when the user confirms it is another company. An external_id another company already has is refused as `conflict`.',
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.customers,
      output: Company,
      input: z.strictObject(CompanyCreateFields.shape),
      choices: (c) => ({ status: c.customer_statuses }),
      run: async (auth, a) => companyCompact((await s.companies.create(auth, a)).company),
    }),
    defineTool({
      name: 'update_company',
      title: 'Update a company',
      description: 'Change fields of a company the user may edit; only the arguments given change.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.customers,
      output: Company,
      input: z.strictObject({ id: id('company'), ...CompanyChangeFields.shape }),
      choices: (c) => ({ status: c.customer_statuses }),
      run: async (auth, { id: companyId, ...change }) => companyCompact((await s.companies.update(auth, companyId, change)).company),
    }),
  ];
}
companyTools.place = 30;
