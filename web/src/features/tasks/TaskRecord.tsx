import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { Loaded } from '../../shell/States';
import { Fields, RecordHeader } from '../../shell/RecordView';
import { DeleteButton, FormError } from '../../shell/forms';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatTimestamp } from '../../lib/format';
import { taskKeys, useTask, useTasksWritten } from './queries';
import { TaskForm } from './TaskForm';
import { DoneToggle, TaskLinks } from './parts';
import { useTaskText } from './tasks.text';
import { useLabels } from '../../lib/labels';
import '../../shell/screens.css';
import './tasks.css';

/** A task: its fields and links, done in one click, edit in place (one API call), delete behind a confirmation. */
export default function TaskRecord() {
  const id = Number(useParams().id);
  const lang = useLang();
  const t = useT();
  const text = useTaskText();
  const labelOf = useLabels();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const q = useTask(id);
  const written = useTasksWritten();
  const navigate = useNavigate();
  // a deleted task leaves every list that showed it: the task lists, Today, the calendar's due tasks, its company
  const remove = useMutation({
    mutationFn: async () => must(await api.DELETE('/api/v1/tasks/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      qc.removeQueries({ queryKey: taskKeys.detail(id) });
      written(q.data?.customer_id);
      void navigate('/tasks', { replace: true });
    },
  });
  return (
    <Loaded q={q}>
      {(r) => (
        <article className="tk-record">
          <RecordHeader kind={text('task')} title={r.title}>
            <div className="tk-record-head co-actions">
              <label>
                <DoneToggle task={r} /> {text('done')}
              </label>
              {r.can_edit && !editing ? (
                <>
                  <button type="button" onClick={() => setEditing(true)}>
                    {t('common.edit')}
                  </button>
                  <DeleteButton name={r.title} busy={remove.isPending} onDelete={() => remove.mutate()} />
                </>
              ) : null}
            </div>
          </RecordHeader>
          <FormError error={remove.error} />
          {!r.can_edit ? <p className="help">{text('readOnly')}</p> : null}
          {editing ? (
            <TaskForm
              task={r}
              onSaved={(saved) => {
                qc.setQueryData(taskKeys.detail(saved.id), saved);
                written(saved.customer_id);
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          ) : null}
          <Fields
            items={[
              [text('status'), labelOf('task_statuses', r.status)],
              [text('priority'), labelOf('task_priorities', r.priority)],
              [text('due'), r.due_date ? <>{formatDate(lang, r.due_date)}{r.overdue ? <span className="co-badge warn">{text('overdue')}</span> : null}</> : text('noDue')],
              [text('assignee'), r.assignee?.full_name],
              [text('owner'), r.owner?.full_name],
              [text('links'), r.customer_id || r.opp_id || r.person_id ? <TaskLinks key="l" task={r} /> : null],
              [text('description'), r.description],
              [text('doneAt'), formatTimestamp(lang, r.done_at)],
              [text('created'), formatTimestamp(lang, r.created_at)],
              [text('updated'), formatTimestamp(lang, r.updated_at)],
            ]}
          />
        </article>
      )}
    </Loaded>
  );
}
