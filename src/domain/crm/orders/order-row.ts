import { erpView } from './orders.rules';
import type { OrderView } from './orders.service';

/**
 * Spec 2.8 order row, exactly these fields: one shape for every interface that shows an order (the REST
 * records and PO answer, the ERP report answer), so they cannot drift apart.
 */
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
