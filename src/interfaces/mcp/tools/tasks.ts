import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { date, flag, id, limit, name, text } from '../mcp.args';
import { TaskCompact, TaskFields, TaskFilters, taskViewCompact } from '../../../domain/crm/tasks/task.view';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { TasksService } from '../../../domain/crm/tasks/tasks.service';

/** The domain services these tools call. */
const services = (get: ServiceOf) => ({ tasks: get(TasksService) });
type Services = ReturnType<typeof services>;

/**
 * Tasks (the activities module). The delete asks the user first (`confirm`): through elicitation when the client can be
 * asked (whatever `confirm` says), else the call must carry `confirm: true`.
 */
export function taskTools(get: ServiceOf): ToolDef[] {
  const s = services(get);
  return [...taskReads(s), ...taskWrites(s)];
}

/** The user's open tasks. */
function taskReads(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'list_tasks',
      title: 'List tasks',
      description: "The user's visible tasks, open ones unless open is false; filter by status, assignee, company, opportunity or due days.",
      write: false,
      output: z.array(TaskCompact),
      module: MODULES.activities,
      input: z.strictObject({
        ...TaskFilters.omit({ overdue: true, open: true }).shape,
        overdue: flag('only overdue tasks').optional(),
        open: flag('true (the default): open tasks; false: done or cancelled ones').optional(),
        limit: limit().optional(),
      }),
      choices: (c) => ({ status: c.task_statuses }),
      run: async (auth, { overdue, open, ...a }) =>
        (await s.tasks.list(auth, { ...a, open: open === false ? 'false' : 'true', overdue: overdue ? 'true' : undefined, limit: a.limit ?? 20 })).items.map(taskViewCompact),
    }),
  ];
}

/** A new task, its changes, completion and deletion. */
function taskWrites(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'create_task',
      title: 'Create a task',
      description: 'A task for the user (or, as REST allows, another active user), optionally tied to a company, contact or opportunity.',
      write: true,
      destructive: false,
      idempotent: false,
      output: TaskCompact,
      module: MODULES.activities,
      input: z.strictObject(TaskFields.shape),
      choices: (c) => ({ priority: c.task_priorities, status: c.task_statuses }),
      run: async (auth, a) => taskViewCompact(await s.tasks.create(auth, a)),
    }),
    defineTool({
      name: 'update_task',
      title: 'Update a task',
      description: 'Change a task the user may edit (title, due date, priority, status); only the arguments given change. due_date null removes the due date.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.activities,
      output: TaskCompact,
      input: z.strictObject({
        id: id('task'),
        title: name(300, 'what to do').optional(),
        due_date: date('due date').nullable().optional().describe('due date (YYYY-MM-DD), or null to remove it'),
        priority: text(40, 'one of the workspace task priorities').optional(),
        status: text(40, 'one of the workspace task statuses').optional(),
      }),
      choices: (c) => ({ priority: c.task_priorities, status: c.task_statuses }),
      run: async (auth, { id: taskId, ...change }) => taskViewCompact(await s.tasks.update(auth, taskId, change)),
    }),
    defineTool({
      name: 'complete_task',
      title: 'Complete a task',
      description: "Mark a task the user may edit as done (the workspace's done status).",
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.activities,
      output: TaskCompact,
      input: z.strictObject({ id: id('task') }),
      run: async (auth, a) => taskViewCompact(await s.tasks.update(auth, a.id, { status: auth.workspace.constants.task_done_status })),
    }),
    defineTool({
      name: 'delete_task',
      title: 'Delete a task',
      description: 'Delete a task the user may edit, for good (DELETE /api/v1/tasks/{id}). The user is asked first; a client that cannot ask must pass confirm: true once the user agreed.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.activities,
      output: z.object({ deleted: z.literal(true), id: z.int() }),
      input: z.strictObject({ id: id('task') }),
      confirm: async (auth, a) => `Delete the task "${(await s.tasks.get(auth, a.id)).task.title}" (task ${a.id}) for good?`,
      run: async (auth, a) => {
        await s.tasks.remove(auth, a.id);
        return { deleted: true as const, id: a.id };
      },
    }),
  ];
}
taskTools.place = 70;
