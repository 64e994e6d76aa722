import { recordSchemas } from '../../../edge/openapi/schema';
import { TASK_EXAMPLE, TaskRecord } from '../../../domain/crm/tasks/task.view';

/** The action / task record: the domain's read model and its schema (src/domain/crm/tasks/task.view.ts). */
export const { Record: Task, Response: TaskResponse, List: TaskList } = recordSchemas('Task', 'task', TaskRecord, {
  description: 'An action / task assigned to a user.',
  example: TASK_EXAMPLE,
  list: 'A page of tasks, newest first.',
});
