import { summaryOf } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { nameOf } from '../shared/lateral';
import type { Page } from '../shared/paging';
import type { Task } from './task.entity';
import type { TaskView } from './tasks.service';

/**
 * The read model of a task: the record as the outside world sees it (the action of spec 2.9), linked names beside
 * ids, timestamps in the workspace's local time. REST answers and documents it (`src/interfaces/rest/tasks/task.schema.ts`,
 * checked against this shape by tsc), exports write it, and MCP answers the compact projection (below).
 */

/** The action / task record. */
export function taskView(v: TaskView, ws: Workspace) {
  const t = v.task;
  const locale = ws.app.locale;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    due_date: t.dueDate,
    priority: t.priority,
    status: t.status,
    assignee: summaryOf(v.users, t.assigneeId, locale),
    owner: summaryOf(v.users, t.ownerId, locale),
    customer_id: t.customerId,
    customer: nameOf(v.names.companies, t.customerId),
    person_id: t.personId,
    person: nameOf(v.names.people, t.personId),
    opp_id: t.oppId,
    opp: nameOf(v.names.opps, t.oppId),
    done_at: formatTimestamp(t.doneAt, ws.timezone),
    overdue: v.overdue,
    due_soon: v.dueSoon,
    can_edit: v.canEdit,
    created_at: formatTimestamp(t.createdAt, ws.timezone),
    updated_at: formatTimestamp(t.updatedAt, ws.timezone),
  };
}

/** A page of task records, in the order the page holds them. */
export const taskPageView = (page: Page<TaskView>, ws: Workspace) => page.items.map((v) => taskView(v, ws));

/** The compact projection MCP tools, Today's agenda tool and Ask's model answer: status, due date and the linked ids. */
export const taskCompact = (t: Pick<Task, 'id' | 'title' | 'status' | 'priority' | 'dueDate' | 'customerId' | 'oppId'>, overdue: boolean) => ({
  id: t.id,
  title: t.title,
  status: t.status,
  priority: t.priority,
  due_date: t.dueDate,
  overdue,
  customer_id: t.customerId,
  opp_id: t.oppId,
});

/** A task read as the compact projection. */
export const taskViewCompact = (v: TaskView) => taskCompact(v.task, v.overdue);
