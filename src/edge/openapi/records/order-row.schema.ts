import { z } from 'zod';
import { example, f, named } from '../schema';

/** Where the order stands in the ERP exchange (spec 3.5). */
export const ErpState = named(
  'OrderErpState',
  z.object({
    status: z.enum(['queued', 'written', 'failed']),
    ext_no: z.string().meta({ description: "the ERP's order number once written" }),
    error: z.string().meta({ description: "the ERP's last error, empty when none" }),
    label: z.string(),
    tone: z.enum(['info', 'success', 'warning', 'danger']),
  }),
  { description: 'The order in the ERP exchange.', example: { status: 'written', ext_no: 'SO-20417', error: '', label: 'In the ERP as SO-20417', tone: 'success' } },
);

/** Spec 2.8 order row: the REST records and PO answer, and the ERP report answer's `order` (one schema for both interfaces). */
export const OrderRow = named(
  'OrderRow',
  z.object({
    id: f.id(),
    ref: z.string().meta({ description: "the order's reference, ORD-<order id> (the one the ERP receives)" }),
    customer_id: f.id(),
    customer: z.string().meta({ description: "the company's name ('' when the company no longer exists)" }),
    opp_id: f.id().nullable(),
    opp: z.string().nullable().meta({ description: "the opportunity's name; null without one, '' when it no longer exists" }),
    product_id: f.id().nullable(),
    customer_po: z.string(),
    date: f.date(),
    due_date: f.date().nullable(),
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
    erp: ErpState.nullable().meta({ description: 'null until the order is queued for the ERP' }),
  }),
  { description: 'Order row (spec 2.8).' },
);
export const orderRowExample = example(OrderRow, {
  id: 311, ref: 'ORD-311', customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.', opp_id: 95, opp: 'PE film 2027 contract', product_id: 3, customer_po: 'PO-7781', date: '2026-11-20', due_date: '2026-12-15',
  amount: 26250, kg: 12500, price: 2.1, currency: 'EUR', kind: 'Sales', note: '', product: 'PE film 50µ', pu: 'EUR/kg', unit: 'kg',
  status: 'sent', payment_days: 60, erp: { status: 'written', ext_no: 'SO-20417', error: '', label: 'In the ERP as SO-20417', tone: 'success' },
});
