import { formatTimestamp } from '../../../platform/common/time';
import type { Page } from '../../../domain/crm/shared/paging';
import type { TaskView } from '../../../domain/crm/tasks/tasks.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { nameOf } from '../../../domain/crm/shared/lateral';
import { listResponse, summaryOf } from './common.mapper';
import type { z } from 'zod';
import type { Task, TaskList, TaskResponse } from '../schemas/task.schema';

/** The action / task record. */
export function toTask(v: TaskView, ws: Workspace): z.output<typeof Task> {
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

export const toTaskResponse = (v: TaskView, ws: Workspace): z.output<typeof TaskResponse> => ({ ok: true as const, task: toTask(v, ws) });

export const toTaskList = (page: Page<TaskView>, ws: Workspace): z.output<typeof TaskList> =>
  listResponse(
    page.items.map((v) => toTask(v, ws)),
    page.nextCursor,
  );
