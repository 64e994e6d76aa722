import { z } from 'zod';
import { date, id, name, orNull, text } from '../../../platform/common/record-input';
import { summaryOf, USER_SUMMARY_EXAMPLE, UserSummarySchema } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { field, maskOf } from '../../../platform/common/record-fields';
import { nameOf } from '../shared/lateral';
import type { Page } from '../shared/paging';
import type { Task } from './task.entity';
import type { TaskView } from './tasks.service';

/**
 * The read model of a task: the record as the outside world sees it (the action of spec 2.9), linked names beside
 * ids, timestamps in the workspace's local time, with its one schema. REST documents the schema as Task
 * (`src/interfaces/rest/tasks/task.schema.ts`), exports write the record, and MCP and Today answer and describe the
 * compact projection (below), so a field added here is in every answer.
 */

/** A query's yes or no, as text. */
const yesNo = (description: string) => z.enum(['true', 'false']).describe(description);

/**
 * What a list of tasks is filtered by (each optional; they combine): REST's query is made from it (`QueryDto`, with
 * the page's own fields), list_tasks takes it (its yes-or-no filters as booleans), and the service's list reads it.
 */
export const TaskFilters = z.object({
  status: text(40, 'one of constants.task_statuses').optional(),
  assignee_id: id('assigned user').optional(),
  customer_id: id('company').optional(),
  opp_id: id('opportunity').optional(),
  due_before: date('due on or before this day').optional(),
  due_after: date('due on or after this day').optional(),
  overdue: yesNo('due before today (workspace time zone) and not in a closed status').optional(),
  open: yesNo('true: in a status other than the closed ones (constants.task_closed_statuses); false: in a closed one').optional(),
});

/**
 * What a new task is made of: the one declaration of the create command's fields, with their checks and descriptions:
 * the create_task tool takes it as its input, REST's `CreateTaskDto` is made from it (`FieldsDto`; inbound hooks check a
 * task's JSON with that DTO), and the service stores a field it does not treat itself as it came (`storedAsIs`). A link,
 * the description, the due date, the priority or the status may be sent as null, the same as leaving it out.
 */
export const TaskFields = z.object({
  title: name(300, 'what to do'),
  description: orNull(text(5000, 'the task in full')),
  due_date: orNull(date('due date').meta({ description: 'due date (YYYY-MM-DD)', examples: ['2026-03-20'] })),
  priority: orNull(text(40, 'one of constants.task_priorities; default the middle one of the list (lowest first)')),
  status: orNull(text(40, 'one of constants.task_statuses; default the first')),
  assignee_id: id('user').nullable().optional().describe('an active user; default the caller'),
  customer_id: orNull(id('company')),
  person_id: orNull(id('contact')),
  opp_id: orNull(id('opportunity')),
});

/** A new task's fields as the interfaces send them. */
export type TaskFields = z.output<typeof TaskFields>;

/** The action / task record (spec 2.18: fields not shown in the spec; these are the service's). */
export const TaskRecord = z.object({
  id: field.id(),
  title: z.string(),
  description: z.string(),
  due_date: field.date().nullable(),
  priority: z.string().meta({ description: 'one of constants.task_priorities (GET /api/v1/me)' }),
  status: z.string().meta({ description: 'one of constants.task_statuses (GET /api/v1/me)' }),
  assignee: UserSummarySchema.nullable(),
  owner: UserSummarySchema.nullable().meta({ description: 'who created the task' }),
  customer_id: field.id().nullable(),
  customer: z.string().nullable().meta({ description: "the company's name; null without one, '' when it no longer exists" }),
  person_id: field.id().nullable(),
  person: z.string().nullable().meta({ description: "the person's name; null without one, '' when it no longer exists" }),
  opp_id: field.id().nullable(),
  opp: z.string().nullable().meta({ description: "the opportunity's name; null without one, '' when it no longer exists" }),
  done_at: field.timestamp().nullable().meta({ description: 'when the task was set to the done status; null while it is not done' }),
  overdue: z.boolean().meta({ description: 'due before today (workspace time zone) and not in a closed status' }),
  due_soon: z.boolean().meta({ description: 'open, not overdue, and due within constants.action_soon_days' }),
  can_edit: z.boolean().meta({ description: 'the caller may change or delete it (its owner, its assignee or an admin)' }),
  created_at: field.timestamp(),
  updated_at: field.timestamp(),
});

/** The record as the API documents show it. */
export const TASK_EXAMPLE: z.output<typeof TaskRecord> = {
  id: 230, title: 'Send the revised offer', description: 'Volume 12.5 t, 60 days payment.', due_date: '2026-12-01', priority: 'High', status: 'Open',
  assignee: USER_SUMMARY_EXAMPLE, owner: USER_SUMMARY_EXAMPLE, customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.', person_id: 118, person: 'Mert Kaya', opp_id: 95, opp: 'PE film 2027 contract', done_at: null, overdue: false, due_soon: true,
  can_edit: true, created_at: '2026-11-24T17:12:09', updated_at: '2026-11-24T17:12:09',
};

/** The action / task record. */
export function taskView(v: TaskView, ws: Workspace): z.output<typeof TaskRecord> {
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

/** What the compact projection leaves out of the record: the texts, the people, the names, the times. */
const NOT_COMPACT = ['description', 'assignee', 'owner', 'customer', 'person_id', 'person', 'opp', 'done_at', 'due_soon', 'can_edit', 'created_at', 'updated_at'] as const;

/**
 * The compact projection Today (REST names it TodayTask), the MCP tools, the agenda tool and Ask's model answer: status,
 * due date and the linked ids. `overdue` without the record's description: Today documents it so.
 */
export const TaskCompact = TaskRecord.omit(maskOf(NOT_COMPACT)).extend({ overdue: z.boolean() });

/** A task (or Today's row of one) read as the compact projection: one builder for REST and the tools. */
export const taskCompact = (t: Pick<Task, 'id' | 'title' | 'status' | 'priority' | 'dueDate' | 'customerId' | 'oppId'>, overdue: boolean): z.output<typeof TaskCompact> => ({
  id: t.id,
  title: t.title,
  due_date: t.dueDate,
  priority: t.priority,
  status: t.status,
  customer_id: t.customerId,
  opp_id: t.oppId,
  overdue,
});

/** A task read as the compact projection. */
export const taskViewCompact = (v: TaskView) => taskCompact(v.task, v.overdue);
