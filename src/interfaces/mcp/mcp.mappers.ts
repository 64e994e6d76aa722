import type { ActivityView } from '../../domain/crm/activities/activities.service';
import { companyCompact } from '../../domain/crm/companies/company.view';
import type { JournalPage } from '../../domain/crm/journal';
import { rid } from '../../domain/crm/shared/record-keys';
import type { TaskView } from '../../domain/crm/tasks/tasks.service';
import type { TodayMeetingRow, TodayTaskRow, TodayView } from '../../domain/crm/today/today.service';
import { formatTimestamp } from '../../platform/common/time';
import type { Workspace } from '../../domain/workspace/workspace.entity';

/**
 * Compact JSON of what the tools answer beyond the records: a record kind's compact projection sits beside its read
 * model in the domain (`src/domain/crm/<kind>/<kind>.view.ts`), so a field is mapped once for REST and MCP.
 */

export const activity = (v: ActivityView) => ({
  rid: rid('A', v.activity.id),
  id: v.activity.id,
  type: v.activity.type,
  date: v.activity.date,
  topic: v.activity.topic,
  note: v.activity.note,
  customer_id: v.activity.customerId,
  customer: v.customer,
  opp_id: v.activity.oppId,
  people: v.people,
  next_action: v.activity.nextAction,
  next_date: v.activity.nextDate,
  task_id: v.activity.followUpTaskId,
  owner_id: v.activity.ownerId,
});

export const task = (t: TodayTaskRow, overdue: boolean) => ({
  id: t.id,
  title: t.title,
  status: t.status,
  priority: t.priority,
  due_date: t.dueDate,
  overdue,
  customer_id: t.customerId,
  opp_id: t.oppId,
});

export const taskView = (v: TaskView) => task(v.task, v.overdue);

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
  actions: v.actions.map((t) => task(t, false)),
  overdue_tasks: v.overdueTasks.map((t) => task(t, true)),
  overdue_visits: v.overdueVisits.map(companyCompact),
  targets: { week_start: v.targets.weekStart, visits: v.targets.visits, tasks: v.targets.tasks },
});

/** A page of the event journal: the events as webhooks deliver them, and where to read on. */
export const journal = (p: JournalPage, ws: Workspace) => ({
  events: p.events.map((e) => ({ id: e.id, event: e.event, title: e.title, text: e.text, url: e.url, data: e.data, sent_at: formatTimestamp(e.occurredAt, ws.timezone), cursor: e.cursor })),
  next_cursor: p.nextCursor,
});
