import { z } from 'zod';
import { field } from '../../../platform/common/record-fields';
import { erpView, orderRef } from './orders.rules';
import type { OrderView } from './orders.service';
import { amount, date as isoDate, id as idOf, int, text } from '../../../platform/common/record-input';

const { id, date } = field;

/**
 * What a new order is made of: the one declaration of the create command's fields, with their checks and descriptions:
 * the create_order tool takes it as its input and REST's `CreateOrderDto` is made from it (`FieldsDto`), so a field
 * added here is one both take and the service receives. A link or the due date may be sent as null, the same as
 * leaving it out.
 */
export const OrderFields = z.object({
  customer_id: idOf('company').describe('company id (visible to the caller)'),
  opp_id: idOf('opportunity').nullable().optional().describe('an opportunity of that company'),
  product_id: idOf('product').nullable().optional().describe('an active catalogue product'),
  kg: amount('quantity in the unit (above 0, at most 3 decimals)', { places: 3, example: 5000 }),
  price: amount('price per unit (0 or more, at most 4 decimals); amount = kg × price, rounded to cents', { places: 4, max: 1e10, example: 1.45 }),
  currency: text(3, "one of app.currencies; default the opportunity's, the company's or the base currency").optional(),
  unit: text(16, "one of app.units; default the product's, the opportunity's, the company's or app.unit_default").optional(),
  kind: text(40, 'one of constants.order_kinds; default the first').optional(),
  date: isoDate('order date').optional().describe('order date; default today (workspace time zone)'),
  due_date: isoDate('delivery date').nullable().optional().describe('not before date'),
  payment_days: int(0, 3650, "default the opportunity's payment_days, else 0").optional(),
  note: text(2000, 'a note').optional(),
  owner_id: idOf('user').optional().describe('owner; default the caller (only admins give an order to another user)'),
});

/**
 * What a list of orders is filtered by (each optional; they combine): REST's query is made from it (`QueryDto`, with
 * the page's own fields), list_orders takes it, and the service's list reads it.
 */
export const OrderFilters = z.object({
  customer_id: idOf('company').optional(),
  opp_id: idOf('opportunity').optional(),
  status: text(40, 'one of constants.order_statuses').optional(),
});

/** A new order. */
export type OrderInput = z.output<typeof OrderFields>;

/** Where the order stands in the ERP exchange (spec 3.5); the API documents name it OrderErpState. */
export const OrderErpStateSchema = z.object({
  status: z.enum(['queued', 'written', 'failed']),
  ext_no: z.string().meta({ description: "the ERP's order number once written" }),
  error: z.string().meta({ description: "the ERP's last error, empty when none" }),
  label: z.string(),
  tone: z.enum(['info', 'success', 'warning', 'danger']),
});

/**
 * Spec 2.8 order row (plus the reference and the names a person reads: ref, customer, opp): the read model of an
 * order, one shape for every interface that shows one (the REST records and PO answer, the ERP report answer), so
 * they cannot drift apart. The API documents name it OrderRow (src/interfaces/rest/orders/order.schema.ts).
 */
export const OrderRowSchema = z.object({
  id: id(),
  ref: z.string().meta({ description: "the order's reference, ORD-<order id> (the one the ERP receives)" }),
  customer_id: id(),
  customer: z.string().meta({ description: "the company's name ('' when the company no longer exists)" }),
  opp_id: id().nullable(),
  opp: z.string().nullable().meta({ description: "the opportunity's name; null without one, '' when it no longer exists" }),
  product_id: id().nullable(),
  customer_po: z.string(),
  date: date(),
  due_date: date().nullable(),
  amount: z.number().meta({ description: 'kg × price, exact to the cent' }),
  kg: z.number().meta({ description: 'quantity in `unit` (the spec calls it kg whatever the unit)' }),
  price: z.number(),
  currency: z.string(),
  kind: z.string().meta({ description: 'one of constants.order_kinds (GET /api/v1/me)' }),
  note: z.string(),
  product: z.string(),
  pu: z.string().meta({ description: 'price unit: currency/unit' }),
  unit: z.string(),
  status: z.string().meta({ description: 'one of constants.order_statuses (GET /api/v1/me)' }),
  payment_days: z.int(),
  erp: OrderErpStateSchema.nullable().meta({ description: 'null until the order is queued for the ERP' }),
});

/** An order row as the API documents show it. */
export const ORDER_ROW_EXAMPLE: z.output<typeof OrderRowSchema> = {
  id: 311, ref: 'ORD-311', customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.', opp_id: 95, opp: 'PE film 2027 contract', product_id: 3, customer_po: 'PO-7781', date: '2026-11-20', due_date: '2026-12-15',
  amount: 26250, kg: 12500, price: 2.1, currency: 'EUR', kind: 'Sales', note: '', product: 'PE film 50µ', pu: 'EUR/kg', unit: 'kg',
  status: 'sent', payment_days: 60, erp: { status: 'written', ext_no: 'SO-20417', error: '', label: 'In the ERP as SO-20417', tone: 'success' },
};

/** The read model of one order. */
export function toOrderRow(v: OrderView): z.output<typeof OrderRowSchema> {
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
