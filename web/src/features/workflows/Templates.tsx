import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useMe } from '../../lib/session';
import { FormError } from '../../shell/forms';
import { useWorkflowText } from './workflows.text';
import { useTriggerWords } from './words';
import type { Workflow } from './model';
import { workflowKeys } from './queries';

/** “New from template”: the templates (built from the workspace's stages), each installed in one click, turned off. */
export function Templates({ onInstalled }: { onInstalled: (w: Workflow) => void }) {
  const text = useWorkflowText();
  const words = useTriggerWords();
  const me = useMe();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: workflowKeys.templates(), queryFn: async () => must(await api.GET('/api/v1/workflow-templates')).items, enabled: me.user.role === 'admin' });
  const install = useMutation({
    mutationFn: async (key: string) => must(await api.POST('/api/v1/workflow-templates/{key}/install', { params: { path: { key } }, body: {} })).workflow,
    onSuccess: (w) => (void qc.invalidateQueries({ queryKey: workflowKeys.all }), onInstalled(w)),
  });
  if (!q.data || q.data.length === 0) return null;
  return (
    <section className="wf-templates" aria-labelledby="wf-templates">
      <h2 id="wf-templates">{text('fromTemplate')}</h2>
      <FormError error={install.error} />
      <ul className="co-list">
        {q.data.map((t) => (
          <li key={t.key}>
            <div className="wf-template">
              <strong>{t.name}</strong>
              <span className="help">{words(t.trigger)}</span>
              <span>{t.description}</span>
            </div>
            <button type="button" disabled={install.isPending} onClick={() => install.mutate(t.key)} aria-label={`${text('install')}: ${t.name}`}>
              {text('install')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
