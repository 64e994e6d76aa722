import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors';
import { ActivitiesService } from '../crm/activities/activities.service';
import { CompaniesService } from '../crm/companies/companies.service';
import { Company } from '../crm/companies/company.entity';
import { OpportunitiesService } from '../crm/opportunities/opportunities.service';
import { OppView } from '../crm/opportunities/opportunity.types';
import { TasksService } from '../crm/tasks/tasks.service';
import type { UserContext } from '../identity/auth/auth-context';
import { MODULES } from '../workspace/defaults';

/** A JSON Schema subset the tools use (and check: see `checkArgs`). */
interface Prop {
  type: 'string' | 'integer' | 'number' | 'boolean';
  description: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  write: boolean;
  module?: string;
  properties: Record<string, Prop>;
  required: string[];
  run: (auth: UserContext, args: Record<string, unknown>) => Promise<unknown>;
}

/** Tool input problems, as a message naming the argument (the MCP client gets a tool error). */
export function checkArgs(tool: ToolDef, args: unknown): string | null {
  if (args === undefined || args === null) args = {};
  if (typeof args !== 'object' || Array.isArray(args)) return 'arguments must be an object';
  const a = args as Record<string, unknown>;
  for (const k of Object.keys(a)) if (!tool.properties[k]) return `${k}: unknown argument`;
  for (const r of tool.required) if (a[r] === undefined || a[r] === null) return `${r}: required`;
  for (const [k, p] of Object.entries(tool.properties)) {
    const v = a[k];
    if (v === undefined) continue;
    if (p.type === 'string') {
      if (typeof v !== 'string') return `${k}: must be a string`;
      if (p.maxLength !== undefined && v.length > p.maxLength) return `${k}: at most ${p.maxLength} characters`;
      if (p.pattern && !new RegExp(p.pattern).test(v)) return `${k}: must match ${p.pattern}`;
      if (v.includes('\u0000')) return `${k}: must not contain NUL`;
    } else if (p.type === 'boolean') {
      if (typeof v !== 'boolean') return `${k}: must be true or false`;
    } else {
      if (typeof v !== 'number' || !Number.isFinite(v) || (p.type === 'integer' && !Number.isInteger(v))) return `${k}: must be ${p.type === 'integer' ? 'an integer' : 'a number'}`;
      if (p.minimum !== undefined && v < p.minimum) return `${k}: at least ${p.minimum}`;
      if (p.maximum !== undefined && v > p.maximum) return `${k}: at most ${p.maximum}`;
    }
  }
  return null;
}

export function inputSchema(tool: ToolDef) {
  return { type: 'object', properties: tool.properties, required: tool.required, additionalProperties: false };
}

