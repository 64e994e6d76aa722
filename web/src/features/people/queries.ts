import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type QueryOf } from '../../lib/api';
import { useKeysetList } from '../../shell/ListScreen';
import { companyKeys } from '../companies/queries';

/**
 * The one react-query key scheme of people: `lists()` every list of people (the list screen, a company's people
 * in the lead's conversion), `detail(id)` a person's record.
 */
export const personKeys = {
  all: ['people'] as const,
  lists: () => ['people', 'list'] as const,
  list: (filters: object) => ['people', 'list', filters] as const,
  /** a company's people, offered by the lead's conversion */
  ofCompany: (customerId: number | null) => ['people', 'list', 'company', customerId] as const,
  detail: (id: number) => ['people', 'detail', id] as const,
};

/** The people list, paged by the API's keyset cursor. */
export function usePersonList(query: QueryOf<'/api/v1/people'>) {
  return useKeysetList(personKeys.list(query), async (cursor) => must(await api.GET('/api/v1/people', { params: { query: { ...query, cursor } } })));
}

export function usePerson(id: number) {
  return useQuery({ queryKey: personKeys.detail(id), queryFn: async () => must(await api.GET('/api/v1/people/{id}', { params: { path: { id } } })).person, enabled: Number.isSafeInteger(id) });
}

/** After a write of a person: the person, every list of people and every company record (which lists its people) read again. */
export function usePeopleWritten(): (id: number) => void {
  const qc = useQueryClient();
  return (id) => {
    void qc.invalidateQueries({ queryKey: personKeys.detail(id) });
    void qc.invalidateQueries({ queryKey: personKeys.lists() });
    void qc.invalidateQueries({ queryKey: companyKeys.details() });
  };
}
