import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useMe } from '../../lib/session';
import { FormError } from '../../shell/forms';
import { useWorkflowText } from './workflows.text';
import { useNameOf } from './names.text';
import { RecordName } from './RecordName';
import { RunSteps } from './RunSteps';
import { daysAgo, type Workflow } from './model';
import { workflowKeys } from './queries';

/**
 * “Try it”: the saved rule replayed over the last N days' events (nothing is written), record by record, and
 * the “Turn on” button next to it (turning it off stays in the page's head).
 */
export function TryIt({ workflow, onChanged }: { workflow: Workflow; onChanged: (w: Workflow) => void }) {
  const text = useWorkflowText();
  const nameOf = useNameOf();
  const me = useMe();
  const qc = useQueryClient();
  const id = useId();
  const [days, setDays] = useState(7);
  const sim = useMutation({ mutationFn: async () => must(await api.POST('/api/v1/workflows/{id}/simulate', { params: { path: { id: workflow.id } }, body: { since: daysAgo(days, me.timezone) } })) });
  const enable = useMutation({
    mutationFn: async () => must(await api.POST('/api/v1/workflows/{id}/enable', { params: { path: { id: workflow.id } } })).workflow,
    onSuccess: (w) => (void qc.invalidateQueries({ queryKey: workflowKeys.all }), onChanged(w)),
  });
  return (
    <section className="wf-section panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{text('tryIt')}</h2>
      <p className="help">{text('tryHelp')}</p>
      <div className="wf-try">
        <div className="co-field">
          <label htmlFor={`${id}-d`}>{text('tryDays')}</label>
          <input id={`${id}-d`} type="number" min={1} max={365} value={days} onChange={(e) => setDays(Math.min(365, Math.max(1, Math.trunc(Number(e.target.value)) || 1)))} />
        </div>
        <button type="button" className="primary" disabled={sim.isPending} onClick={() => sim.mutate()}>
          {sim.isPending ? text('trying') : text('tryRun')}
        </button>
        {!workflow.enabled ? (
          <button type="button" disabled={enable.isPending} onClick={() => enable.mutate()}>
            {text('turnOn')}
          </button>
        ) : null}
      </div>
      <FormError error={sim.error ?? enable.error} />
      {sim.data ? (
        <div role="status">
          <p>{text('tried', { events: sim.data.events, runs: sim.data.runs.length })}</p>
          {sim.data.truncated ? <p className="help">{text('truncated')}</p> : null}
          {sim.data.runs.length === 0 ? <p>{text('wouldNothing')}</p> : null}
        </div>
      ) : null}
      {sim.data && sim.data.runs.length > 0 ? (
        <ul className="co-list wf-runs" aria-label={text('tryIt')}>
          {sim.data.runs.map((r, i) => (
            <li key={i}>
              <RecordName kind={r.record_kind} id={r.record_id} /> <span className="help">· {nameOf('event', r.event)}</span>
              <RunSteps steps={r.steps} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