const ID = (what: string): Prop => ({ type: 'integer', description: `id of the ${what}`, minimum: 1, maximum: 2_147_483_647 });
const LIMIT: Prop = { type: 'integer', description: 'at most this many results (default 20)', minimum: 1, maximum: 100 };
const DATE = (d: string): Prop => ({ type: 'string', description: `${d} (YYYY-MM-DD)`, pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

const company = (c: Company) => ({ id: c.id, name: c.name, status: c.status, city: c.city, country: c.country, phone: c.phone, email: c.email, website: c.website, owner_id: c.ownerId, last_visit: c.lastVisit, next_visit_due: c.nextVisitDue });
const opp = (v: OppView) => ({ id: v.opp.id, name: v.opp.name, stage: v.opp.stage, value: v.opp.value, currency: v.opp.currency, customer_id: v.opp.customerId, customer: v.customer?.name ?? null, owner_id: v.opp.ownerId });

/**
 * The MCP tools: each one calls the same domain service as the REST route (so visibility, rules and
 * events are the same) and maps the result to a compact JSON object.
 */
@Injectable()
export class McpTools {
  readonly tools: ToolDef[];

  constructor(companies: CompaniesService, opps: OpportunitiesService, activities: ActivitiesService, tasks: TasksService) {
    this.tools = [
      {
        name: 'search_companies',
        title: 'Search companies',
        description: 'Find companies (customers) visible to the user by name, city or other text.',
        write: false,
        module: MODULES.customers,
        properties: { query: { type: 'string', description: 'text to search for', maxLength: 200 }, limit: LIMIT },
        required: [],
        run: async (auth, a) => (await companies.list(auth, { q: a.query as string | undefined, limit: (a.limit as number | undefined) ?? 20 })).items.map(company),
      },
      {
        name: 'get_company',
        title: 'Get a company',
        description: 'One company with its contact data, owner and visit dates.',
        write: false,
        module: MODULES.customers,
        properties: { id: ID('company') },
        required: ['id'],
        run: async (auth, a) => company((await companies.get(auth, a.id as number)).company),
      },
      {
        name: 'list_opportunities',
        title: 'List opportunities',
        description: 'Sales opportunities visible to the user; filter by text, company or open/closed.',
        write: false,
        module: MODULES.opportunities,
        properties: {
          query: { type: 'string', description: 'text to search for', maxLength: 200 },
          customer_id: ID('company'),
          status: { type: 'string', description: 'open or closed', pattern: '^(open|closed)$' },
          limit: LIMIT,
        },
        required: [],
        run: async (auth, a) =>
          (await opps.list(auth, { q: a.query as string | undefined, customer_id: a.customer_id as number | undefined, status: a.status as 'open' | 'closed' | undefined, limit: (a.limit as number | undefined) ?? 20 })).items.map(opp),
      },
      {
        name: 'get_opportunity',
        title: 'Get an opportunity',
        description: 'One opportunity with its stage, value, company and notes.',
        write: false,
        module: MODULES.opportunities,
        properties: { id: ID('opportunity') },
        required: ['id'],
        run: async (auth, a) => {
          const d = await opps.get(auth, a.id as number);
          return { ...opp(d), notes: d.notes.map((n) => ({ id: n.id, body: n.body })) };
        },
      },
      {
        name: 'list_tasks',
        title: 'List tasks',
        description: "The user's visible tasks; open ones by default.",
        write: false,
        module: MODULES.activities,
        properties: { customer_id: ID('company'), overdue: { type: 'boolean', description: 'only overdue tasks' }, limit: LIMIT },
        required: [],
        run: async (auth, a) =>
          (await tasks.list(auth, { open: 'true', customer_id: a.customer_id as number | undefined, overdue: a.overdue === true ? 'true' : undefined, limit: (a.limit as number | undefined) ?? 20 })).items.map((v) => ({
            id: v.task.id,
            title: v.task.title,
            status: v.task.status,
            priority: v.task.priority,
            due_date: v.task.dueDate,
            overdue: v.overdue,
            customer_id: v.task.customerId,
          })),
      },
      {
        name: 'create_activity',
        title: 'Log an activity',
        description: 'Log a visit, call or other activity with a company (type: one of the workspace visit types, see GET /api/v1/me constants).',
        write: true,
        module: MODULES.activities,
        properties: {
          customer_id: ID('company'),
          type: { type: 'string', description: 'activity type, e.g. the first of the visit types', maxLength: 50 },
          date: DATE('day of the activity'),
          note: { type: 'string', description: 'what happened', maxLength: 4000 },
          opp_id: ID('opportunity'),
        },
        required: ['customer_id', 'type', 'date'],
        run: async (auth, a) => {
          const v = await activities.create(auth, { customer_id: a.customer_id as number, type: a.type as string, date: a.date as string, note: (a.note as string | undefined) ?? null, opp_id: (a.opp_id as number | undefined) ?? null });
          return { id: v.activity.id, type: v.activity.type, date: v.activity.date, customer: v.customer };
        },
      },
      {
        name: 'create_task',
        title: 'Create a task',
        description: 'A task for the user, optionally tied to a company or opportunity.',
        write: true,
        module: MODULES.activities,
        properties: { title: { type: 'string', description: 'what to do', maxLength: 200 }, due_date: DATE('due date'), customer_id: ID('company'), opp_id: ID('opportunity') },
        required: ['title'],
        run: async (auth, a) => {
          const v = await tasks.create(auth, { title: a.title as string, due_date: (a.due_date as string | undefined) ?? null, customer_id: (a.customer_id as number | undefined) ?? null, opp_id: (a.opp_id as number | undefined) ?? null });
          return { id: v.task.id, title: v.task.title, status: v.task.status, due_date: v.task.dueDate };
        },
      },
      {
        name: 'add_opportunity_note',
        title: 'Add a note to an opportunity',
        description: 'Append a note to an opportunity the user may edit.',
        write: true,
        module: MODULES.opportunities,
        properties: { id: ID('opportunity'), body: { type: 'string', description: 'the note', maxLength: 4000 } },
        required: ['id', 'body'],
        run: async (auth, a) => {
          const d = await opps.addNote(auth, a.id as number, a.body as string);
          return { ...opp(d), notes: d.notes.map((n) => ({ id: n.id, body: n.body })) };
        },
      },
    ];
  }

  byName(name: unknown): ToolDef | undefined {
    return this.tools.find((t) => t.name === name);
  }

  /** Module rule (spec 5 rule 11) for a tool. */
  static moduleProblem(auth: UserContext, tool: ToolDef): DomainError | null {
    return tool.module && !auth.modules.includes(tool.module) ? new DomainError('module', `the ${tool.module} module is off for this user or workspace`) : null;
  }
}
