import * as z from 'zod/v4';
import { OpportunityBriefCompact, OpportunityCompact, OpportunityDetailCompact } from '../../domain/crm/opportunities/opportunity.view';
import { LeadCompact } from '../../domain/crm/leads/lead.view';
import { ActivityCompact } from '../../domain/crm/activities/activity.view';
import { PersonCompact } from '../../domain/crm/people/person.view';
import { TaskCompact } from '../../domain/crm/tasks/task.view';

/**
 * The tools' output schemas (MCP `outputSchema`, revision 2025-06-18 on): the shapes of the records' compact projections
 * (`src/domain/crm/<kind>/<kind>.view.ts`) and of `mcp.mappers.ts` (the agenda).
 * A tool's `run` must answer `z.input` of its schema, so tsc refuses a mapper that drifts from what
 * tools/list promises; the SDK client validates every `structuredContent` against it.
 */

const rid = z.string().describe('record id, e.g. C-12 (pass it to get_record)');
/** Another system's key (REST `external_id`): imports match on it. */
const externalId = z.string().nullable().describe("the record's key in the system it came from (unique per workspace and kind), or null");
const day = (what: string) => z.string().nullable().describe(`${what} (YYYY-MM-DD), or null`);

export const Company = z.object({
  rid,
  id: z.int().describe('company id'),
  name: z.string(),
  status: z.string().describe('one of the workspace customer statuses'),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  owner_id: z.int().describe('user id of the owner'),
  last_visit: day('last visit'),
  next_visit_due: day('when the next visit is due'),
  external_id: externalId,
});

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

export const Journal = z.object({
  events: z.array(
    z.object({
      id: z.int(),
      event: z.string().describe('event kind'),
      title: z.string(),
      text: z.string(),
      url: z.string().describe('the record in the web app'),
      data: z.record(z.string(), z.unknown()).describe('the event as webhooks deliver it'),
      sent_at: z.string().describe('YYYY-MM-DDTHH:mm:ss'),
      cursor: z.string(),
    }),
  ),
  next_cursor: z.string().describe('pass as `after` to read on'),
});

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
