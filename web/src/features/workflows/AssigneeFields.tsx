import { useId } from 'react';
import { useMe } from '../../lib/session';
import { Field } from '../../shell/forms';
import { useWorkflowText } from './workflows.text';
import type { Action } from './model';

type Assignee = NonNullable<Action['assignee']>;

/**
 * Who gets the work: the record's owner, one user chosen by name, or users in turn (round robin; the API
 * takes the users, not a team: the workspace has no teams to pick).
 */
export function AssigneeFields({ value, withOwner, onChange }: { value: Assignee; withOwner: boolean; onChange: (a: Assignee) => void }) {
  const text = useWorkflowText();
  const me = useMe();
  const id = useId();
  const users = [...me.users].sort((a, b) => (a.full_name || a.username).localeCompare(b.full_name || b.username));
  const setKind = (kind: Assignee['kind']) => onChange(kind === 'owner' ? { kind } : kind === 'user' ? { kind, user_id: users[0]?.id } : { kind, user_ids: [] });
  const picked = new Set(value.user_ids ?? []);
  return (
    <>
      <Field label={text('assignee')}>
        {(p) => (
          <select {...p} value={value.kind} onChange={(e) => setKind(e.target.value as Assignee['kind'])}>
            {withOwner ? <option value="owner">{text('owner')}</option> : null}
            <option value="user">{text('user')}</option>
            <option value="round_robin">{text('roundRobin')}</option>
          </select>
        )}
      </Field>
      {value.kind === 'user' ? (
        <Field label={text('user')}>
          {(p) => (
            <select {...p} value={value.user_id ?? ''} onChange={(e) => onChange({ kind: 'user', user_id: Number(e.target.value) })}>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name || u.username}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {value.kind === 'round_robin' ? (
        <fieldset className="wf-users">
          <legend>{text('roundRobinUsers')}</legend>
          {users.map((u) => (
            <label key={u.id} htmlFor={`${id}-${u.id}`}>
              <input
                id={`${id}-${u.id}`}
                type="checkbox"
                checked={picked.has(u.id)}
                onChange={(e) => onChange({ kind: 'round_robin', user_ids: e.target.checked ? [...picked, u.id] : [...picked].filter((x) => x !== u.id) })}
              />{' '}
              {u.full_name || u.username}
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
