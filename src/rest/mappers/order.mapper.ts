import type { OrderView, PoChange } from '../../crm/orders/orders.service';
import { erpView } from '../../crm/orders/orders.rules';
import type { Page } from '../../crm/shared/paging';
import { listResponse } from './common.mapper';

/** Spec 2.8 order row: exactly these fields. */
export function toOrderRow(v: OrderView) {
  const o = v.order;
  return {
    id: o.id,
    customer_id: o.customerId,
    opp_id: o.oppId,
    product_id: o.productId,
    customer_po: o.customerPo,
    date: o.date,
    due_date: o.dueDate,
    amount: o.amount,
    kg: o.kg,
    price: o.price,
    currency: o.currency,
    kind: o.kind,
    note: o.note,
    product: v.productName,
    pu: `${o.currency}/${o.unit}`,
    unit: o.unit,
    status: o.status,
    payment_days: o.paymentDays,
    erp: erpView(o),
  };
}

export const toOrderResponse = (v: OrderView) => ({ ok: true as const, order: toOrderRow(v) });

export const toPoResponse = (r: PoChange) => ({ ok: true as const, changed: r.changed, order: toOrderRow(r.view) });

export const toOrderList = (page: Page<OrderView>) => listResponse(page.items.map(toOrderRow), page.nextCursor);
