import { useNameOf, useWorkflowNames } from './names.text';
import { RecordName } from './RecordName';
import type { RunStep } from './model';

/** Each action's outcome of a run (or of a simulated run): its type, done / skipped / failed with the error. */
export function RunSteps({ steps }: { steps: RunStep[] }) {
  const names = useWorkflowNames();
  const nameOf = useNameOf();
  return (
    <ul className="wf-steps">
      {steps.map((s, i) => (
        <li key={i} className={`wf-step ${s.outcome}`}>
          <span>{nameOf('type', s.type)}</span>
          <span className={s.outcome === 'failed' ? 'co-badge warn' : 'co-badge'}>{names(`outcome.${s.outcome}`)}</span>
          {s.record_kind && s.record_id ? <RecordName kind={s.record_kind} id={s.record_id} /> : null}
          {s.detail && (s.outcome === 'failed' || s.outcome === 'skipped' || !s.record_id) ? <span className={s.outcome === 'failed' ? 'error' : 'help'}>{s.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}
