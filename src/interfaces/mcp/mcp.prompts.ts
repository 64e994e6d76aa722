import { Injectable } from '@nestjs/common';
import { ErrorCode, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import { toDomainError } from '../../edge/error-mapping';
import { ActivitiesService } from '../../domain/crm/activities/activities.service';
import { CompaniesService } from '../../domain/crm/companies/companies.service';
import { LeadsService } from '../../domain/crm/leads/leads.service';
import { OpportunitiesService } from '../../domain/crm/opportunities/opportunities.service';
import { recordPath } from '../../domain/crm/shared/record-keys';
import { TasksService } from '../../domain/crm/tasks/tasks.service';
import type { UserContext } from '../../domain/identity/auth-context';
import { MODULES, type ModuleName } from '../../domain/workspace/defaults';
import { activityCompact } from '../../domain/crm/activities/activity.view';
import { taskViewCompact } from '../../domain/crm/tasks/task.view';
import { leadCompact } from '../../domain/crm/leads/lead.view';
import { companyCompact } from '../../domain/crm/companies/company.view';
import { opportunityCompact } from '../../domain/crm/opportunities/opportunity.view';
import { rpcError } from './mcp.resources';

/** Open opportunities a pipeline summary reads at most (the newest). */
export const PIPELINE_MAX = 200;

interface PromptDef {
  name: string;
  title: string;
  description: string;
  /** Modules the prompt needs (all of them). */
  modules: ModuleName[];
  arguments: { name: string; description: string; required: boolean }[];
  build: (auth: UserContext, args: Record<string, string>, baseUrl: string) => Promise<string>;
}

const idArg = (args: Record<string, string>, name: string): number => {
  const v = args[name];
  if (v === undefined || !/^[1-9]\d{0,9}$/.test(v.trim()) || Number(v) > 2_147_483_647) throw rpcError(ErrorCode.InvalidParams, `${name}: must be a record id (a positive integer)`);
  return Number(v);
};
const json = (v: unknown) => JSON.stringify(v, null, 1);

/**
 * Prompts: a user message built from the caller's visible data (read through the same services as the
 * tools, so what the user may not see is not found) that tells the model what to do and which tools to
 * call next.
 */
@Injectable()
export class McpPrompts {
  private readonly prompts: PromptDef[];

  constructor(companies: CompaniesService, opps: OpportunitiesService, tasks: TasksService, activities: ActivitiesService, leads: LeadsService) {
    this.prompts = [
      {
        name: 'prepare_customer_visit',
        title: 'Prepare a customer visit',
        description: 'A briefing for visiting a company: its data, open opportunities, open tasks and the latest activities, with what to prepare.',
        modules: [MODULES.customers],
        arguments: [{ name: 'company_id', description: 'id of the company (as search_companies answers it)', required: true }],
        build: async (auth, args, baseUrl) => {
          const id = idArg(args, 'company_id');
          const c = (await companies.get(auth, id)).company;
          const has = (m: ModuleName) => auth.modules.includes(m);
          const open = has(MODULES.opportunities) ? (await opps.list(auth, { customer_id: id, status: 'open', limit: 20 })).items.map(opportunityCompact) : [];
          const todo = has(MODULES.activities) ? (await tasks.list(auth, { customer_id: id, open: 'true', limit: 20 })).items.map(taskViewCompact) : [];
          const recent = has(MODULES.activities) ? (await activities.list(auth, { customer_id: id, limit: 10 })).items.map(activityCompact) : [];
          return [
            `Prepare me for a visit to ${c.name} (${baseUrl}${recordPath('company', id)}).`,
            'Give a short briefing: who they are, where each open opportunity stands and what it needs next, open tasks to settle, what happened at the last contacts, and three questions to ask.',
            'If you need more, call get_record (C-<id>, O-<id>, P-<id>) or search_people with customer_id; after the visit, log it with create_activity.',
            `Company:\n${json({ ...companyCompact(c), sector: c.sector, address: c.address, note: c.note })}`,
            `Open opportunities:\n${json(open)}`,
            `Open tasks:\n${json(todo)}`,
            `Latest activities:\n${json(recent)}`,
          ].join('\n\n');
        },
      },
      {
        name: 'summarise_pipeline',
        title: 'Summarise the pipeline',
        description: "A summary of the user's open opportunities by stage: counts and values, what is stuck, what closes soon.",
        modules: [MODULES.opportunities],
        arguments: [],
        build: async (auth) => {
          const c = auth.workspace.constants;
          const page = await opps.list(auth, { status: 'open', limit: PIPELINE_MAX });
          const byStage = new Map<string, { stage: string; count: number; value: Record<string, number> }>();
          for (const v of page.items) {
            const s = byStage.get(v.opp.stage) ?? { stage: c.stage_labels[v.opp.stage] ?? v.opp.stage, count: 0, value: {} };
            s.count++;
            s.value[v.opp.currency] = (s.value[v.opp.currency] ?? 0) + (Number(v.opp.value) || 0);
            byStage.set(v.opp.stage, s);
          }
          const stages = c.stages.filter((s) => byStage.has(s)).map((s) => byStage.get(s)!);
          return [
            `Summarise my sales pipeline (${page.items.length}${page.nextCursor ? '+' : ''} open opportunities I may see; values per currency).`,
            'Say how it is spread over the stages, which deals are largest, which close dates have passed or are near, and what I should do this week. Use list_opportunities or get_opportunity for details; move_opportunity_stage only if I ask.',
            `By stage (the workspace's order):\n${json(stages)}`,
            `Open opportunities:\n${json(page.items.map(opportunityCompact))}`,
          ].join('\n\n');
        },
      },
      {
        name: 'follow_up_lead',
        title: 'Follow up a lead',
        description: 'A follow-up plan for a lead: its data and next action, a draft message, and the tasks or activities to record.',
        modules: [MODULES.leads],
        arguments: [{ name: 'lead_id', description: 'id of the lead', required: true }],
        build: async (auth, args, baseUrl) => {
          const id = idArg(args, 'lead_id');
          const l = leadCompact(await leads.get(auth, id));
          return [
            `Help me follow up the lead ${l.company}${l.contact_name ? ` (${l.contact_name})` : ''}: ${baseUrl}${recordPath('lead', id)}.`,
            'Draft a short follow-up message to the contact in the language of the note, suggest the next step and a date, and, once I agree, record it with create_task (and create_activity for a call or visit done).',
            `Lead:\n${json(l)}`,
          ].join('\n\n');
        },
      },
    ];
  }

  list(auth: UserContext, revision: string): Prompt[] {
    return this.prompts
      .filter((p) => p.modules.every((m) => auth.modules.includes(m)))
      .map((p) => ({ name: p.name, ...(revision >= '2025-06-18' ? { title: p.title } : {}), description: p.description, arguments: p.arguments }));
  }

  /** prompts/get: an unknown prompt or a missing argument is -32602; a record the caller may not see too, with `not_found: …`. */
  async get(auth: UserContext, name: string, args: Record<string, string> | undefined, baseUrl: string): Promise<GetPromptResult> {
    const p = this.prompts.find((x) => x.name === name);
    if (!p) throw rpcError(ErrorCode.InvalidParams, `unknown prompt ${name.slice(0, 100)}`);
    const off = p.modules.find((m) => !auth.modules.includes(m));
    if (off) throw rpcError(ErrorCode.InvalidParams, `module: the ${off} module is off for this user or workspace`);
    let text: string;
    try {
      text = await p.build(auth, args ?? {}, baseUrl);
    } catch (e) {
      if (e instanceof Error && typeof (e as { code?: unknown }).code === 'number') throw e;
      const err = toDomainError(e);
      if (err.code === 'internal') throw e;
      throw rpcError(ErrorCode.InvalidParams, `${err.code}: ${err.message}`);
    }
    return { description: p.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
  }
}
