import { companyCompact } from '../../domain/crm/companies/company.view';
import { taskCompact } from '../../domain/crm/tasks/task.view';
import type { TodayView } from '../../domain/crm/today/today.service';
import { meetingView } from '../../domain/crm/today/today.view';
import type { Workspace } from '../../domain/workspace/workspace.entity';

/**
 * Compact JSON of what the tools answer beyond the records: a record kind's compact projection sits beside its read
 * model in the domain (`src/domain/crm/<kind>/<kind>.view.ts`), so a field is mapped once for REST and MCP.
 */

/** The agenda part of Today: meetings, actions due soon, what is overdue and the weekly targets. */
export const agenda = (v: TodayView, ws: Workspace) => ({
  date: v.date,
  meetings: v.meetings.map((e) => meetingView(e, ws)),
  actions: v.actions.map((t) => taskCompact(t, false)),
  overdue_tasks: v.overdueTasks.map((t) => taskCompact(t, true)),
  overdue_visits: v.overdueVisits.map(companyCompact),
  targets: { week_start: v.targets.weekStart, visits: v.targets.visits, tasks: v.targets.tasks },
});

