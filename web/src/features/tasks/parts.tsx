import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useMe } from '../../lib/session';
import { useTaskText } from './tasks.text';
import { useTaskAnswered } from './queries';

type Task = Schemas['Task'];

/** Whether a status is one of the workspace's closed statuses. */
export function useIsClosed(): (status: string) => boolean {
  const c = useMe().constants;
  return (status) => c.task_closed_statuses.includes(status);
}

/**
 * The done checkbox: checked sets constants.task_done_status; unchecked sets the first open status. The
 * answer replaces the task in every loaded list and record (it stays where it is until the list reloads).
 */
export function DoneToggle({ task }: { task: Task }) {
  const c = useMe().constants;
  const text = useTaskText();
  const answered = useTaskAnswered();
  const reopenTo = c.task_statuses.find((s) => !c.task_closed_statuses.includes(s)) ?? c.task_statuses[0] ?? '';
  const done = task.status === c.task_done_status;
  // the click's value is held in the component's own state, set in the event itself, until the save settles:
  // react-query reports a mutation as pending only on a later tick, and until then the box showed the old value again
  const [wanted, setWanted] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: async (next: boolean) => must(await api.PATCH('/api/v1/tasks/{id}', { params: { path: { id: task.id } }, body: { status: next ? c.task_done_status : reopenTo } })).task,
    onSuccess: answered,
    onSettled: () => setWanted(null),
  });
  return (
    <input
      type="checkbox"
      className="tk-done"
      checked={wanted ?? done}
      disabled={!task.can_edit || wanted !== null}
      aria-label={done ? text('markOpen', { title: task.title }) : text('markDone', { title: task.title })}
      onChange={(e) => {
        setWanted(e.target.checked);
        toggle.mutate(e.target.checked);
      }}
    />
  );
}

/** Linked records with the names the API answers next to their ids (a task's or a calendar entry's). */
export interface Linked {
  customer_id: number | null;
  customer: string | null;
  opp_id: number | null;
  opp: string | null;
  person_id?: number | null;
  person?: string | null;
}

/**
 * The task's (or calendar entry's) linked records as links named by the records' names; a record that was
 * deleted since (name '') is named by its kind, never by its id.
 */
export function TaskLinks({ task }: { task: Linked }) {
  const text = useTaskText();
  const link = (key: string, to: string, name: string | null | undefined, kind: string) => (
    <Link key={key} to={to} title={kind}>
      {name || kind}
    </Link>
  );
  const out = [
    task.customer_id ? link('c', `/companies/${task.customer_id}`, task.customer, text('company')) : null,
    task.opp_id ? link('o', `/opportunities/${task.opp_id}`, task.opp, text('opportunity')) : null,
    task.person_id ? link('p', `/people/${task.person_id}`, task.person, text('person')) : null,
  ].filter(Boolean);
  return out.length ? <span className="tk-links">{out}</span> : null;
}
