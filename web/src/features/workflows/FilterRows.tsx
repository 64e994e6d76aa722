import { useId, useState } from 'react';
import { useMe } from '../../lib/session';
import { useWorkflowText } from './workflows.text';
import { useNameOf } from './names.text';
import { choicesOf, type Condition, type Filter, type RecordKind } from './model';

type Op = Condition['op'];

/** The label of a field: `record.stage` → “Stage”, an unknown one as it is. */
export function useFieldLabel() {
  const nameOf = useNameOf();
  return (field: string) => nameOf('field', field.replace(/^record\./, ''));
}

/**
 * A filter in the webhook filters' language as rows of field / operator / value (no code): the fields are
 * the ones the trigger offers, a value of a workspace list (stages, priorities, statuses) is chosen from it.
 */
export function FilterRows({ legend, filter, fields, kind, onChange }: { legend: string; filter: Filter | null | undefined; fields: string[]; kind: RecordKind | null; onChange: (f: Filter) => void }) {
  const text = useWorkflowText();
  const f: Filter = filter ?? { match: 'all', conditions: [] };
  const matchId = useId();
  const set = (conditions: Condition[]) => onChange({ ...f, conditions });
  return (
    <fieldset className="wf-filter">
      <legend>{legend}</legend>
      {f.conditions.length === 0 ? <p className="help">{text('noConditions')}</p> : null}
      {f.conditions.length > 1 ? (
        <div className="co-field">
          <label htmlFor={matchId}>{text('match')}</label>
          <select id={matchId} value={f.match} onChange={(e) => onChange({ ...f, match: e.target.value as Filter['match'] })}>
            <option value="all">{text('matchAll')}</option>
            <option value="any">{text('matchAny')}</option>
          </select>
        </div>
      ) : null}
      {f.conditions.map((c, i) => (
        <ConditionRow key={i} n={i + 1} c={c} fields={fields} kind={kind} onChange={(x) => set(f.conditions.map((y, j) => (j === i ? x : y)))} onRemove={() => set(f.conditions.filter((_, j) => j !== i))} />
      ))}
      {fields.length > 0 ? (
        <button type="button" onClick={() => set([...f.conditions, { field: fields[0], op: 'eq', value: '' }])}>
          {text('addCondition')}
        </button>
      ) : null}
    </fieldset>
  );
}

function ConditionRow({ n, c, fields, kind, onChange, onRemove }: { n: number; c: Condition; fields: string[]; kind: RecordKind | null; onChange: (c: Condition) => void; onRemove: () => void }) {
  const text = useWorkflowText();
  const me = useMe();
  const label = useFieldLabel();
  const id = useId();
  const choices = choicesOf(me, kind, c.field);
  const list = Array.isArray(c.value) ? c.value : [c.value];
  const [raw, setRaw] = useState(list.filter((v) => v !== null).join(', '));
  const setOp = (op: Op) => onChange({ ...c, op, value: op === 'in' ? list.filter((v) => v !== '') : (list[0] ?? '') });
  const setValue = (typed: string) => (setRaw(typed), onChange({ ...c, value: c.op === 'in' ? typed.split(',').map((v) => v.trim()).filter(Boolean) : typed }));
  return (
    <div role="group" aria-label={text('condition', { n })} className="wf-row">
      <div className="co-field">
        <label htmlFor={`${id}-f`}>{text('field')}</label>
        <select id={`${id}-f`} value={c.field} onChange={(e) => (setRaw(''), onChange({ ...c, field: e.target.value, value: c.op === 'in' ? [] : '' }))}>
          {(fields.includes(c.field) ? fields : [c.field, ...fields]).map((x) => (
            <option key={x} value={x}>
              {label(x)}
            </option>
          ))}
        </select>
      </div>
      <div className="co-field">
        <label htmlFor={`${id}-o`}>{text('op')}</label>
        <select id={`${id}-o`} value={c.op} onChange={(e) => setOp(e.target.value as Op)}>
          <option value="eq">{text('opEq')}</option>
          <option value="not">{text('opNot')}</option>
          <option value="in">{text('opIn')}</option>
        </select>
      </div>
      <div className="co-field">
        <label htmlFor={`${id}-v`}>{text('value')}</label>
        {choices && c.op !== 'in' ? (
          <select id={`${id}-v`} value={String(c.value ?? '')} onChange={(e) => setValue(e.target.value)}>
            <option value="" />
            {choices.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label}
              </option>
            ))}
          </select>
        ) : (
          <input id={`${id}-v`} value={raw} onChange={(e) => setValue(e.target.value)} aria-describedby={c.op === 'in' ? `${id}-h` : undefined} />
        )}
        {c.op === 'in' ? (
          <p className="help" id={`${id}-h`}>
            {text('valuesHelp')}
          </p>
        ) : null}
      </div>
      <button type="button" onClick={onRemove} aria-label={`${text('remove')}: ${text('condition', { n })}`}>
        {text('remove')}
      </button>
    </div>
  );
}
