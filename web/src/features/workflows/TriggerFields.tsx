import { useMe } from '../../lib/session';
import { Field } from '../../shell/forms';
import { useWorkflowText } from './workflows.text';
import { useWorkflowNames } from './names.text';
import { FilterRows } from './FilterRows';
import { RECORD_KINDS, WATCHES, type EventName, type RecordKind, type Trigger } from './model';
import { conditionFields, useEventKinds } from '../../lib/event-kinds';

const num = (v: string) => Math.max(0, Math.trunc(Number(v)) || 0);

/**
 * What starts the rule: an event kind chosen by its name in the user's words (with its filter as condition
 * rows), a record kind to run it on by hand, or a date watch with its days (and stage, from the workspace).
 */
export function TriggerFields({ trigger: t, onChange }: { trigger: Trigger; onChange: (t: Trigger) => void }) {
  const text = useWorkflowText();
  const kinds = useEventKinds();
  const names = useWorkflowNames();
  const me = useMe();
  const setKind = (kind: Trigger['kind']) =>
    onChange(kind === 'event' ? { kind, event: 'opp_created', filter: null } : kind === 'manual' ? { kind, record_kind: 'opportunity' } : kind === 'time' ? { kind, watch: 'opportunity_past_close', days: 7 } : t);
  return (
    <fieldset className="wf-trigger">
      <legend>{text('trigger')}</legend>
      <Field label={text('triggerKind')}>
        {(p) => (
          <select {...p} value={t.kind} onChange={(e) => setKind(e.target.value as Trigger['kind'])}>
            <option value="event">{text('kindEvent')}</option>
            <option value="manual">{text('kindManual')}</option>
            <option value="time">{text('kindTime')}</option>
            {t.kind === 'hook' ? <option value="hook">{text('kindHook')}</option> : null}
          </select>
        )}
      </Field>
      {t.kind === 'event' ? (
        <>
          <Field label={text('event')}>
            {(p) => (
              <select {...p} value={t.event} onChange={(e) => onChange({ kind: 'event', event: e.target.value as EventName, filter: null })}>
                {kinds.map((k) => (
                  <option key={k.name} value={k.name}>
                    {k.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <FilterRows legend={text('onlyIf')} filter={t.filter} fields={conditionFields(kinds, t.event)} kind={null} onChange={(filter) => onChange({ ...t, filter })} />
        </>
      ) : null}
      {t.kind === 'manual' ? (
        <Field label={text('recordKind')}>
          {(p) => (
            <select {...p} value={t.record_kind} onChange={(e) => onChange({ kind: 'manual', record_kind: e.target.value as RecordKind })}>
              {RECORD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {names(`kind.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {t.kind === 'time' ? (
        <>
          <Field label={text('watch')}>
            {(p) => (
              <select
                {...p}
                value={t.watch}
                onChange={(e) => {
                  const watch = e.target.value as (typeof WATCHES)[number];
                  onChange({ kind: 'time', watch, days: t.days ?? 0, ...(watch === 'opportunity_in_stage' ? { stage: me.constants.open_stages[0] ?? '' } : {}) });
                }}
              >
                {WATCHES.map((w) => (
                  <option key={w} value={w}>
                    {names(`watch.${w}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {t.watch === 'opportunity_in_stage' ? (
            <Field label={text('stage')}>
              {(p) => (
                <select {...p} value={t.stage ?? ''} onChange={(e) => onChange({ ...t, stage: e.target.value })}>
                  {me.constants.open_stages.map((s) => (
                    <option key={s} value={s}>
                      {me.constants.stage_labels[s] ?? s}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          <Field label={text('days')}>{(p) => <input {...p} type="number" min={0} max={365} value={t.days ?? 0} onChange={(e) => onChange({ ...t, days: num(e.target.value) })} />}</Field>
        </>
      ) : null}
    </fieldset>
  );
}
