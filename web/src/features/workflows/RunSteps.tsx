import { useNameOf, useWorkflowNames } from './names.text';
import { RecordName } from './RecordName';
import { useWorkflowText } from './workflows.text';
import type { RunStep } from './model';

/**
 * Each action's outcome of a run (or of a simulated run) in the reader's language: its type, done / skipped / failed
 * with the error, the record it made or changed and the user it gave something to, by name.
 */
export function RunSteps({ steps }: { steps: RunStep[] }) {
  const names = useWorkflowNames();
  const nameOf = useNameOf();
  const text = useWorkflowText();
  return (
    <ul className="wf-steps">
      {steps.map((s, i) => (
        <li key={i} className={`wf-step ${s.outcome}`}>
          <span>{nameOf('type', s.type)}</span>
          <span className={s.outcome === 'failed' ? 'co-badge warn' : 'co-badge'}>{names(`outcome.${s.outcome}`)}</span>
          {s.record_kind && s.record_id ? <RecordName kind={s.record_kind} id={s.record_id} name={s.record_name} /> : null}
          {s.user ? <span>{text('givenTo', { name: s.user.full_name || s.user.username })}</span> : null}
          {s.detail && (s.outcome === 'failed' || s.outcome === 'skipped' || (!s.record_id && !s.user)) ? <span className={s.outcome === 'failed' ? 'error' : 'help'}>{s.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}
