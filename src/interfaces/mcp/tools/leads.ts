import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { flag, id, int, limit, oneOf, text } from '../mcp.args';
import { LeadConversion } from '../mcp.crm-outputs';
import { LeadChangeFields, LeadCreateFields, LeadFilters, leadCompact, leadConversionCompact } from '../../../domain/crm/leads/lead.view';
import type { WorkspaceConstants } from '../../../domain/workspace/workspace.entity';
import { Lead } from '../mcp.outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { LeadsService } from '../../../domain/crm/leads/leads.service';
import { LeadConvertService } from '../../../domain/crm/leads/lead-convert.service';

/** The domain services these tools call. */
const services = (get: ServiceOf) => ({ leads: get(LeadsService), leadConvert: get(LeadConvertService) });
type Services = ReturnType<typeof services>;

/**
 * Leads (the leads module): list, create, update and convert; each the REST route's service call (a lead the user may
 * not see is not_found).
 */
export function leadTools(get: ServiceOf): ToolDef[] {
  const s = services(get);
  return [...leadReads(s), ...leadWrites(s), ...leadConversion(s)];
}

/** The leads the user may see. */
function leadReads(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'list_leads',
      title: 'Search leads',
      description: "Leads visible to the user (their own and their department's; admins all), newest first; filter by text (company, contact, e-mail), status, trade fair, owner or another system's key (external_id).",
      write: false,
      module: MODULES.leads,
      output: z.array(Lead),
      input: z.strictObject({
        query: text(200, 'text to search for in company, contact name or e-mail').optional(),
        ...LeadFilters.omit({ q: true }).shape,
        limit: limit().optional(),
      }),
      choices: (c) => ({ status: c.lead_statuses }),
      run: async (auth, a) => {
        const { query, ...filters } = a;
        const page = await s.leads.list(auth, { ...filters, q: query, limit: a.limit ?? 20 });
        return page.items.map((l) => leadCompact({ lead: l, views: page.views }));
      },
    }),
  ];
}

/**
 * The workspace's values of a lead's choice fields, advertised in the tools' schemas; on an update '' clears a choice,
 * as over REST, but the status, which a lead always has.
 */
const leadChoices = (c: WorkspaceConstants, update: boolean): Record<string, string[]> => {
  const clearable = (values: string[]) => (update ? ['', ...values] : values);
  return {
    interest: clearable(c.lead_interest),
    next_action: clearable(c.lead_next_actions),
    timing: clearable(c.lead_timings),
    visitor_type: clearable(c.lead_visitor_types),
    opp_type: clearable(c.opp_types),
    status: c.lead_statuses,
  };
};

/** A new lead and its changes. */
function leadWrites(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'create_lead',
      title: 'Create a lead',
      description: 'A new lead (a prospect met at a trade fair or elsewhere), with the people met there; owned by the user unless owner_id names another, with the workspace\'s initial lead status unless status is given.',
      write: true,
      destructive: false,
      idempotent: false,
      output: Lead,
      module: MODULES.leads,
      input: z.strictObject(LeadCreateFields.shape),
      choices: (c) => leadChoices(c, false),
      run: async (auth, a) => leadCompact(await s.leads.create(auth, a)),
    }),
    defineTool({
      name: 'update_lead',
      title: 'Update a lead',
      description: 'Change fields of a lead the user may edit; only the arguments given change (null removes next_date, fair_id, customer_id, potential_kg, external_id or people; \'\' clears a text). Giving company rewrites the whole form: the form fields not given are cleared.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.leads,
      output: Lead,
      input: z.strictObject({ id: id('lead'), ...LeadChangeFields.shape }),
      choices: (c) => leadChoices(c, true),
      run: async (auth, { id: leadId, ...change }) => leadCompact(await s.leads.update(auth, leadId, change)),
    }),
  ];
}

/** A lead turned into CRM records. */
function leadConversion(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'convert_lead',
      title: 'Convert a lead',
      description:
        'Turn a lead the user may edit into CRM records in one step, as the CRM does: the company (the registered or same-named one, else a new prospect; or customer_id with mode existing), ' +
        "its people as contacts, an opportunity (opp_mode), a fair visit and a follow-up task from the lead's next action. A lead already converted answers its links and changes nothing.",
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.leads,
      output: LeadConversion,
      input: z.strictObject({
        id: id('lead'),
        mode: oneOf(['existing', 'new'], 'existing: link the company customer_id; new: create a prospect (default: the registered or same-named company, else a new one)').optional(),
        customer_id: id('company to link, with mode existing').optional(),
        people: z
          .record(z.string().regex(/^\d{1,2}$/, 'must be a person index'), z.union([z.enum(['new', 'skip']), int(1, 2_147_483_647, 'contact id')]))
          .optional()
          .describe('person index (as in the lead\'s people, 0 the contact) -> "new", "skip" or an existing contact id; people not named: "new"'),
        opp_mode: oneOf(['new', 'existing', 'none'], 'new: create an opportunity (default), existing: link opp_id, none').optional(),
        opp_id: id('open opportunity of the company, with opp_mode existing').optional(),
        make_visit: flag('log a fair visit (default true)').optional(),
        make_task: flag("make the lead's next action a follow-up task (default true)").optional(),
      }),
      run: async (auth, { id: leadId, ...input }) => leadConversionCompact(await s.leadConvert.convert(auth, leadId, input)),
    }),
  ];
}
leadTools.place = 110;
