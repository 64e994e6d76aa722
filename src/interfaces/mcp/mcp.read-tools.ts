import * as z from 'zod/v4';
import { MODULES, type ModuleName } from '../../domain/workspace/defaults';
import { JOURNAL_KINDS, JOURNAL_MAX_LIMIT } from '../../domain/crm/journal';
import { flag, id, int, INT_MAX, limit, oneOf, text } from './mcp.args';
import * as M from './mcp.mappers';
import * as O from './mcp.outputs';
import { defineTool, requireModule, type ToolDef, type ToolServices } from './mcp.tool-def';

const QUERY = () => text(200, 'text to search for').optional();

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
 * Searches and reads: each one the REST route's service call, under the route's module. Grouped by
 * what they answer (the order is the order of tools/list).
 */
export function readTools(s: ToolServices): ToolDef[] {
  return [...searchTools(s), ...recordTools(s), ...agendaTools(s), ...journalTools(s)];
}

/** Searches: lists of companies, people and opportunities by text and filters. */
function searchTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'search_companies',
      title: 'Search companies',
      description: 'Find companies (customers) visible to the user by name, city or other text.',
      write: false,
      output: z.array(O.Company),
      module: MODULES.customers,
      input: z.strictObject({ query: QUERY(), limit: limit().optional() }),
      run: async (auth, a) => (await s.companies.list(auth, { q: a.query, limit: a.limit ?? 20 })).items.map(M.company),
    }),
    defineTool({
      name: 'search_people',
      title: 'Search people',
      description: 'Find contact persons visible to the user by name or e-mail, optionally of one company.',
      write: false,
      output: z.array(O.Person),
      module: MODULES.customers,
      input: z.strictObject({ query: QUERY(), customer_id: id('company').optional(), limit: limit().optional() }),
      run: async (auth, a) => {
        const page = await s.people.list(auth, { q: a.query, customerId: a.customer_id, limit: a.limit ?? 20 });
        return page.items.map((p) => M.person(p, page.views.customerNames));
      },
    }),
    defineTool({
      name: 'list_opportunities',
      title: 'Search opportunities',
      description: 'Sales opportunities visible to the user; filter by text, company or open/closed.',
      write: false,
      output: z.array(O.Opportunity),
      module: MODULES.opportunities,
      input: z.strictObject({ query: QUERY(), customer_id: id('company').optional(), status: oneOf(['open', 'closed'], 'open or closed').optional(), limit: limit().optional() }),
      run: async (auth, a) => (await s.opps.list(auth, { q: a.query, customer_id: a.customer_id, status: a.status, limit: a.limit ?? 20 })).items.map(M.opp),
    }),
  ];
}

/** One record by its id: any kind by record id (C-12 …), or a company or opportunity by number. */
function recordTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'get_record',
      title: 'Get a record',
      description: 'One company, person, opportunity, activity or lead by its record id (C-12, P-3, O-7, A-20, L-5), as the search tools and the CRM show it.',
      write: false,
      output: z.union([O.Company, O.Person, O.OpportunityDetail, O.Activity, O.Lead]),
      input: z.strictObject({ rid: ridArg }),
      run: async (auth, a) => {
        const [, kind, digits] = RID.exec(a.rid)!;
        requireModule(auth, RID_KINDS[kind!]!.module);
        const n = Number(digits);
        switch (kind) {
          case 'C':
            return M.company((await s.companies.get(auth, n)).company);
          case 'P': {
            const one = await s.people.get(auth, n);
            return M.person(one.person, one.views.customerNames);
          }
          case 'O':
            return M.oppDetail(await s.opps.get(auth, n));
          case 'A':
            return M.activity(await s.activities.get(auth, n));
          default:
            return M.lead(await s.leads.get(auth, n));
        }
      },
    }),
    defineTool({
      name: 'get_company',
      title: 'Get a company',
      description: 'One company with its contact data, owner and visit dates.',
      write: false,
      output: O.Company,
      module: MODULES.customers,
      input: z.strictObject({ id: id('company') }),
      run: async (auth, a) => M.company((await s.companies.get(auth, a.id)).company),
    }),
    defineTool({
      name: 'get_opportunity',
      title: 'Get an opportunity',
      description: 'One opportunity with its stage, value, company, notes and checklist steps.',
      write: false,
      output: O.OpportunityDetail,
      module: MODULES.opportunities,
      input: z.strictObject({ id: id('opportunity') }),
      run: async (auth, a) => M.oppDetail(await s.opps.get(auth, a.id)),
    }),
  ];
}

/** The user's work: open tasks and today's agenda. */
function agendaTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'list_tasks',
      title: 'List tasks',
      description: "The user's visible tasks; open ones by default.",
      write: false,
      output: z.array(O.Task),
      module: MODULES.activities,
      input: z.strictObject({ customer_id: id('company').optional(), overdue: flag('only overdue tasks').optional(), limit: limit().optional() }),
      run: async (auth, a) => (await s.tasks.list(auth, { open: 'true', customer_id: a.customer_id, overdue: a.overdue ? 'true' : undefined, limit: a.limit ?? 20 })).items.map(M.taskView),
    }),
    defineTool({
      name: 'today',
      title: "Today's agenda",
      description: "The user's day: meetings, actions due soon, overdue tasks and visits, and this week's visit and task targets (parts of modules the user lacks stay empty).",
      write: false,
      output: O.Agenda,
      input: z.strictObject({}),
      run: async (auth) => M.agenda(await s.today.today(auth), auth.workspace),
    }),
  ];
}

/** The event journal (GET /api/v1/events): the same service call, the same visibility, modules and cursors. */
function journalTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'list_events',
      title: 'List recent events',
      description:
        'Events of the CRM (new companies, contacts, opportunities and stage changes, wins, losses, visits, leads, tickets, form submissions) the user may see, ' +
        'oldest first. Pass next_cursor back as `after` to read what happened since; an empty list means nothing new yet.',
      write: false,
      output: O.Journal,
      input: z.strictObject({
        after: text(200, 'next_cursor of the previous call (or an event cursor); without it, from the oldest kept event').optional(),
        event: z.array(oneOf(JOURNAL_KINDS as [string, ...string[]], `an event kind: ${JOURNAL_KINDS.join(', ')}`)).min(1, 'at least one kind').max(JOURNAL_KINDS.length).optional().describe('only these event kinds'),
        limit: int(1, JOURNAL_MAX_LIMIT, 'at most this many events (default 100)').optional(),
      }),
      run: async (auth, a) => M.journal(await s.events.list(auth, { after: a.after, limit: a.limit, event: a.event?.join(',') }), auth.workspace),
    }),
  ];
}
