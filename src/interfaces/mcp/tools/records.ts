import * as z from 'zod/v4';
import { MODULES, type ModuleName } from '../../../domain/workspace/defaults';
import { INT_MAX } from '../mcp.args';
import { activityCompact } from '../../../domain/crm/activities/activity.view';
import { leadCompact } from '../../../domain/crm/leads/lead.view';
import { personCompact } from '../../../domain/crm/people/person.view';
import { companyCompact } from '../../../domain/crm/companies/company.view';
import { opportunityDetailCompact } from '../../../domain/crm/opportunities/opportunity.view';
import { Activity, Company, Lead, OpportunityDetail, Person } from '../mcp.outputs';
import { defineTool, requireModule, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { CompaniesService } from '../../../domain/crm/companies/companies.service';
import { PeopleService } from '../../../domain/crm/people/people.service';
import { OpportunitiesService } from '../../../domain/crm/opportunities/opportunities.service';
import { ActivitiesService } from '../../../domain/crm/activities/activities.service';
import { LeadsService } from '../../../domain/crm/leads/leads.service';

/** Record ids as the CRM writes them (spec 2.x `rid`): kind letter, dash, number. */
const RID_KINDS: Record<string, { module: ModuleName; what: string }> = {
  C: { module: MODULES.customers, what: 'company' },
  P: { module: MODULES.customers, what: 'person' },
  O: { module: MODULES.opportunities, what: 'opportunity' },
  A: { module: MODULES.activities, what: 'activity' },
  L: { module: MODULES.leads, what: 'lead' },
};
const RID_MESSAGE = 'must be a record id like C-12 (C company, P person, O opportunity, A activity, L lead)';
const RID = /^([CPOAL])-(\d{1,10})$/;
const ridArg = z
  .string({ error: (iss) => (iss.input === undefined ? 'required' : RID_MESSAGE) })
  .refine((v) => {
    const m = RID.exec(v);
    return !!m && Number(m[2]) >= 1 && Number(m[2]) <= INT_MAX;
  }, RID_MESSAGE)
  .describe('record id, e.g. C-12 (company), P-3 (person), O-7 (opportunity), A-20 (activity), L-5 (lead)');


/**
 * One record of any kind by its record id (C-12 …), under the module of its kind.
 */
export function recordTools(get: ServiceOf): ToolDef[] {
  const s = { companies: get(CompaniesService), people: get(PeopleService), opps: get(OpportunitiesService), activities: get(ActivitiesService), leads: get(LeadsService) };
  return [
    defineTool({
      name: 'get_record',
      title: 'Get a record',
      description: 'One company, person, opportunity, activity or lead by its record id (C-12, P-3, O-7, A-20, L-5), as the search tools and the CRM show it.',
      write: false,
      output: z.union([Company, Person, OpportunityDetail, Activity, Lead]),
      input: z.strictObject({ rid: ridArg }),
      run: async (auth, a) => {
        const [, kind, digits] = RID.exec(a.rid)!;
        requireModule(auth, RID_KINDS[kind!]!.module);
        const n = Number(digits);
        switch (kind) {
          case 'C':
            return companyCompact((await s.companies.get(auth, n)).company);
          case 'P': {
            const one = await s.people.get(auth, n);
            return personCompact(one.person, one.views.customerNames);
          }
          case 'O':
            return opportunityDetailCompact(await s.opps.get(auth, n));
          case 'A':
            return activityCompact(await s.activities.get(auth, n));
          default:
            return leadCompact(await s.leads.get(auth, n));
        }
      },
    }),
  ];
}
recordTools.place = 20;
