import type { QueryOf, Schemas } from '../../lib/api';
import { recordQueries } from '../../shell/record-kind';

/** The orders' react-query keys and hooks (the shell's scheme: `lists()` every list of orders, `detail(id)` an order). */
const orders = recordQueries<Schemas['OrderRow']>('orders', { list: '/api/v1/orders', record: '/api/v1/orders/{id}', key: 'order' });

export const orderKeys = orders.keys;
export const useOrderList = (query: QueryOf<'/api/v1/orders'>) => orders.useList(query);
export const useOrder = orders.useRecord;
/** After a write that answered the order: the answer replaces its record, and every list of orders reads again. */
export const useOrderWritten = orders.useWritten;

declare module '../../lib/label-of' {
  /** The orders' statuses have labels in `me` (their constants block). */
  interface LabelLists {
    order_statuses: true;
  }
}
