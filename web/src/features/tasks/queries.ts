import { keepPreviousData, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useKeysetList } from '../../shell/ListScreen';
import { companyKeys } from '../companies/queries';
import { todayKeys } from '../today/queries';

type Task = Schemas['Task'];
type TaskPage = Schemas['TaskList'];

/**
 * The one react-query key scheme of tasks. `pages()` holds every paged list of tasks, all in the list answer's
 * shape (the task screen's two lists, the calendar's due tasks), so a done-toggle can put its answer into each
 * of them in place; `detail(id)` is a task's record.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  pages: () => ['tasks', 'pages'] as const,
  list: (part: string, query: object) => ['tasks', 'pages', part, query] as const,
  /** a user's tasks due in a range, for the calendar */
  due: (userId: number, from: string, to: string) => ['tasks', 'pages', 'due', userId, from, to] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
};

export type TaskQuery = { assignee_id?: number; limit: number; overdue: 'true' | 'false'; open?: 'true' };

/** One paged list of tasks (keyset cursor); `part` tells the lists of one screen apart. */
export function useTaskList(part: string, query: TaskQuery) {
  return useKeysetList(taskKeys.list(part, query), async (cursor) => must(await api.GET('/api/v1/tasks', { params: { query: { ...query, cursor } } })));
}

export function useTask(id: number) {
  return useQuery({ queryKey: taskKeys.detail(id), queryFn: async () => must(await api.GET('/api/v1/tasks/{id}', { params: { path: { id } } })).task, enabled: Number.isSafeInteger(id) });
}

/** The user's tasks due in the range (100 at most): a visit's next step and any other task show on their day. */
export function useDueTasks(userId: number, from: string, to: string): Task[] {
  const tasks = useQuery({
    queryKey: taskKeys.due(userId, from, to),
    // in the shape of the task lists (one page), which a done-toggle elsewhere updates in place
    queryFn: async () => ({ pages: [must(await api.GET('/api/v1/tasks', { params: { query: { assignee_id: userId, due_after: from, due_before: to, limit: 100 } } }))], pageParams: [null] }),
    placeholderData: keepPreviousData,
  });
  return tasks.data?.pages[0]?.items ?? [];
}

/** A task's answer replaces it in every loaded list and its record (it stays where it is until the list reloads). */
export function useTaskAnswered(): (saved: Task) => void {
  const qc = useQueryClient();
  return (saved) => {
    qc.setQueriesData<InfiniteData<TaskPage>>({ queryKey: taskKeys.pages() }, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((i) => (i.id === saved.id ? saved : i)) })) } : data,
    );
    qc.setQueryData(taskKeys.detail(saved.id), saved);
  };
}

/**
 * After a write of tasks (an edit, a delete, a visit's next step): every list of tasks, Today and the record of the
 * task's company (which lists its open tasks) read again; the task's own record is the caller's (set or removed).
 */
export function useTasksWritten(): (customerId?: number | null) => void {
  const qc = useQueryClient();
  return (customerId) => {
    void qc.invalidateQueries({ queryKey: taskKeys.pages() });
    void qc.invalidateQueries({ queryKey: todayKeys.all });
    if (customerId) void qc.invalidateQueries({ queryKey: companyKeys.detail(customerId) });
  };
}
