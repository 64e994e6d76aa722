import * as z from 'zod/v4';
import { JournalPageCompact } from '../../domain/crm/journal/journal.view';
import { CompanyCompact } from '../../domain/crm/companies/company.view';
import { OpportunityBriefCompact, OpportunityCompact, OpportunityDetailCompact } from '../../domain/crm/opportunities/opportunity.view';
import { LeadCompact } from '../../domain/crm/leads/lead.view';
import { ActivityCompact } from '../../domain/crm/activities/activity.view';
import { PersonCompact } from '../../domain/crm/people/person.view';
import { TaskCompact } from '../../domain/crm/tasks/task.view';

/**
 * The tools' output schemas (MCP `outputSchema`, revision 2025-06-18 on). A record's is the compact projection its
 * read model declares beside its one schema (`src/domain/crm/<kind>/<kind>.view.ts`), so REST and the tools describe a
 * field with the same words; what is no record (the meeting, the agenda, the journal's page, search) is declared here.
 * A tool's `run` must answer `z.input` of its schema, so tsc refuses a mapper that drifts from what
 * tools/list promises; the SDK client validates every `structuredContent` against it.
 */

/** A company: the compact projection of its read model (src/domain/crm/companies/company.view.ts). */
export const Company = CompanyCompact;

/** A person: the compact projection of its read model (src/domain/crm/people/person.view.ts). */
export const Person = PersonCompact;

/** Opportunities: the compact projections of their read model (src/domain/crm/opportunities/opportunity.view.ts). */
export const Opportunity = OpportunityCompact;
export const OpportunityBrief = OpportunityBriefCompact;
export const OpportunityDetail = OpportunityDetailCompact;

export const Meeting = z.object({
  id: z.int().describe('calendar entry id'),
  title: z.string(),
  start: z.string().describe('YYYY-MM-DDTHH:mm:ss'),
  end: z.string(),
  location: z.string().nullable(),
  customer_id: z.int().nullable(),
});

/** An activity: the compact projection of its read model (src/domain/crm/activities/activity.view.ts). */
export const Activity = ActivityCompact;

/** A lead: the compact projection of its read model (src/domain/crm/leads/lead.view.ts). */
export const Lead = LeadCompact;

const Target = z.object({ target: z.int(), done: z.int() });

export const Agenda = z.object({
  date: z.string().describe('today in the workspace (YYYY-MM-DD)'),
  meetings: z.array(Meeting),
  actions: z.array(TaskCompact).describe('tasks due soon'),
  overdue_tasks: z.array(TaskCompact),
  overdue_visits: z.array(Company).describe('companies whose visit is overdue'),
  targets: z.object({ week_start: z.string(), visits: Target, tasks: Target }).describe("this week's targets"),
});

/** A page of the journal (src/domain/crm/journal/journal.view.ts). */
export const Journal = JournalPageCompact;

/** `search` (the research shape chat clients use): ids like `company:12`, titles, record URLs. */
export const SearchResults = z.object({
  results: z.array(
    z.object({
      id: z.string().describe('pass to fetch: company:12, person:3 or opportunity:7'),
      title: z.string(),
      url: z.string().describe('the record in the web app'),
      text: z.string().optional().describe('a one-line summary'),
    }),
  ),
});

/** `fetch`: one record as a document. */
export const Document = z.object({
  id: z.string().describe('company:12, person:3 or opportunity:7'),
  title: z.string(),
  text: z.string().describe('the record as readable text'),
  url: z.string().describe('the record in the web app'),
  metadata: z.record(z.string(), z.unknown()).describe('the record as structured fields'),
});
