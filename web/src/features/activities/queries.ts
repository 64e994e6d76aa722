import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { companyKeys } from '../companies/queries';
import { taskKeys } from '../tasks/queries';
import { todayKeys } from '../today/queries';

/**
 * The one react-query key scheme of activities (visits, calls, meetings): a record under `detail(id)`, Quick
 * Entry's configuration and suggestions beside it. No screen lists activities on their own yet (the company
 * record and Today do), so `lists()` is what a future list would be under.
 */
export const activityKeys = {
  all: ['activities'] as const,
  lists: () => ['activities', 'list'] as const,
  detail: (id: number) => ['activities', 'detail', id] as const,
  /** Quick Entry's blocks and templates for a visit type ('' the default type) */
  qeConfig: (type: string) => ['activities', 'qe-config', type] as const,
  /** Quick Entry's suggestions for a note about a company */
  qeSuggest: (customerId: number, note: string) => ['activities', 'qe-suggest', customerId, note] as const,
};

export function useActivity(id: number) {
  return useQuery({ queryKey: activityKeys.detail(id), queryFn: async () => must(await api.GET('/api/v1/activities/{id}', { params: { path: { id } } })).activity, enabled: Number.isSafeInteger(id) });
}

/** Quick Entry's configuration for a type; the last one stays while another type's loads (kept five minutes). */
export function useQeConfig(type: string | null) {
  return useQuery({
    queryKey: activityKeys.qeConfig(type ?? ''),
    queryFn: async () => must(await api.GET('/api/v1/qe/config', { params: { query: type ? { type } : {} } })),
    placeholderData: (prev) => prev,
    staleTime: 300_000,
  });
}

/** The company a visit is logged for, with its people and open opportunities. */
export function useVisitCompany(customerId: number) {
  return useQuery({
    queryKey: companyKeys.visit(customerId),
    queryFn: async () => must(await api.GET('/api/v1/companies/{id}', { params: { path: { id: customerId }, query: { include: 'people,opportunities' } } })),
  });
}

/** A company's people (the first page), for the activity's edit form. */
export function useCompanyPeople(customerId: number) {
  return useQuery({
    queryKey: companyKeys.people(customerId),
    queryFn: async () => must(await api.GET('/api/v1/companies/{id}', { params: { path: { id: customerId }, query: { include: 'people' } } })).people?.items ?? [],
  });
}

/**
 * Quick Entry's suggestions for the note (asked from the third letter); the last ones stay while the next load. An
 * ask for a note typed on since is cancelled (its signal), so a slow server answers the note as it stands, not a
 * queue of its earlier states.
 */
export function useQeSuggestions(customerId: number, note: string) {
  return useQuery({
    queryKey: activityKeys.qeSuggest(customerId, note),
    queryFn: async ({ signal }) => must(await api.POST('/api/v1/qe/suggest', { body: { note, customer_id: customerId }, signal })).items,
    enabled: note.trim().length > 2,
    placeholderData: (prev) => prev,
  });
}

/**
 * After a write of an activity: the answer replaces its record (when there is one), and what shows activities
 * reads again: the company's record (its last visit, its activities), Today, and the task lists (a next step
 * becomes a task). `customerId` undefined: every company's record.
 */
export function useActivityWritten(): (customerId: number | undefined, saved?: Schemas['Activity']) => Promise<void> {
  const qc = useQueryClient();
  return async (customerId, saved) => {
    if (saved) qc.setQueryData(activityKeys.detail(saved.id), saved);
    await Promise.all([
      qc.invalidateQueries({ queryKey: activityKeys.lists() }),
      qc.invalidateQueries({ queryKey: customerId === undefined ? companyKeys.details() : companyKeys.detail(customerId) }),
      qc.invalidateQueries({ queryKey: todayKeys.all }),
      qc.invalidateQueries({ queryKey: taskKeys.pages() }),
    ]);
  };
}
