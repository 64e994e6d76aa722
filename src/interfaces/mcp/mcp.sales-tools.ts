import * as z from 'zod/v4';
import { toOrderRow } from '../../domain/crm/orders/order-row';
import { MODULES } from '../../domain/workspace/defaults';
import { date, email, flag, id, int, limit, name, oneOf, text } from './mcp.args';
import * as C from './mcp.crm-mappers';
import * as CO from './mcp.crm-outputs';
import * as M from './mcp.mappers';
import * as O from './mcp.outputs';
import { defineTool, type ToolDef, type ToolServices } from './mcp.tool-def';

/**
 * The sales records beyond the conversational writes: opportunities (create, update, revive), leads
 * (list, update, convert) and orders (list, get, create, PO, send to the ERP). Each tool is the REST
 * route's service call, so rules, visibility (invisible = not_found), the unit of work and events are REST's.
 */
export function salesTools(s: ToolServices): ToolDef[] {
  return [...opportunityTools(s), ...leadTools(s), ...orderReads(s), ...orderWrites(s)];
}

const amount = (description: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? 'required' : 'must be a number') })
    .min(0, 'at least 0')
    .max(1e11, 'at most 100000000000')
    .describe(description);

/** Opportunity fields a conversation names (a subset of REST's; the service checks each against the workspace lists). */
const oppFields = () => ({
  value: amount('expected value, in the currency').optional(),
  currency: text(3, 'ISO currency code, one of the workspace currencies').optional(),
  close_date: date('expected close date').optional(),
  product_id: id('catalogue product').optional(),
  potential_kg: amount('potential quantity').optional(),
  type: text(40, 'one of the workspace opportunity types').optional(),
  source: text(100, 'where it came from').optional(),
  next_step: text(500, 'the next step').optional(),
  note: text(5000, 'note').optional(),
});

function opportunityTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'create_opportunity',
      title: 'Create an opportunity',
      description:
        "A new opportunity of a company the user may see, owned by the user, in the pipeline's first stage (or the open `stage` given, whose gates must be met). Creates the stage's checklist steps.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.opportunities,
      output: O.OpportunityDetail,
      input: z.strictObject({
        name: name(200, 'what is being sold'),
        customer_id: id('company'),
        stage: text(40, "an open stage of the workspace's pipeline (default: the first)").optional(),
        ...oppFields(),
      }),
      choices: (c) => ({ stage: c.open_stages, type: c.opp_types }),
      run: async (auth, a) => M.oppDetail(await s.opps.detail(auth, await s.opps.create(auth, a))),
    }),
    defineTool({
      name: 'update_opportunity',
      title: 'Update an opportunity',
      description: 'Change fields of an opportunity the user may edit; only the arguments given change. The stage moves with move_opportunity_stage.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.opportunities,
      output: O.OpportunityDetail,
      input: z.strictObject({ id: id('opportunity'), name: name(200, 'new name').optional(), ...oppFields() }),
      choices: (c) => ({ type: c.opp_types }),
      run: async (auth, { id: oppId, ...change }) => M.oppDetail(await s.opps.detail(auth, await s.opps.update(auth, oppId, change))),
    }),
    defineTool({
      name: 'revive_opportunity',
      title: 'Revive a lost or cancelled opportunity',
      description:
        'Reopen a lost or cancelled opportunity the user may edit, as the CRM does: a NEW open opportunity in the first stage, copied from it (value 0) and linked to it. Answers the new one. An opportunity already revived is refused.',
      write: true,
      destructive: false,
      idempotent: true,
      module: MODULES.opportunities,
      output: O.OpportunityDetail,
      input: z.strictObject({ id: id('lost or cancelled opportunity') }),
      run: async (auth, a) => M.oppDetail(await s.opps.detail(auth, await s.opps.revive(auth, a.id))),
    }),
  ];
}

function leadTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'list_leads',
      title: 'Search leads',
      description: 'Leads visible to the user (their own and their department\'s; admins all), newest first; filter by text (company, contact, e-mail), status or trade fair.',
      write: false,
      module: MODULES.leads,
      output: z.array(O.Lead),
      input: z.strictObject({
        query: text(200, 'text to search for in company, contact name or e-mail').optional(),
        status: text(40, 'one of the workspace lead statuses').optional(),
        fair_id: id('trade fair').optional(),
        limit: limit().optional(),
      }),
      choices: (c) => ({ status: c.lead_statuses }),
      run: async (auth, a) => {
        const page = await s.leads.list(auth, { q: a.query, status: a.status, fairId: a.fair_id, limit: a.limit ?? 20 });
        return page.items.map((l) => M.lead({ lead: l, views: page.views }));
      },
    }),
    defineTool({
      name: 'update_lead',
      title: 'Update a lead',
      description: 'Change fields of a lead the user may edit; only the arguments given change (next_date null removes it).',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.leads,
      output: O.Lead,
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
      }),
      choices: (c) => ({ interest: c.lead_interest, next_action: c.lead_next_actions, status: c.lead_statuses }),
      run: async (auth, { id: leadId, ...change }) => M.lead(await s.leads.update(auth, leadId, change)),
    }),
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
      output: CO.LeadConversion,
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
      run: async (auth, { id: leadId, ...input }) => C.conversion(await s.leadConvert.convert(auth, leadId, input)),
    }),
  ];
}

function orderReads(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'list_orders',
      title: 'List orders',
      description: 'Sales orders visible to the user, newest first; filter by company, opportunity or status.',
      write: false,
      module: MODULES.orders,
      output: z.array(CO.Order),
      input: z.strictObject({
        customer_id: id('company').optional(),
        opp_id: id('opportunity').optional(),
        status: text(40, 'one of the workspace order statuses').optional(),
        limit: limit().optional(),
      }),
      choices: (c) => ({ status: c.order_statuses }),
      run: async (auth, a) => (await s.orders.list(auth, { customerId: a.customer_id, oppId: a.opp_id, status: a.status, limit: a.limit ?? 20 })).items.map(toOrderRow),
    }),
    defineTool({
      name: 'get_order',
      title: 'Get an order',
      description: 'One order with its amount, PO number, status and ERP hand-over.',
      write: false,
      module: MODULES.orders,
      output: CO.Order,
      input: z.strictObject({ id: id('order') }),
      run: async (auth, a) => toOrderRow(await s.orders.get(auth, a.id)),
    }),
  ];
}

function orderWrites(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'create_order',
      title: 'Create an order',
      description:
        "An order of a company the user may see, optionally for one of its opportunities and a catalogue product, in the workspace's new-order status; amount = kg × price. Currency, unit and payment days default from the opportunity, product or company.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.orders,
      output: CO.Order,
      input: z.strictObject({
        customer_id: id('company'),
        opp_id: id('opportunity of that company').optional(),
        product_id: id('active catalogue product').optional(),
        kg: amount('quantity (kg or the unit)'),
        price: amount('price per unit'),
        currency: text(3, 'ISO currency code').optional(),
        kind: text(40, 'one of the workspace order kinds').optional(),
        date: date('order date (default today)').optional(),
        due_date: date('delivery date').optional(),
        payment_days: int(0, 3650, 'payment term in days').optional(),
        note: text(2000, 'note').optional(),
      }),
      choices: (c) => ({ kind: c.order_kinds }),
      run: async (auth, a) => toOrderRow(await s.orders.create(auth, a)),
    }),
    defineTool({
      name: 'set_order_po',
      title: "Set an order's PO number",
      description: "Set the customer's PO number of an order the user may edit ('' clears it). Refused once the order was sent to the ERP: change it there.",
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.orders,
      output: CO.OrderPo,
      input: z.strictObject({ id: id('order'), customer_po: text(1000, "the customer's PO number, at most 60 characters after collapsing spaces; '' clears it") }),
      run: async (auth, a) => {
        const r = await s.orders.setPo(auth, a.id, a.customer_po);
        return { changed: r.changed, order: toOrderRow(r.view) };
      },
    }),
    defineTool({
      name: 'send_order_to_erp',
      title: 'Send an order to the ERP',
      description:
        "Hand an order the user may edit to the ERP: it is queued for the ERP connector with the order as it is now and takes the workspace's sent status; erp.status shows the result later. An order already sent is refused.",
      write: true,
      destructive: true,
      idempotent: true,
      openWorld: true,
      module: MODULES.orders,
      output: CO.Order,
      input: z.strictObject({ id: id('order') }),
      run: async (auth, a) => toOrderRow(await s.orders.queueForErp(auth, a.id)),
    }),
  ];
}
