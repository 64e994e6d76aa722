import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useTaskText } from '../tasks/tasks.text';

type Task = Schemas['Task'];

/** The caller's tasks due in the range: a visit's next step and any other task show on their day. */
export function useDueTasks(userId: number, from: string, to: string): Task[] {
  const tasks = useQuery({
    queryKey: ['tasks', 'calendar', userId, from, to],
    // in the shape of the task lists (one page), which a done-toggle elsewhere updates in place under ['tasks']
    queryFn: async () => ({ pages: [must(await api.GET('/api/v1/tasks', { params: { query: { assignee_id: userId, due_after: from, due_before: to, limit: 100 } } }))], pageParams: [null] }),
    placeholderData: keepPreviousData,
  });
  return tasks.data?.pages[0]?.items ?? [];
}

/** The tasks due on one day of the calendar, or nothing. */
export function DueTasks({ due }: { due: Task[] }) {
  const text = useTaskText();
  if (!due.length) return null;
  return (
    <ul className="cal-list" aria-label={text('tasksOf')}>
      {due.map((x) => (
        <TaskItem key={`t${x.id}`} task={x} />
      ))}
    </ul>
  );
}

/** A task due that day: not a timed entry (no time, a dashed mark), a link to the task. */
function TaskItem({ task }: { task: Task }) {
  const text = useTaskText();
  return (
    <li className="cal-task">
      <p className="help">{text('taskDue')}</p>
      <p className="cal-title">
        <Link to={`/tasks/${task.id}`}>{task.title}</Link>
      </p>
    </li>
  );
}
