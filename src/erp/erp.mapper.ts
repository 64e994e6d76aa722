import { formatTimestamp } from '../common/time';
import type { ErpListItem } from '../crm/orders/erp-exchange.service';
import { erpView } from '../crm/orders/orders.rules';
import type { OrderView } from '../crm/orders/orders.service';

/** Spec 2.9: `{ok, orders:[{id, attempts, created_at, order}]}`; `order` is the snapshot as queued. */
export function toErpList(items: ErpListItem[], tz: string) {
  return { ok: true as const, orders: items.map((i) => ({ id: i.id, attempts: i.attempts, created_at: formatTimestamp(i.createdAt, tz), order: i.order })) };
}

/** The order row (spec 2.8) after a report. */
export function toErpReport(v: OrderView) {
  const o = v.order;
  return {
    ok: true as const,
    order: {
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
    },
  };
}
