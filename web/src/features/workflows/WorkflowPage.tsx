import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/title';
import { Loaded, NotFoundPanel } from '../../shell/States';
import { FormError } from '../../shell/forms';
import { useWorkflowText } from './workflows.text';
import { WorkflowEditor } from './WorkflowEditor';
import { TryIt } from './TryIt';
import { RunHistory } from './RunHistory';
import type { Workflow } from './model';
import '../../shell/screens.css';
import './workflows.css';
import { workflowKeys } from './queries';

/** One rule (`/workflows/12`) or a new one (`/workflows/new`): the editor, Try it with Turn on, and its runs. Admins only. */
export default function WorkflowPage() {
  const me = useMe();
  const { id: raw } = useParams();
  const text = useWorkflowText();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(raw);
  const isNew = raw === 'new';
  const admin = me.user.role === 'admin';
  const q = useQuery({ queryKey: workflowKeys.detail(id), queryFn: async () => must(await api.GET('/api/v1/workflows/{id}', { params: { path: { id } } })).workflow, enabled: admin && !isNew && Number.isSafeInteger(id) && id > 0 });
  const location = useLocation();
  // the version just saved (a new rule's page is opened by its creation, which passes it along)
  const [saved, setSaved] = useState<number | null>((location.state as { saved?: number } | null)?.saved ?? null);
  const onSaved = (w: Workflow) => {
    qc.setQueryData(workflowKeys.detail(w.id), w);
    void qc.invalidateQueries({ queryKey: workflowKeys.list() });
    setSaved(w.version);
    if (isNew) navigate(`/workflows/${w.id}`, { replace: true, state: { saved: w.version } });
  };
  if (!admin) return <NotFoundPanel />;
  if (isNew)
    return (
      <Page title={text('newWorkflow')}>
        <WorkflowEditor onSaved={onSaved} />
      </Page>
    );
  return (
    <Loaded q={q}>
      {(w) => (
        <Page title={w.name} workflow={w} onChanged={(x) => qc.setQueryData(workflowKeys.detail(x.id), x)}>
          {saved !== null ? (
            <p className="ld-saved" role="status">
              {text('saved', { n: saved })}
            </p>
          ) : null}
          <WorkflowEditor key={`${w.id}-${w.version}`} workflow={w} onSaved={onSaved} />
          <TryIt workflow={w} onChanged={(x) => qc.setQueryData(workflowKeys.detail(x.id), x)} />
          <RunHistory workflowId={w.id} />
        </Page>
      )}
    </Loaded>
  );
}

function Page({ title, workflow: w, onChanged, children }: { title: string; workflow?: Workflow; onChanged?: (w: Workflow) => void; children: ReactNode }) {
  const text = useWorkflowText();
  useDocumentTitle(title);
  const off = useMutation({ mutationFn: async (id: number) => must(await api.POST('/api/v1/workflows/{id}/disable', { params: { path: { id } } })).workflow, onSuccess: (x) => onChanged?.(x) });
  return (
    <section className="co-page wf-page">
      <p>
        <Link to="/workflows">{text('workflows')}</Link>
      </p>
      <div className="co-head">
        <h1>{title}</h1>
        {w ? (
          <p className="co-badges">
            <span className="co-badge">{text('version', { n: w.version })}</span>
            <span className={w.enabled ? 'co-badge' : 'co-badge warn'}>{w.enabled ? text('on') : text('off')}</span>
            {w.enabled ? (
              <button type="button" disabled={off.isPending} onClick={() => off.mutate(w.id)}>
                {text('turnOff')}
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
      {w?.disabled_reason ? <p className="error">{text('stopped', { reason: w.disabled_reason })}</p> : null}
      <FormError error={off.error} />
      {children}
    </section>
  );
}
