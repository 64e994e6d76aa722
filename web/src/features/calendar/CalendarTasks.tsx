import { Link } from 'react-router';
import type { Schemas } from '../../lib/api';
import { useTaskText } from '../tasks';

type Task = Schemas['Task'];

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
