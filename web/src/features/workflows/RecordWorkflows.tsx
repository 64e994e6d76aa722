import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useMe } from '../../lib/session';
import { FormError } from '../../shell/forms';
import { useWorkflowText } from './workflows.text';
import { useWorkflowNames } from './names.text';
import { RunList } from './RunHistory';
import type { RecordKind, Workflow } from './model';
import './workflows.css';
import { workflowKeys } from './queries';

/**
 * On a record's page (one line there): “Run workflow” for the enabled rules run by hand on this kind (asked
 * first; admins, who manage workflows), and “Workflow runs”, the runs about the record (why did this change?),
 * when there are any, to whoever sees the record; the rule links to its page for admins only.
 */
export function RecordWorkflows({ kind, id }: { kind: RecordKind; id: number }) {
  const me = useMe();
  const text = useWorkflowText();
  const hid = useId();
  const admin = me.user.role === 'admin';
  const runs = useQuery({
    queryKey: workflowKeys.recordRuns(kind, id),
    queryFn: async () => must(await api.GET('/api/v1/workflow-runs', { params: { query: { record_kind: kind, record_id: id, limit: 10 } } })).items,
  });
  const rules = useQuery({ queryKey: workflowKeys.list(), queryFn: async () => must(await api.GET('/api/v1/workflows')).items, enabled: admin });
  const manual = (rules.data ?? []).filter((w) => w.enabled && w.trigger.kind === 'manual' && w.trigger.record_kind === kind);
  if (manual.length === 0 && !runs.data?.length) return null;
  return (
    <section className="wf-section" aria-labelledby={hid}>
      <h2 id={hid}>{text('recordRuns')}</h2>
      {manual.length > 0 ? <RunWorkflow rules={manual} kind={kind} id={id} /> : null}
      {runs.data?.length ? (
        <>
          <p className="help">{text('recordRunsHelp')}</p>
          <RunList runs={runs.data} withRule={(r) => (admin ? <Link to={`/workflows/${r.workflow_id}`}>{r.workflow_name}</Link> : <span>{r.workflow_name}</span>)} />
        </>
      ) : null}
    </section>
  );
}

/** “Run workflow”: choose the rule, confirm, run; the answer's status is said and the runs are read again. */
function RunWorkflow({ rules, kind, id }: { rules: Workflow[]; kind: RecordKind; id: number }) {
  const text = useWorkflowText();
  const names = useWorkflowNames();
  const qc = useQueryClient();
  const sel = useId();
  const [ruleId, setRuleId] = useState(rules[0].id);
  const [asking, setAsking] = useState(false);
  const rule = rules.find((r) => r.id === ruleId) ?? rules[0];
  const run = useMutation({
    mutationFn: async () => must(await api.POST('/api/v1/workflows/{id}/run', { params: { path: { id: rule.id } }, body: { record_kind: kind, record_id: id } })).run,
    // the run may have changed the record itself (a note, a field, the owner): the page reads it again
    onSuccess: () => (setAsking(false), void qc.invalidateQueries()),
  });
  return (
    <div className="wf-try">
      {rules.length > 1 ? (
        <div className="co-field">
          <label htmlFor={sel}>{text('workflows')}</label>
          <select id={sel} value={rule.id} onChange={(e) => setRuleId(Number(e.target.value))}>
            {rules.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {!asking ? (
        <button type="button" onClick={() => (setAsking(true), run.reset())}>
          {text('runWorkflow')}
          {rules.length === 1 ? `: ${rule.name}` : ''}
        </button>
      ) : (
        <div className="co-confirm" role="group" aria-label={text('runWorkflow')}>
          <p>{text('runAsk', { name: rule.name })}</p>
          <div className="co-actions">
            <button type="button" className="primary" autoFocus disabled={run.isPending} onClick={() => run.mutate()}>
              {text('runYes')}
            </button>
            <button type="button" onClick={() => setAsking(false)}>
              {text('cancel')}
            </button>
          </div>
        </div>
      )}
      {run.data ? (
        <p role="status" className="ld-saved">
          {text('runDone', { name: rule.name, status: names(`status.${run.data.status}`) })}
        </p>
      ) : null}
      <FormError error={run.error} />
    </div>
  );
}
