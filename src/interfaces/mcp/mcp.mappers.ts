import { companyCompact } from '../../domain/crm/companies/company.view';
import type { JournalPage } from '../../domain/crm/journal';
import { taskCompact } from '../../domain/crm/tasks/task.view';
import type { TodayMeetingRow, TodayView } from '../../domain/crm/today/today.service';
import { formatTimestamp } from '../../platform/common/time';
import type { Workspace } from '../../domain/workspace/workspace.entity';

/**
 * Compact JSON of what the tools answer beyond the records: a record kind's compact projection sits beside its read
 * model in the domain (`src/domain/crm/<kind>/<kind>.view.ts`), so a field is mapped once for REST and MCP.
 */

export const meeting = (e: TodayMeetingRow, ws: Workspace) => ({
  id: e.id,
  title: e.title,
  start: formatTimestamp(e.startAt, ws.timezone),
  end: formatTimestamp(e.endAt, ws.timezone),
  location: e.location,
  customer_id: e.customerId,
});

/** The agenda part of Today: meetings, actions due soon, what is overdue and the weekly targets. */
export const agenda = (v: TodayView, ws: Workspace) => ({
  date: v.date,
  meetings: v.meetings.map((e) => meeting(e, ws)),
  actions: v.actions.map((t) => taskCompact(t, false)),
  overdue_tasks: v.overdueTasks.map((t) => taskCompact(t, true)),
  overdue_visits: v.overdueVisits.map(companyCompact),
  targets: { week_start: v.targets.weekStart, visits: v.targets.visits, tasks: v.targets.tasks },
});

/** A page of the event journal: the events as webhooks deliver them, and where to read on. */
export const journal = (p: JournalPage, ws: Workspace) => ({
  events: p.events.map((e) => ({ id: e.id, event: e.event, title: e.title, text: e.text, url: e.url, data: e.data, sent_at: formatTimestamp(e.occurredAt, ws.timezone), cursor: e.cursor })),
  next_cursor: p.nextCursor,
});
