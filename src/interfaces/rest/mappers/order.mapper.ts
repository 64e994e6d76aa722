import type { OrderView, PoChange } from '../../../domain/crm/orders/orders.service';
import { toOrderRow } from '../../../domain/crm/orders/order-row';
import type { Page } from '../../../domain/crm/shared/paging';
import { listResponse } from './common.mapper';

export { toOrderRow };

export const toOrderResponse = (v: OrderView) => ({ ok: true as const, order: toOrderRow(v) });

export const toPoResponse = (r: PoChange) => ({ ok: true as const, changed: r.changed, order: toOrderRow(r.view) });

export const toOrderList = (page: Page<OrderView>) => listResponse(page.items.map(toOrderRow), page.nextCursor);
