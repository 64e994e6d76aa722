import type { ExportLinks } from '../../edge/export-links';
import type { ActivityReportService, ForecastAccuracyService, ForecastAdjustmentsService, ReportsService } from '../../domain/crm/reports';
import * as z from 'zod/v4';
import { DomainError } from '../../platform/common/errors';
import type { ActivitiesService } from '../../domain/crm/activities/activities.service';
import type { CalendarService } from '../../domain/crm/calendar/calendar.service';
import type { CompaniesService } from '../../domain/crm/companies/companies.service';
import type { ImportsService } from '../../domain/crm/imports';
import type { WorkflowInvoker, WorkflowsService } from '../../domain/crm/workflows';
import type { EventJournalService } from '../../domain/crm/journal';
import type { LeadsService } from '../../domain/crm/leads/leads.service';
import type { OpportunitiesService } from '../../domain/crm/opportunities/opportunities.service';
import type { PeopleService } from '../../domain/crm/people/people.service';
import type { SearchService } from '../../domain/crm/search';
import type { ApprovalsService } from '../../domain/crm/approvals/approvals.service';
import type { LeadConvertService } from '../../domain/crm/leads/lead-convert.service';
import type { ObjectRecordsService } from '../../domain/crm/objects/object-records.service';
import type { ObjectTypesService } from '../../domain/crm/objects/object-types.service';
import type { OrdersService } from '../../domain/crm/orders/orders.service';
import type { QuickEntryService } from '../../domain/crm/quick-entry/quick-entry.service';
import type { TicketsService } from '../../domain/crm/tickets/tickets.service';
import type { TasksService } from '../../domain/crm/tasks/tasks.service';
import type { TodayService } from '../../domain/crm/today/today.service';
import type { UserContext } from '../../domain/identity/auth-context';
import type { ModuleName } from '../../domain/workspace/defaults';
import type { WorkspaceConstants } from '../../domain/workspace/workspace.entity';

/** What a tool runs with besides its arguments: where the web app's record URLs start (the workspace's configured link base, never the request's host). */
export interface ToolContext {
  baseUrl: string;
}

interface ToolBase<S extends z.ZodObject, O extends z.ZodType> {
  name: string;
  title: string;
  description: string;
  module?: ModuleName;
  input: S;
  /** The result's schema (`outputSchema`); `run` must answer its input type. */
  output: O;
  /** `structuredContent` is the result itself (an object, as the research tools answer) rather than `{result}`. */
  bare?: boolean;
  /** Workspace lists offered as an argument's `enum` in tools/list (the service still checks the value). */
  choices?: (c: WorkspaceConstants) => Record<string, string[]>;
  /** The effect reaches beyond the CRM (an order handed to the ERP): `openWorldHint`. */
  openWorld?: boolean;
  run: (auth: UserContext, args: z.output<S>, ctx: ToolContext) => Promise<z.input<O>>;
  /**
   * A delete, archive or bulk write asks the user first (McpTools.confirmed in mcp.tools.ts): the question
   * for these arguments (reading the record also checks it is there and visible), or null when they need
   * none. Such a tool takes `confirm: true` only from a client that cannot be asked; one that declared
   * elicitation is always asked.
   */
  confirm?: (auth: UserContext, args: z.output<S>) => Promise<string | null>;
}

/**
 * One MCP tool: its zod input and output schemas, the licence module it needs, and one domain service
 * call. A write (needs crm.write) states its annotations: `destructive` when it changes or removes what
 * exists rather than only adding, `idempotent` when a repeat with the same arguments changes nothing more.
 */
export type ToolDef<S extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> = ToolBase<S, O> &
  ({ write: false } | { write: true; destructive: boolean; idempotent: boolean });

/** A tool definition with its argument and result types checked against its schemas. */
export const defineTool = <S extends z.ZodObject, O extends z.ZodType>(def: ToolDef<S, O>): ToolDef => def as unknown as ToolDef;

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
  search: SearchService;
  calendar: CalendarService;
  leadConvert: LeadConvertService;
  orders: OrdersService;
  approvals: ApprovalsService;
  tickets: TicketsService;
  objectTypes: ObjectTypesService;
  objectRecords: ObjectRecordsService;
  quickEntry: QuickEntryService;
  reports: ReportsService;
  /** forecast_accuracy, activity_report, forecast_adjustments, set_forecast_adjustment */
  accuracy: ForecastAccuracyService;
  activityReport: ActivityReportService;
  adjustments: ForecastAdjustmentsService;
  /** import jobs (import_status reads them) */
  imports: ImportsService;
  /** signs the download links `export_records` answers */
  exportLinks: ExportLinks;
  /** workflows (list_workflows, run_workflow) */
  workflows: WorkflowsService;
  workflowInvoker: WorkflowInvoker;
}

/** Rule 11 inside a tool that reads several record kinds (get_record): a tool error `module: …`. */
export function requireModule(auth: UserContext, module: ModuleName): void {
  if (!auth.modules.includes(module)) throw new DomainError('module', `the ${module} module is off for this user or workspace`);
}
