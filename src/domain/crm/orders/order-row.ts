import { erpView, orderRef } from './orders.rules';
import type { OrderView } from './orders.service';

/**
 * Spec 2.8 order row (plus the reference and the names a person reads: ref, customer, opp): one shape for every interface that shows an order (the REST
 * records and PO answer, the ERP report answer), so they cannot drift apart.
 */
export function toOrderRow(v: OrderView) {
  const o = v.order;
  return {
    id: o.id,
    ref: orderRef(o.id),
    customer_id: o.customerId,
    customer: v.customerName,
    opp_id: o.oppId,
    opp: v.oppName,
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
