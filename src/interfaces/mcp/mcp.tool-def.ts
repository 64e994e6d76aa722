import * as z from 'zod/v4';
import { DomainError } from '../../platform/common/errors';
import type { ActivitiesService } from '../../domain/crm/activities/activities.service';
import type { CompaniesService } from '../../domain/crm/companies/companies.service';
import type { EventJournalService } from '../../domain/crm/journal';
import type { LeadsService } from '../../domain/crm/leads/leads.service';
import type { OpportunitiesService } from '../../domain/crm/opportunities/opportunities.service';
import type { PeopleService } from '../../domain/crm/people/people.service';
import type { TasksService } from '../../domain/crm/tasks/tasks.service';
import type { TodayService } from '../../domain/crm/today/today.service';
import type { UserContext } from '../../domain/identity/auth-context';
import type { ModuleName } from '../../domain/workspace/defaults';
import type { WorkspaceConstants } from '../../domain/workspace/workspace.entity';

/** One MCP tool: its zod input schema, the licence module it needs, and one domain service call. */
export interface ToolDef<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** Needs crm.write (checked before the request reaches the MCP server: 403 insufficient_scope). */
  write: boolean;
  module?: ModuleName;
  input: S;
  /** Workspace lists offered as an argument's `enum` in tools/list (the service still checks the value). */
  choices?: (c: WorkspaceConstants) => Record<string, string[]>;
  run: (auth: UserContext, args: z.output<S>) => Promise<unknown>;
}

/** A tool definition with its argument type checked against its schema. */
export const defineTool = <S extends z.ZodObject>(def: ToolDef<S>): ToolDef => def as unknown as ToolDef;

/** The services the tools call: the same ones the REST controllers call. */
export interface ToolServices {
  companies: CompaniesService;
  people: PeopleService;
  opps: OpportunitiesService;
  activities: ActivitiesService;
  tasks: TasksService;
  today: TodayService;
  leads: LeadsService;
  events: EventJournalService;
}

/** Rule 11 inside a tool that reads several record kinds (get_record): a tool error `module: …`. */
export function requireModule(auth: UserContext, module: ModuleName): void {
  if (!auth.modules.includes(module)) throw new DomainError('module', `the ${module} module is off for this user or workspace`);
}
