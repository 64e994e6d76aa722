import { z } from 'zod';
import { example, f, listOf, named } from '../../../edge/openapi/schema';
import { TASK_EXAMPLE, TaskRecord } from '../../../domain/crm/tasks/task.view';

/** The action / task record: the domain's read model and its schema (src/domain/crm/tasks/task.view.ts). */
export const Task = named('Task', TaskRecord, { description: 'An action / task assigned to a user.' });
export const taskExample = example(Task, TASK_EXAMPLE);

export const TaskResponse = named('TaskResponse', z.object({ ok: f.ok(), task: Task }));
export const TaskList = listOf('TaskList', Task, 'A page of tasks, newest first.');
