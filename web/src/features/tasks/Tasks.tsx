import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, type Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatDate, formatNumber } from '../../lib/format';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { FilterBar, ListResults, listRows, type KeysetList } from '../../shell/ListScreen';
import { useUrlFilters } from '../../shell/url-filters';
import { ExportButton } from '../../shell/ExportButton';
import { TaskForm } from './TaskForm';
import { useTaskList } from './queries';
import { DoneToggle, TaskLinks } from './parts';
import { useTaskText } from './tasks.text';
import './tasks.css';

type Task = Schemas['Task'];
const PAGE = 50;

/**
 * My tasks, or my team's (every task the caller may see: admins and users with a team). Two calls: the
 * overdue ones first, then the rest (open, or also done with "Show done"), each paged by its cursor.
 */
export default function Tasks() {
  const me = useMe();
  const text = useTaskText();
  const navigate = useNavigate();
  const url = useUrlFilters(['view', 'done'] as const);
  const f = url.values;
  const [creating, setCreating] = useState(false);
  const mayTeam = me.user.role === 'admin';
  const team = mayTeam && f.view === 'team';
  const base = { assignee_id: team ? undefined : me.user.id, limit: PAGE };

  const overdue = useTaskList('overdue', { ...base, overdue: 'true' });
  const rest = useTaskList('rest', { ...base, overdue: 'false', ...(f.done ? {} : { open: 'true' as const }) });

  return (
    <section className="co-page tk-page">
      <div className="co-head">
        <h1>{text('tasks')}</h1>
        <div className="co-actions">
          {/* both sections at once: the open tasks (all of them with "Show done") of the chosen assignee */}
          <ExportButton call={(o) => api.GET('/api/v1/tasks/export', { params: { query: { assignee_id: base.assignee_id, ...(f.done ? {} : { open: 'true' as const }), ...o } }, parseAs: 'blob' })} />
          {!creating && (
            <button type="button" className="primary" onClick={() => setCreating(true)}>
              {text('newTask')}
            </button>
          )}
        </div>
      </div>
      {creating && <TaskForm onSaved={(t) => navigate(`/tasks/${t.id}`)} onCancel={() => setCreating(false)} />}
      <FilterBar
        url={url}
        fields={[
          mayTeam && {
            type: 'node',
            node: (
              <div className="tk-tabs" role="group" aria-label={text('views')}>
                <button type="button" aria-pressed={!team} onClick={() => url.set({ view: '' })}>
                  {text('mine')}
                </button>
                <button type="button" aria-pressed={team} onClick={() => url.set({ view: 'team' })}>
                  {text('team')}
                </button>
              </div>
            ),
          },
          { type: 'check', key: 'done', label: text('showDone') },
        ]}
      />
      <TaskSection id="tk-overdue" title={text('overdue')} q={overdue} empty={text('noneOverdue')} team={team} />
      <TaskSection id="tk-rest" title={f.done ? text('upcomingDone') : text('upcoming')} q={rest} empty={text('none')} team={team} />
    </section>
  );
}


function TaskSection({ id, title, q, empty, team }: { id: string; title: string; q: KeysetList<Task>; empty: string; team: boolean }) {
  const text = useTaskText();
  const lang = useLang();
  const labelOf = useLabels();
  return (
    <section className="co-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} {q.data ? <span className="co-count">({formatNumber(lang, listRows(q).length)}{q.hasNextPage ? '+' : ''})</span> : null}
      </h2>
      <ListResults
        list={q}
        caption={title}
        empty={empty}
        count={false}
        tableClass="tk-table"
        rowClass={(t) => (t.overdue ? 'tk-overdue' : undefined)}
        columns={[
          { label: text('done'), cellClass: 'tk-check', bare: true, cell: (t) => <DoneToggle task={t} /> },
          { label: text('title'), rowHeader: true, cell: (t) => <Link to={`/tasks/${t.id}`}>{t.title}</Link> },
          {
            label: text('due'),
            cell: (t) => (
              <>
                {t.due_date ? formatDate(lang, t.due_date) : ''}
                {t.overdue ? <span className="co-badge warn">{text('overdue')}</span> : t.due_soon ? <span className="co-badge">{text('dueSoon')}</span> : null}
              </>
            ),
          },
          { label: text('priority'), cell: (t) => labelOf('task_priorities', t.priority) },
          { label: text('status'), cell: (t) => labelOf('task_statuses', t.status) },
          team && { label: text('assignee'), cell: (t) => t.assignee?.full_name },
          { label: text('links'), cell: (t) => <TaskLinks task={t} /> },
        ]}
      />
    </section>
  );
}
