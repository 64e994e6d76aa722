import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type QueryOf, type Schemas } from '../../lib/api';
import { useKeysetList } from '../../shell/ListScreen';

/** The one react-query key scheme of orders: `lists()` every list of orders, `detail(id)` an order's record. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (filters: object) => ['orders', 'list', filters] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
};

export function useOrderList(query: QueryOf<'/api/v1/orders'>) {
  return useKeysetList(orderKeys.list(query), async (cursor) => must(await api.GET('/api/v1/orders', { params: { query: { ...query, cursor } } })));
}

export function useOrder(id: number) {
  return useQuery({ queryKey: orderKeys.detail(id), queryFn: async () => must(await api.GET('/api/v1/orders/{id}', { params: { path: { id } } })).order, enabled: Number.isSafeInteger(id) });
}

/** After a write that answered the order: the answer replaces its record, and every list of orders reads again. */
export function useOrderWritten(): (o: Schemas['OrderRow']) => void {
  const qc = useQueryClient();
  return (o) => {
    qc.setQueryData(orderKeys.detail(o.id), o);
    void qc.invalidateQueries({ queryKey: orderKeys.lists() });
  };
}

declare module '../../lib/label-of' {
  /** The orders' statuses have labels in `me` (their constants block). */
  interface LabelLists {
    order_statuses: true;
  }
}
