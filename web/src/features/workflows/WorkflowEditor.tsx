import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, ApiFailure, must } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { fieldSentence } from '../../lib/errors';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { useWorkflowText } from './workflows.text';
import { TriggerFields } from './TriggerFields';
import { usePathWords } from './words';
import { FilterRows } from './FilterRows';
import { ActionList } from './ActionList';
import { recordKindOf, toBody, UPDATABLE, type Draft, type Workflow } from './model';
import { conditionFields, useEventKinds } from '../../lib/event-kinds';

const EMPTY: Draft = { name: '', description: '', trigger: { kind: 'event', event: 'opp_created', filter: null }, conditions: null, actions: [] };

/**
 * The rule as forms: name, trigger, conditions, ordered actions; Save creates or makes a new version (the API
 * checks the definition and names a bad part, shown under the form as it names it).
 */
export function WorkflowEditor({ workflow, onSaved }: { workflow?: Workflow; onSaved: (w: Workflow) => void }) {
  const text = useWorkflowText();
  const kinds = useEventKinds();
  const pathWords = usePathWords();
  const lang = useLang();
  const [d, setD] = useState<Draft>(workflow ? { name: workflow.name, description: workflow.description, trigger: workflow.trigger, conditions: workflow.conditions, actions: workflow.actions } : EMPTY);
  const [local, setLocal] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: async () => {
      const body = toBody(d);
      if (workflow) return must(await api.PATCH('/api/v1/workflows/{id}', { params: { path: { id: workflow.id } }, body })).workflow;
      return must(await api.POST('/api/v1/workflows', { body })).workflow;
    },
    onSuccess: onSaved,
  });
  const kind = recordKindOf(d.trigger, kinds);
  const eventFields = d.trigger.kind === 'event' ? conditionFields(kinds, d.trigger.event) : [];
  const fields = [...eventFields, ...((kind && UPDATABLE[kind]) || []).map((f) => `record.${f}`)];
  function submit(e: FormEvent) {
    e.preventDefault();
    const problems = [...(d.name.trim() ? [] : [text('needName')]), ...(d.actions.length ? [] : [text('needAction')])];
    setLocal(problems);
    if (problems.length === 0) save.mutate();
  }
  const serverProblems = save.error instanceof ApiFailure && save.error.status === 400 ? Object.entries(fieldErrors(save.error)) : [];
  return (
    <form className="wf-editor" aria-label={workflow ? workflow.name : text('newWorkflow')} onSubmit={submit} noValidate>
      <Field label={text('name')} required>
        {(p) => <input {...p} value={d.name} maxLength={200} onChange={(e) => setD({ ...d, name: e.target.value })} />}
      </Field>
      <Field label={text('description')}>{(p) => <textarea {...p} rows={2} value={d.description} onChange={(e) => setD({ ...d, description: e.target.value })} />}</Field>
      <TriggerFields trigger={d.trigger} onChange={(trigger) => setD({ ...d, trigger })} />
      <FilterRows legend={text('conditions')} filter={d.conditions} fields={fields} kind={kind} onChange={(conditions) => setD({ ...d, conditions })} />
      <ActionList legend={text('actions')} actions={d.actions} kind={kind} fields={fields} onChange={(actions) => setD({ ...d, actions })} />
      {local.length + serverProblems.length > 0 ? (
        <div role="alert" className="wf-problems">
          <p className="error">{text('problems')}</p>
          <ul>
            {local.map((p) => (
              <li key={p}>{p}</li>
            ))}
            {serverProblems.map(([field, message]) => (
              <li key={field}>
                {pathWords(field)}: {lang === 'en' ? message : fieldSentence(lang, message)}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <FormError error={save.error} />
      )}
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {workflow ? text('save') : text('create')}
        </button>
      </div>
    </form>
  );
}
