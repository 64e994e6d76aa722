import { useId, useState } from 'react';
import { useWorkflowText } from './workflows.text';
import { useWorkflowNames } from './names.text';
import { ActionForm } from './ActionForm';
import { ACTION_TYPES, newAction, REMOTE_TYPES, type Action, type ActionType, type RecordKind } from './model';

/**
 * The ordered actions: each as its form, moved up or down, removed; a new one added by type. Inside a branch
 * (`nested`) neither a branch, a wait nor an action that sends something out (the API refuses them there).
 */
export function ActionList({ legend, actions, kind, fields, nested, onChange }: { legend: string; actions: Action[]; kind: RecordKind | null; fields: string[]; nested?: boolean; onChange: (a: Action[]) => void }) {
  const text = useWorkflowText();
  const names = useWorkflowNames();
  const id = useId();
  const types = ACTION_TYPES.filter((t) => !nested || (t !== 'branch' && t !== 'wait' && !REMOTE_TYPES.includes(t)));
  const [type, setType] = useState<ActionType>(types[0]);
  const move = (i: number, by: number) => {
    const next = [...actions];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  return (
    <fieldset className={nested ? 'wf-actions nested' : 'wf-actions'}>
      <legend>{legend}</legend>
      <ol className="wf-action-list">
        {actions.map((a, i) => {
          const title = text('action', { n: i + 1, type: names(`type.${a.type}`) });
          return (
            <li key={i}>
              <fieldset className="wf-action">
                <legend>{title}</legend>
                <ActionForm action={a} kind={kind} fields={fields} onChange={(x) => onChange(actions.map((y, j) => (j === i ? x : y)))} />
                <div className="co-actions">
                  <button type="button" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`${text('moveUp')}: ${title}`}>
                    ↑ {text('moveUp')}
                  </button>
                  <button type="button" disabled={i === actions.length - 1} onClick={() => move(i, 1)} aria-label={`${text('moveDown')}: ${title}`}>
                    ↓ {text('moveDown')}
                  </button>
                  <button type="button" onClick={() => onChange(actions.filter((_, j) => j !== i))} aria-label={`${text('remove')}: ${title}`}>
                    {text('remove')}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="wf-row">
        <div className="co-field">
          <label htmlFor={id}>{text('actionType')}</label>
          <select id={id} value={type} onChange={(e) => setType(e.target.value as ActionType)}>
            {types.map((t) => (
              <option key={t} value={t}>
                {names(`type.${t}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => onChange([...actions, newAction(type)])}>
          {nested ? `${text('addAction')} (${legend})` : text('addAction')}
        </button>
      </div>
    </fieldset>
  );
}
