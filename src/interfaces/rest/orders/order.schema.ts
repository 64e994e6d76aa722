import { z } from 'zod';
import { example, f, listOf, named } from '../../../edge/openapi/schema';
import { ORDER_ROW_EXAMPLE, OrderErpStateSchema, OrderRowSchema } from '../../../domain/crm/orders/order-row';

/**
 * The order row is the orders' read model (src/domain/crm/orders/order-row.ts), named here for the document. The
 * ERP interface answers it too and refers to the same schema objects, so its answers point at these components.
 */
export const ErpState = named('OrderErpState', OrderErpStateSchema, {
  description: 'The order in the ERP exchange.',
  example: { status: 'written', ext_no: 'SO-20417', error: '', label: 'In the ERP as SO-20417', tone: 'success' },
});
/** Spec 2.8 order row: the REST records and PO answer, and the ERP report answer's `order` (one schema for both interfaces). */
export const OrderRow = named('OrderRow', OrderRowSchema, { description: 'Order row (spec 2.8).' });
export const orderRowExample = example(OrderRow, ORDER_ROW_EXAMPLE);

export const OrderResponse = named('OrderResponse', z.object({ ok: f.ok(), order: OrderRow }));
export const OrderPoResponse = named(
  'OrderPoResponse',
  z.object({ ok: f.ok(), changed: z.boolean().meta({ description: 'false when the collapsed number equals the stored one' }), order: OrderRow }),
  { description: 'The answer of a PO change (spec 4.5).', example: { ok: true, changed: true, order: orderRowExample } },
);
export const OrderList = listOf('OrderList', OrderRow, 'A page of orders, newest first.');
