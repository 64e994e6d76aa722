import { useMe } from '../../lib/session';
import { Field } from '../../shell/forms';
import { useWorkflowText } from './workflows.text';
import { AssigneeFields } from './AssigneeFields';
import { FieldValues } from './FieldValues';
import { FilterRows } from './FilterRows';
import { ActionList } from './ActionList';
import { OutwardForm } from './OutwardForm';
import type { Action, RecordKind } from './model';

const UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
type Unit = keyof typeof UNITS;
const unitOf = (m: number): Unit => (m % 1440 === 0 ? 'days' : m % 60 === 0 ? 'hours' : 'minutes');
const num = (v: string) => (v === '' ? 0 : Math.max(0, Math.trunc(Number(v)) || 0));

/** One action as a form: the fields its type has (no code; `{{field}}` in a title is the one template). */
export function ActionForm({ action: a, kind, fields, onChange }: { action: Action; kind: RecordKind | null; fields: string[]; onChange: (a: Action) => void }) {
  const text = useWorkflowText();
  const me = useMe();
  const set = (patch: Partial<Action>) => onChange({ ...a, ...patch });
  switch (a.type) {
    case 'create_task':
      return (
        <>
          <Field label={text('title')} required>
            {(p) => <input {...p} value={a.title ?? ''} onChange={(e) => set({ title: e.target.value })} />}
          </Field>
          <p className="help">{text('titleHelp')}</p>
          <Field label={text('dueInDays')}>{(p) => <input {...p} type="number" min={0} max={365} value={a.due_in_days ?? 0} onChange={(e) => set({ due_in_days: num(e.target.value) })} />}</Field>
          <Field label={text('priority')}>
            {(p) => (
              <select {...p} value={a.priority ?? ''} onChange={(e) => onChange(e.target.value ? { ...a, priority: e.target.value } : (({ priority: _, ...rest }) => rest)(a))}>
                <option value="">{text('priorityDefault')}</option>
                {me.constants.task_priorities.map((x) => (
                  <option key={x}>{x}</option>
                ))}
              </select>
            )}
          </Field>
          <AssigneeFields value={a.assignee ?? { kind: 'owner' }} withOwner onChange={(assignee) => set({ assignee })} />
        </>
      );
    case 'update_fields':
      return <FieldValues kind={kind} value={a.fields ?? {}} onChange={(f) => set({ fields: f })} />;
    case 'add_note':
      return <Field label={text('note')} required>{(p) => <textarea {...p} rows={3} value={a.text ?? ''} onChange={(e) => set({ text: e.target.value })} />}</Field>;
    case 'assign_owner':
      return <AssigneeFields value={a.assignee ?? { kind: 'user' }} withOwner={false} onChange={(assignee) => set({ assignee })} />;
    case 'add_calendar_entry':
      return (
        <>
          <Field label={text('title')} required>{(p) => <input {...p} value={a.title ?? ''} onChange={(e) => set({ title: e.target.value })} />}</Field>
          <Field label={text('inDays')}>{(p) => <input {...p} type="number" min={0} max={365} value={a.in_days ?? 0} onChange={(e) => set({ in_days: num(e.target.value) })} />}</Field>
          <Field label={text('at')}>{(p) => <input {...p} type="time" value={a.at ?? '09:00'} onChange={(e) => set({ at: e.target.value })} />}</Field>
          <Field label={text('duration')}>{(p) => <input {...p} type="number" min={5} max={1440} value={a.duration_min ?? 30} onChange={(e) => set({ duration_min: num(e.target.value) })} />}</Field>
        </>
      );
    case 'send_email':
    case 'post_chat':
    case 'call_webhook':
    case 'create_record':
      return <OutwardForm action={a} onChange={onChange} />;
    case 'create_order':
      return (
        <>
          <p className="help">{text('orderHelp')}</p>
          <Field label={text('orderNote')}>{(p) => <textarea {...p} rows={2} value={a.text ?? ''} onChange={(e) => set({ text: e.target.value })} />}</Field>
          <Field label={text('orderDue')}>
            {(p) => <input {...p} type="number" min={0} max={365} value={a.due_in_days ?? ''} onChange={(e) => onChange(e.target.value === '' ? (({ due_in_days: _, ...rest }) => rest)(a) : { ...a, due_in_days: num(e.target.value) })} />}
          </Field>
        </>
      );
    case 'wait':
      return <WaitFields minutes={a.minutes ?? 60} onChange={(minutes) => set({ minutes })} />;
    case 'branch':
      return (
        <>
          <FilterRows legend={text('ifHolds')} filter={a.if} fields={fields} kind={kind} onChange={(f) => set({ if: f })} />
          <ActionList legend={text('then')} actions={a.then ?? []} kind={kind} fields={fields} nested onChange={(then) => set({ then })} />
          <ActionList legend={text('else')} actions={a.else ?? []} kind={kind} fields={fields} nested onChange={(otherwise) => set({ else: otherwise })} />
        </>
      );
  }
}

/** A wait as an amount and a unit (minutes, hours, days); the API takes minutes. */
function WaitFields({ minutes, onChange }: { minutes: number; onChange: (m: number) => void }) {
  const text = useWorkflowText();
  const unit = unitOf(minutes);
  return (
    <div className="wf-row">
      <Field label={text('waitFor')}>{(p) => <input {...p} type="number" min={1} value={minutes / UNITS[unit]} onChange={(e) => onChange(Math.max(1, num(e.target.value)) * UNITS[unit])} />}</Field>
      <Field label={text('unit')}>
        {(p) => (
          <select {...p} value={unit} onChange={(e) => onChange((minutes / UNITS[unit]) * UNITS[e.target.value as Unit])}>
            <option value="minutes">{text('minutes')}</option>
            <option value="hours">{text('hours')}</option>
            <option value="days">{text('days_')}</option>
          </select>
        )}
      </Field>
    </div>
  );
}
