import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatDate, formatNumber } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { LoadMore, useUrlFilters } from '../companies/parts';
import { TaskForm } from './TaskForm';
import { DoneToggle, TaskLinks } from './parts';
import { useTaskText } from './tasks.text';
import '../companies/companies.css';
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
  const { values: f, set } = useUrlFilters(['view', 'done'] as const);
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
        {!creating && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {text('newTask')}
          </button>
        )}
      </div>
      {creating && <TaskForm onSaved={(t) => navigate(`/tasks/${t.id}`)} onCancel={() => setCreating(false)} />}
      <div className="co-filters">
        {mayTeam && (
          <div className="tk-tabs" role="group" aria-label={text('views')}>
            <button type="button" aria-pressed={!team} onClick={() => set({ view: '' })}>
              {text('mine')}
            </button>
            <button type="button" aria-pressed={team} onClick={() => set({ view: 'team' })}>
              {text('team')}
            </button>
          </div>
        )}
        <label className="co-check">
          <input type="checkbox" checked={!!f.done} onChange={(e) => set({ done: e.target.checked ? '1' : '' })} /> {text('showDone')}
        </label>
      </div>
      <TaskSection id="tk-overdue" title={text('overdue')} q={overdue} empty={text('noneOverdue')} team={team} />
      <TaskSection id="tk-rest" title={f.done ? text('upcomingDone') : text('upcoming')} q={rest} empty={text('none')} team={team} />
    </section>
  );
}

type TaskQuery = { assignee_id?: number; limit: number; overdue: 'true' | 'false'; open?: 'true' };

/** One paged list of tasks (keyset cursor). */
function useTaskList(key: string, query: TaskQuery) {
  return useInfiniteQuery({
    queryKey: ['tasks', key, query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => must(await api.GET('/api/v1/tasks', { params: { query: { ...query, cursor: pageParam } } })),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
type ListQuery = ReturnType<typeof useTaskList>;

function TaskSection({ id, title, q, empty, team }: { id: string; title: string; q: ListQuery; empty: string; team: boolean }) {
  const text = useTaskText();
  const lang = useLang();
  const rows: Task[] = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="co-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} {q.data ? <span className="co-count">({formatNumber(lang, rows.length)}{q.hasNextPage ? '+' : ''})</span> : null}
      </h2>
      <Loaded q={q}>
        {() =>
          rows.length === 0 ? (
            <p className="panel">{empty}</p>
          ) : (
            <>
              <table className="co-table tk-table">
                <caption className="sr-only">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text('done')}</th>
                    <th scope="col">{text('title')}</th>
                    <th scope="col">{text('due')}</th>
                    <th scope="col">{text('priority')}</th>
                    <th scope="col">{text('status')}</th>
                    {team ? <th scope="col">{text('assignee')}</th> : null}
                    <th scope="col">{text('links')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((t) => (
                    <tr key={t.id} className={t.overdue ? 'tk-overdue' : undefined}>
                      <td className="tk-check">
                        <DoneToggle task={t} />
                      </td>
                      <th scope="row" data-label={text('title')}>
                        <Link to={`/tasks/${t.id}`}>{t.title}</Link>
                      </th>
                      <td data-label={text('due')}>
                        {t.due_date ? formatDate(lang, t.due_date) : ''}
                        {t.overdue ? <span className="co-badge warn">{text('overdue')}</span> : t.due_soon ? <span className="co-badge">{text('dueSoon')}</span> : null}
                      </td>
                      <td data-label={text('priority')}>{t.priority}</td>
                      <td data-label={text('status')}>{t.status}</td>
                      {team ? <td data-label={text('assignee')}>{t.assignee?.full_name}</td> : null}
                      <td data-label={text('links')}>
                        <TaskLinks task={t} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <LoadMore q={q} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
