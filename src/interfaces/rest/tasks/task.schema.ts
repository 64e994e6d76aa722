import { z } from 'zod';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import type { taskView } from '../../../domain/crm/tasks/task.view';
import { UserSummary, userSummaryExample } from '../shared/common.schema';

/** The action / task record (spec 2.18: fields not shown in the spec; these are the service's). */
export const Task = named(
  'Task',
  z.object({
    id: f.id(),
    title: z.string(),
    description: z.string(),
    due_date: f.date().nullable(),
    priority: z.string().meta({ description: 'one of constants.task_priorities (GET /api/v1/me)' }),
    status: z.string().meta({ description: 'one of constants.task_statuses (GET /api/v1/me)' }),
    assignee: UserSummary.nullable(),
    owner: UserSummary.nullable().meta({ description: 'who created the task' }),
    customer_id: f.id().nullable(),
    customer: z.string().nullable().meta({ description: "the company's name; null without one, '' when it no longer exists" }),
    person_id: f.id().nullable(),
    person: z.string().nullable().meta({ description: "the person's name; null without one, '' when it no longer exists" }),
    opp_id: f.id().nullable(),
    opp: z.string().nullable().meta({ description: "the opportunity's name; null without one, '' when it no longer exists" }),
    done_at: f.timestamp().nullable().meta({ description: 'when the task was set to the done status; null while it is not done' }),
    overdue: z.boolean().meta({ description: 'due before today (workspace time zone) and not in a closed status' }),
    due_soon: z.boolean().meta({ description: 'open, not overdue, and due within constants.action_soon_days' }),
    can_edit: z.boolean().meta({ description: 'the caller may change or delete it (its owner, its assignee or an admin)' }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: 'An action / task assigned to a user.' },
);
export const taskExample = example(Task, {
  id: 230, title: 'Send the revised offer', description: 'Volume 12.5 t, 60 days payment.', due_date: '2026-12-01', priority: 'High', status: 'Open',
  assignee: userSummaryExample, owner: userSummaryExample, customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.', person_id: 118, person: 'Mert Kaya', opp_id: 95, opp: 'PE film 2027 contract', done_at: null, overdue: false, due_soon: true,
  can_edit: true, created_at: '2026-11-24T17:12:09', updated_at: '2026-11-24T17:12:09',
});

export const TaskResponse = named('TaskResponse', z.object({ ok: f.ok(), task: Task }));
export const TaskList = listOf('TaskList', Task, 'A page of tasks, newest first.');

/** The domain's read model is what this schema documents (src/domain/crm/tasks/task.view.ts). */
export type TaskViewFits = Assert<Conforms<ReturnType<typeof taskView>, typeof Task>>;
