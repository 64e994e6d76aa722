import { z } from 'zod';
import { f, listOf, named } from '../../../edge/openapi/schema';
import { OrderRow, orderRowExample } from '../../../edge/openapi/records/order-row.schema';

/** The order row lives with the shared records: the ERP interface answers it too (interfaces do not import each other). */
export { ErpState, OrderRow, orderRowExample } from '../../../edge/openapi/records/order-row.schema';

export const OrderResponse = named('OrderResponse', z.object({ ok: f.ok(), order: OrderRow }));
export const OrderPoResponse = named(
  'OrderPoResponse',
  z.object({ ok: f.ok(), changed: z.boolean().meta({ description: 'false when the collapsed number equals the stored one' }), order: OrderRow }),
  { description: 'The answer of a PO change (spec 4.5).', example: { ok: true, changed: true, order: orderRowExample } },
);
export const OrderList = listOf('OrderList', OrderRow, 'A page of orders, newest first.');
