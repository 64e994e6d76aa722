import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Loaded, NotFoundPanel } from '../../shell/States';
import { DeleteButton, FormError } from '../../shell/forms';
import { useWorkflowText } from './workflows.text';
import { Templates } from './Templates';
import { useTriggerWords } from './words';
import type { Workflow } from './model';
import '../../shell/screens.css';
import './workflows.css';
import { workflowKeys } from './queries';

/** Settings → Workflows (admins; anyone else gets Not found, as the API answers them 403): the rules, templates, delete. */
export default function Workflows() {
  const me = useMe();
  const text = useWorkflowText();
  const admin = me.user.role === 'admin';
  const [note, setNote] = useState<string | null>(null);
  const q = useQuery({ queryKey: workflowKeys.list(), queryFn: async () => must(await api.GET('/api/v1/workflows')).items, enabled: admin });
  if (!admin) return <NotFoundPanel />;
  return (
    <section className="co-page wf-page">
      <p>
        <a href="/settings">{text('settings')}</a>
      </p>
      <div className="co-head">
        <h1>{text('workflows')}</h1>
        <Link className="button primary" to="/workflows/new">
          {text('newWorkflow')}
        </Link>
      </div>
      <p className="help">{text('intro')}</p>
      {note ? (
        <p className="ld-saved" role="status">
          {note}
        </p>
      ) : null}
      <Loaded q={q}>{(items) => (items.length === 0 ? <p className="panel">{text('none')}</p> : <WorkflowTable items={items} onDeleted={(name) => setNote(text('deleted', { name }))} />)}</Loaded>
      <Templates onInstalled={(w) => setNote(text('installed', { name: w.name }))} />
    </section>
  );
}

function WorkflowTable({ items, onDeleted }: { items: Workflow[]; onDeleted: (name: string) => void }) {
  const text = useWorkflowText();
  const words = useTriggerWords();
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: async (w: Workflow) => (must(await api.DELETE('/api/v1/workflows/{id}', { params: { path: { id: w.id } } })), w),
    onSuccess: (w) => (void qc.invalidateQueries({ queryKey: workflowKeys.all }), onDeleted(w.name)),
  });
  return (
    <>
      <FormError error={remove.error} />
      <table className="co-table wf-table">
        <caption className="sr-only">{text('workflows')}</caption>
        <thead>
          <tr>
            <th scope="col">{text('name')}</th>
            <th scope="col">{text('trigger')}</th>
            <th scope="col">{text('state')}</th>
            <th scope="col">{text('lastRun')}</th>
            <th scope="col">
              <span className="sr-only">{text('remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((w) => (
            <tr key={w.id}>
              <th scope="row">
                <Link to={`/workflows/${w.id}`}>{w.name}</Link>
              </th>
              <td>{words(w.trigger)}</td>
              <td>
                <span className={w.enabled ? 'co-badge' : 'co-badge warn'}>{w.enabled ? text('on') : text('off')}</span>
                {w.disabled_reason ? <p className="error">{text('stopped', { reason: w.disabled_reason })}</p> : null}
              </td>
              <td>
                <LastRun id={w.id} />
              </td>
              <td>
                <DeleteButton name={w.name} busy={remove.isPending} onDelete={() => remove.mutate(w)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The newest run's time (the list does not carry it: one page of one run per rule). */
function LastRun({ id }: { id: number }) {
  const text = useWorkflowText();
  const lang = useLang();
  const q = useQuery({ queryKey: workflowKeys.lastRun(id), queryFn: async () => must(await api.GET('/api/v1/workflows/{id}/runs', { params: { path: { id }, query: { limit: 1 } } })).items[0] ?? null });
  if (q.isPending) return null;
  return <>{q.data ? formatTimestamp(lang, q.data.created_at) : text('never')}</>;
}
