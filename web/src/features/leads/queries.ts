import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type QueryOf, type Schemas } from '../../lib/api';
import { useKeysetList } from '../../shell/ListScreen';
import { companyKeys } from '../companies/queries';
import { personKeys } from '../people/queries';
import { oppKeys } from '../opportunities/queries';
import { taskKeys } from '../tasks/queries';
import { todayKeys } from '../today/queries';

/** The one react-query key scheme of leads: `lists()` every list of leads, `detail(id)` a lead's record. */
export const leadKeys = {
  all: ['leads'] as const,
  lists: () => ['leads', 'list'] as const,
  list: (filters: object) => ['leads', 'list', filters] as const,
  detail: (id: number) => ['leads', 'detail', id] as const,
};

/** Fairs: the list screen and the newest 100 the lead filter and forms offer. */
export const fairKeys = {
  all: ['fairs'] as const,
  list: (filters: object) => ['fairs', 'list', filters] as const,
  options: () => ['fairs', 'options'] as const,
};

/** The web forms that create leads, and the inbound hooks (admins' screens beside the leads). */
export const webFormKeys = { all: ['web-forms'] as const };
export const hookKeys = { all: ['inbound-hooks'] as const };

export function useLeadList(query: QueryOf<'/api/v1/leads'>) {
  return useKeysetList(leadKeys.list(query), async (cursor) => must(await api.GET('/api/v1/leads', { params: { query: { ...query, cursor } } })));
}

export function useLead(id: number) {
  return useQuery({ queryKey: leadKeys.detail(id), queryFn: async () => must(await api.GET('/api/v1/leads/{id}', { params: { path: { id } } })).lead, enabled: Number.isSafeInteger(id) });
}

/** The fairs for a filter or a form: the newest 100 (one call). */
export function useFairs() {
  return useQuery({ queryKey: fairKeys.options(), queryFn: async () => must(await api.GET('/api/v1/fairs', { params: { query: { limit: 100 } } })).items });
}

export function useFairList(query: QueryOf<'/api/v1/fairs'>) {
  return useKeysetList(fairKeys.list(query), async (cursor) => must(await api.GET('/api/v1/fairs', { params: { query: { ...query, cursor } } })));
}

export function useWebForms(enabled: boolean) {
  return useQuery({ queryKey: webFormKeys.all, queryFn: async () => must(await api.GET('/api/v1/forms')).items, enabled });
}

export function useInboundHooks(enabled: boolean) {
  return useQuery({ queryKey: hookKeys.all, queryFn: async () => must(await api.GET('/api/v1/hooks')).items, enabled });
}

/** After a write of leads: the answered lead replaces its record (when there is one), and every list of leads reads again. */
export function useLeadsWritten(): (saved?: Schemas['Lead']) => void {
  const qc = useQueryClient();
  return (saved) => {
    if (saved) qc.setQueryData(leadKeys.detail(saved.id), saved);
    void qc.invalidateQueries({ queryKey: leadKeys.lists() });
  };
}

/**
 * After a lead's conversion: besides the lead, what it made or linked: companies, people, opportunities, and
 * the visit and task it may have logged (Today, the task lists).
 */
export function useLeadConverted(): (lead: Schemas['Lead']) => void {
  const written = useLeadsWritten();
  const qc = useQueryClient();
  return (lead) => {
    written(lead);
    for (const queryKey of [companyKeys.all, personKeys.all, oppKeys.all, taskKeys.pages(), todayKeys.all]) void qc.invalidateQueries({ queryKey });
  };
}

/** A fair written or deleted: the fairs' list and the options read again. */
export function useFairsWritten(): () => Promise<void> {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: fairKeys.all });
}
