import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import type { Picked } from '../../shell/RecordPicker';
import { CompanyOpportunityPicker } from '../opportunities';
import { useTaskText } from './tasks.text';

type Task = Schemas['Task'];

/**
 * Create (no `task`) or edit a task. A new task links to a company and one of its open opportunities chosen
 * with the picker (`links` preselects them); editing keeps the links.
 */
export function TaskForm({ task, links, onSaved, onCancel }: { task?: Task; links?: { company?: Picked | null; opp?: Picked | null }; onSaved: (t: Task) => void; onCancel: () => void }) {
  const me = useMe();
  const labelOf = useLabels();
  const t = useT();
  const text = useTaskText();
  const c = me.constants;
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [due, setDue] = useState(task?.due_date ?? '');
  const [priority, setPriority] = useState(task?.priority ?? (c.task_priorities.includes('Normal') ? 'Normal' : (c.task_priorities[0] ?? '')));
  const [status, setStatus] = useState(task?.status ?? c.task_statuses[0] ?? '');
  const [assignee, setAssignee] = useState(String(task?.assignee?.id ?? me.user.id));
  const [link, setLink] = useState({ company: links?.company ?? null, opp: links?.opp ?? null });

  const save = useMutation({
    mutationFn: async () => {
      const body = { title, description: description.trim() === '' ? null : description, due_date: due || null, priority, status, assignee_id: Number(assignee) };
      if (task) return must(await api.PATCH('/api/v1/tasks/{id}', { params: { path: { id: task.id } }, body })).task;
      return must(await api.POST('/api/v1/tasks', { body: { ...body, customer_id: link.company?.id ?? null, opp_id: link.opp?.id ?? null } })).task;
    },
    onSuccess: onSaved,
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const heading = task ? text('editTask') : text('newTask');

  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-label={heading}>
      <h2>{heading}</h2>
      <div className="co-grid">
        <Field label={text('title')} error={errors.title} required>
          {(p) => <input {...p} value={title} maxLength={300} onChange={(e) => setTitle(e.target.value)} autoFocus />}
        </Field>
        <Field label={text('due')} error={errors.due_date}>
          {(p) => <input {...p} type="date" value={due} onChange={(e) => setDue(e.target.value)} />}
        </Field>
        <Field label={text('priority')} error={errors.priority}>
          {(p) => (
            <select {...p} value={priority} onChange={(e) => setPriority(e.target.value)}>
              {c.task_priorities.map((s) => (
                <option key={s} value={s}>
                  {labelOf('task_priorities', s)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('status')} error={errors.status}>
          {(p) => (
            <select {...p} value={status} onChange={(e) => setStatus(e.target.value)}>
              {c.task_statuses.map((s) => (
                <option key={s} value={s}>
                  {labelOf('task_statuses', s)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('assignee')} error={errors.assignee_id}>
          {(p) => (
            <select {...p} value={assignee} onChange={(e) => setAssignee(e.target.value)}>
              {me.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {!task ? <CompanyOpportunityPicker company={link.company} opp={link.opp} onChange={setLink} errors={errors} /> : null}
      </div>
      <Field label={text('description')} error={errors.description}>
        {(p) => <textarea {...p} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <FormError error={save.error} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {task ? t('common.save') : t('common.create')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
