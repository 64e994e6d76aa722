import type { z } from 'zod';
import type { OrderView, PoChange } from '../../../domain/crm/orders/orders.service';
import { toOrderRow } from '../../../domain/crm/orders/order-row';
import type { Page } from '../../../domain/crm/shared/paging';
import type { OrderList, OrderPoResponse, OrderResponse } from './order.schema';
import { listResponse } from '../shared/common.mapper';

export { toOrderRow };

export const toOrderResponse = (v: OrderView): z.output<typeof OrderResponse> => ({ ok: true as const, order: toOrderRow(v) });

export const toPoResponse = (r: PoChange): z.output<typeof OrderPoResponse> => ({ ok: true as const, changed: r.changed, order: toOrderRow(r.view) });

export const toOrderList = (page: Page<OrderView>): z.output<typeof OrderList> => listResponse(page.items.map(toOrderRow), page.nextCursor);
