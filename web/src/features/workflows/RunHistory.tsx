import { useId, type ReactNode } from 'react';
import { FormError } from '../../shell/forms';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/format';
import { useWorkflowText } from './workflows.text';
import { useWorkflowNames } from './names.text';
import { RecordName } from './RecordName';
import { RunSteps } from './RunSteps';
import type { Run } from './model';
import { workflowKeys } from './queries';

/** A rule's runs, newest first, 20 a page: time, version, trigger, record, each action's outcome. */
export function RunHistory({ workflowId }: { workflowId: number }) {
  const text = useWorkflowText();
  const id = useId();
  const q = useInfiniteQuery({
    queryKey: workflowKeys.runs(workflowId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => must(await api.GET('/api/v1/workflows/{id}/runs', { params: { path: { id: workflowId }, query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const runs = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="wf-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{text('runs')}</h2>
      <FormError error={q.error} />
      {q.isSuccess && runs.length === 0 ? <p className="panel">{text('noRuns')}</p> : null}
      {runs.length > 0 ? <RunList runs={runs} withRecord /> : null}
      {q.hasNextPage ? (
        <button type="button" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {text('more')}
        </button>
      ) : null}
    </section>
  );
}

/** Runs as a list; on a rule's page each names its record, on a record's page each names its rule. */
export function RunList({ runs, withRecord, withRule }: { runs: Run[]; withRecord?: boolean; withRule?: (r: Run) => ReactNode }) {
  const text = useWorkflowText();
  const names = useWorkflowNames();
  const lang = useLang();
  return (
    <ul className="co-list wf-runs">
      {runs.map((r) => (
        <li key={r.id}>
          <div className="wf-step">
            {withRule ? withRule(r) : null}
            {withRecord ? <RecordName kind={r.record_kind} id={r.record_id} name={r.record_name} /> : null}
            <span className="help">{text('runOf', { when: formatTimestamp(lang, r.created_at), version: r.version, trigger: names(`trigger.${r.trigger_kind}`) })}</span>
            {r.started_by ? <span className="help">{text('startedBy', { name: r.started_by.full_name || r.started_by.username })}</span> : null}
            <span className={r.status === 'failed' ? 'co-badge warn' : 'co-badge'}>{names(`status.${r.status}`)}</span>
            {r.error ? <span className="error">{r.error}</span> : null}
          </div>
          <RunSteps steps={r.steps} />
        </li>
      ))}
    </ul>
  );
}
