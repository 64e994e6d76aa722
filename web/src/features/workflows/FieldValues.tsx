import { useId } from 'react';
import { useMe } from '../../lib/session';
import { useWorkflowText } from './workflows.text';
import { useFieldLabel } from './FilterRows';
import { choicesOf, UPDATABLE, type Action, type RecordKind } from './model';

type Fields = NonNullable<Action['fields']>;

/** `update_fields` as rows of a field of the record and its new value (a stage, a priority: the workspace's). */
export function FieldValues({ kind, value, onChange }: { kind: RecordKind | null; value: Fields; onChange: (f: Fields) => void }) {
  const text = useWorkflowText();
  const options = (kind && UPDATABLE[kind]) || [];
  const entries = Object.entries(value);
  const free = options.filter((o) => !(o in value));
  const rename = (from: string, to: string) => onChange(Object.fromEntries(entries.map(([k, v]) => (k === from ? [to, ''] : [k, v]))));
  const drop = (k: string) => onChange(Object.fromEntries(entries.filter(([x]) => x !== k)));
  if (options.length === 0 && entries.length === 0) return <p className="help">{text('noFields')}</p>;
  return (
    <div>
      {entries.map(([k, v], i) => (
        <FieldValueRow key={k} n={i + 1} field={k} value={v} kind={kind} options={[k, ...free]} onField={(to) => rename(k, to)} onValue={(x) => onChange({ ...value, [k]: x })} onRemove={() => drop(k)} />
      ))}
      {free.length > 0 ? (
        <button type="button" onClick={() => onChange({ ...value, [free[0]]: '' })}>
          {text('addField')}
        </button>
      ) : null}
    </div>
  );
}

function FieldValueRow(props: { n: number; field: string; value: Fields[string]; kind: RecordKind | null; options: string[]; onField: (f: string) => void; onValue: (v: string) => void; onRemove: () => void }) {
  const { n, field, value, kind, options } = props;
  const text = useWorkflowText();
  const me = useMe();
  const label = useFieldLabel();
  const id = useId();
  const choices = choicesOf(me, kind, field);
  return (
    <div role="group" aria-label={`${text('field')} ${n}`} className="wf-row">
      <div className="co-field">
        <label htmlFor={`${id}-f`}>{text('field')}</label>
        <select id={`${id}-f`} value={field} onChange={(e) => props.onField(e.target.value)}>
          {options.map((o) => (
            <option key={o} value={o}>
              {label(o)}
            </option>
          ))}
        </select>
      </div>
      <div className="co-field">
        <label htmlFor={`${id}-v`}>{text('value')}</label>
        {choices ? (
          <select id={`${id}-v`} value={String(value ?? '')} onChange={(e) => props.onValue(e.target.value)}>
            <option value="" />
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        ) : (
          <input id={`${id}-v`} value={String(value ?? '')} onChange={(e) => props.onValue(e.target.value)} />
        )}
      </div>
      <button type="button" onClick={props.onRemove} aria-label={`${text('remove')}: ${label(field)}`}>
        {text('remove')}
      </button>
    </div>
  );
}
