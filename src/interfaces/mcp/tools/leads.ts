import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { date, email, externalId, externalIdFilter, flag, id, int, limit, name, oneOf, text } from '../mcp.args';
import { LeadConversion } from '../mcp.crm-outputs';
import { leadCompact, leadConversionCompact } from '../../../domain/crm/leads/lead.view';
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
      description: "Leads visible to the user (their own and their department's; admins all), newest first; filter by text (company, contact, e-mail), status, trade fair or another system's key (external_id).",
      write: false,
      module: MODULES.leads,
      output: z.array(Lead),
      input: z.strictObject({
        query: text(200, 'text to search for in company, contact name or e-mail').optional(),
        status: text(40, 'one of the workspace lead statuses').optional(),
        fair_id: id('trade fair').optional(),
        external_id: externalIdFilter(),
        limit: limit().optional(),
      }),
      choices: (c) => ({ status: c.lead_statuses }),
      run: async (auth, a) => {
        const page = await s.leads.list(auth, { q: a.query, status: a.status, fairId: a.fair_id, externalId: a.external_id, limit: a.limit ?? 20 });
        return page.items.map((l) => leadCompact({ lead: l, views: page.views }));
      },
    }),
  ];
}

/** A new lead and its changes. */
function leadWrites(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'create_lead',
      title: 'Create a lead',
      description: 'A new lead (a prospect met at a trade fair or elsewhere), owned by the user, with the workspace\'s initial lead status.',
      write: true,
      destructive: false,
      idempotent: false,
      output: Lead,
      module: MODULES.leads,
      input: z.strictObject({
        company: name(200, 'company name'),
        contact_name: text(200, 'contact person').optional(),
        title: text(150, "the contact's job title").optional(),
        email: email("the contact's e-mail").optional(),
        phone: text(50, 'phone').optional(),
        city: text(100, 'city').optional(),
        interest: text(40, 'one of the workspace lead interest levels').optional(),
        next_action: text(100, 'one of the workspace lead next actions').optional(),
        next_date: date('when to do the next action').optional(),
        note: text(5000, 'note').optional(),
        fair_id: id('trade fair').optional(),
        customer_id: id('registered company the lead belongs to').optional(),
        external_id: externalId().optional(),
      }),
      choices: (c) => ({ interest: c.lead_interest, next_action: c.lead_next_actions }),
      run: async (auth, a) => leadCompact(await s.leads.create(auth, a)),
    }),
    defineTool({
      name: 'update_lead',
      title: 'Update a lead',
      description: 'Change fields of a lead the user may edit; only the arguments given change (next_date null removes it).',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.leads,
      output: Lead,
      input: z.strictObject({
        id: id('lead'),
        contact_name: text(200, 'contact person').optional(),
        title: text(150, "the contact's job title").optional(),
        email: email("the contact's e-mail").optional(),
        phone: text(50, 'phone').optional(),
        city: text(100, 'city').optional(),
        interest: text(40, 'one of the workspace lead interest levels').optional(),
        next_action: text(100, 'one of the workspace lead next actions').optional(),
        next_date: date('when to do the next action').nullable().optional().describe('when to do the next action (YYYY-MM-DD), or null to remove it'),
        note: text(5000, 'note').optional(),
        status: text(40, 'one of the workspace lead statuses').optional(),
        external_id: externalId().nullable().optional().describe("the lead's key in the system it came from, or null to remove it"),
      }),
      choices: (c) => ({ interest: c.lead_interest, next_action: c.lead_next_actions, status: c.lead_statuses }),
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
