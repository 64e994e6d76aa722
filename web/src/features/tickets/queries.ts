import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type QueryOf, type Schemas } from '../../lib/api';
import { useKeysetList } from '../../shell/ListScreen';

/** The one react-query key scheme of tickets: `lists()` every list of tickets, `detail(id)` a ticket's record. */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => ['tickets', 'list'] as const,
  list: (filters: object) => ['tickets', 'list', filters] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
};

export function useTicketList(query: QueryOf<'/api/v1/tickets'>) {
  return useKeysetList(ticketKeys.list(query), async (cursor) => must(await api.GET('/api/v1/tickets', { params: { query: { ...query, cursor } } })));
}

export function useTicket(id: number) {
  return useQuery({ queryKey: ticketKeys.detail(id), queryFn: async () => must(await api.GET('/api/v1/tickets/{id}', { params: { path: { id } } })).ticket, enabled: Number.isSafeInteger(id) });
}

/** After a write of tickets: the answered ticket replaces its record (when there is one), and every list reads again. */
export function useTicketsWritten(): (t?: Schemas['Ticket']) => void {
  const qc = useQueryClient();
  return (t) => {
    if (t) qc.setQueryData(ticketKeys.detail(t.id), t);
    void qc.invalidateQueries({ queryKey: ticketKeys.lists() });
  };
}

declare module '../../lib/label-of' {
  /** The tickets' statuses have labels in `me` (their constants block). */
  interface LabelLists {
    ticket_statuses: true;
  }
}
