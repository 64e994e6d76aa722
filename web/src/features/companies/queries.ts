import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type QueryOf } from '../../lib/api';
import { useKeysetList } from '../../shell/ListScreen';
import type { Picked } from '../../shell/RecordPicker';

/**
 * The one react-query key scheme of companies. `lists()` holds every list and search of companies (the list
 * screen, the pickers, the lead's conversion); `detail(id)` everything shown about one company (its record, the
 * people the activity form offers, the visit form's company, the company's e-mail threads), so a write that
 * touches a company refreshes all of it with one invalidation.
 */
export const companyKeys = {
  all: ['companies'] as const,
  lists: () => ['companies', 'list'] as const,
  list: (filters: object) => ['companies', 'list', filters] as const,
  /** the lead conversion's "existing company" search */
  search: (words: string) => ['companies', 'list', 'search', words] as const,
  details: () => ['companies', 'detail'] as const,
  detail: (id: number | undefined) => ['companies', 'detail', id] as const,
  /** the record screen: the company and the first page of its people, open opportunities, activities, open tasks */
  record: (id: number) => ['companies', 'detail', id, 'record'] as const,
  /** the company alone (a name for a filtered list, defaults for a new order) */
  summary: (id: number | undefined) => ['companies', 'detail', id, 'summary'] as const,
  people: (id: number) => ['companies', 'detail', id, 'people'] as const,
  visit: (id: number) => ['companies', 'detail', id, 'visit'] as const,
};

/** The companies list, paged by the API's keyset cursor. */
export function useCompanyList(query: QueryOf<'/api/v1/companies'>) {
  return useKeysetList(companyKeys.list(query), async (cursor) => must(await api.GET('/api/v1/companies', { params: { query: { ...query, cursor } } })));
}

/** The company record in one call (`include`: the first page of each list the record shows). */
export function useCompanyRecord(id: number) {
  return useQuery({
    queryKey: companyKeys.record(id),
    queryFn: async () => must(await api.GET('/api/v1/companies/{id}', { params: { path: { id }, query: { include: 'people,opportunities,activities,tasks' } } })),
    enabled: Number.isSafeInteger(id),
  });
}

/** The company alone, when `id` is given. */
export function useCompanySummary(id: number | undefined) {
  return useQuery({
    queryKey: companyKeys.summary(id),
    queryFn: async () => must(await api.GET('/api/v1/companies/{id}', { params: { path: { id: id! } } })).company,
    enabled: id !== undefined,
  });
}

/**
 * After a write that changed companies: everything shown about `id` (every company without one) and every list of
 * companies read again.
 */
export function useCompaniesWritten(): (id?: number) => void {
  const qc = useQueryClient();
  return (id) => {
    void qc.invalidateQueries({ queryKey: id === undefined ? companyKeys.details() : companyKeys.detail(id) });
    void qc.invalidateQueries({ queryKey: companyKeys.lists() });
  };
}

const PICK = 20;

/** Companies by name (`q`), active ones, at most 20: the pickers' search. */
export const searchCompanies = async (q: string): Promise<Picked[]> =>
  must(await api.GET('/api/v1/companies', { params: { query: { limit: PICK, active: true, ...(q ? { q } : {}) } } })).items.map((c) => ({ id: c.id, name: c.name, hint: c.city }));
