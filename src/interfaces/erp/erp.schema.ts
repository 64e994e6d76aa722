import { z } from 'zod';
import { example, f, named } from '../../edge/openapi/schema';
// the orders' read model: the REST interface names it OrderRow, and the report answer refers to that component
import { ORDER_ROW_EXAMPLE, OrderRowSchema } from '../../domain/crm/orders/order-row';

/** Spec 2.9 `order.customer`: the customer as the ERP needs it. */
const ErpCustomer = z.object({
  id: f.id(),
  rid: z.string().meta({ description: 'the record key, e.g. C-42' }),
  name: z.string(),
  code: z.string().meta({ description: "the customer's ERP account code; empty without an ERP account" }),
  ext_id: z.string().meta({ description: "the customer's id in the ERP; empty without an ERP account" }),
  tax_no: z.string(),
  tax_office: z.string(),
  address: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
});

/** Spec 2.9 `order.lines[]`. */
const ErpLine = z.object({
  code: z.string().meta({ description: "the product's code; empty for an order without a catalogue product" }),
  ext_id: z.string().meta({ description: "the product's id in the ERP; empty when unknown" }),
  name: z.string().meta({ description: "the product's name (without a catalogue product: the order's note or kind)" }),
  unit: z.string(),
  qty: z.number(),
  price: z.number(),
});

/** Spec 2.9 `order`: the sales order as it was when queued (a snapshot; later edits in the CRM are not in it). */
const ErpOrderData = z.object({
  ref: z.string().meta({ description: "the order's reference, ORD-<order id>" }),
  po: z.string().meta({ description: "the customer's PO number; empty when none" }),
  date: f.date(),
  due: f.date().nullable(),
  kind: z.string().meta({ description: 'one of constants.order_kinds (GET /api/v1/me)' }),
  currency: z.string(),
  note: z.string().nullable().meta({ description: 'null when the order has no note' }),
  order_id: f.id(),
  payment_days: z.int(),
  owner: z.object({ email: z.string(), name: z.string() }).meta({ description: "the order owner; both empty when the order has none" }),
  customer: ErpCustomer,
  lines: z.array(ErpLine),
});

/** Spec 2.9: an entry of the ERP queue. */
export const ErpOrder = named(
  'ErpOrder',
  z.object({
    id: f.id().meta({ description: 'the QUEUE ENTRY id (not the order id): the `{id}` of POST /api/erp/v1/orders/{id}' }),
    attempts: f.count().meta({ description: 'how many times the entry was claimed (`claim=1`)' }),
    created_at: f.timestamp().meta({ description: 'when the order was queued; local time of the workspace, no offset' }),
    version: z.int().min(1).meta({ description: "the ERP order's version: 1 when queued, one more each time the order's customer, lines or PO changed while it waited (send it with the report)" }),
    lease_token: z.string().nullable().meta({ description: "with claim=1: this claim's fencing token, for POST …/{id}/lease and the report; null without claim" }),
    lease_until: f.timestamp().nullable().meta({ description: "with claim=1: when this claim's lease ends (extend it with POST …/{id}/lease); null without claim" }),
    order: ErpOrderData,
  }),
  { description: 'An order waiting in the ERP queue (spec 2.9).' },
);
export const erpOrderExample = example(ErpOrder, {
  id: 1204,
  attempts: 1,
  created_at: '2026-11-20T10:15:00',
  version: 1,
  lease_token: '3f0c9a52-6b1e-4c57-9a43-2d1f8e7b6c10',
  lease_until: '2026-11-20T10:45:00',
  order: {
    ref: 'ORD-311',
    po: 'PO-7781',
    date: '2026-11-20',
    due: '2026-12-15',
    kind: 'sale',
    currency: 'EUR',
    note: null,
    order_id: 311,
    payment_days: 60,
    owner: { email: 'ayse@example.com', name: 'Ayşe Demir' },
    customer: {
      id: 42, rid: 'C-42', name: 'Anadolu Ambalaj A.Ş.', code: '120.01.042', ext_id: 'CUST-9917', tax_no: '1234567890', tax_office: 'Kadıköy',
      address: 'Organize Sanayi Bölgesi 5. Cad. No 12', city: 'İstanbul', phone: '+90 216 555 01 02', email: 'satinalma@anadolu-ambalaj.example',
    },
    lines: [{ code: 'PE50', ext_id: 'ITM-0050', name: 'PE film 50µ', unit: 'kg', qty: 12500, price: 2.1 }],
  },
});

/** GET /api/erp/v1/orders (spec 4.6). */
export const ErpOrderList = named('ErpOrderList', z.object({ ok: f.ok(), orders: z.array(ErpOrder).max(100) }), {
  description: 'The orders waiting for the ERP, oldest first, at most 100.',
  example: { ok: true, orders: [erpOrderExample] },
});

/** POST /api/erp/v1/orders/{id}: the order row after the report. */
export const ErpReportResponse = named('ErpReportResponse', z.object({ ok: f.ok(), order: OrderRowSchema }), {
  description: 'The CRM order row (spec 2.8) after the report: `erp` shows the new ERP state and `status` the ERP status sent.',
  example: { ok: true, order: ORDER_ROW_EXAMPLE },
});

/** POST /api/erp/v1/orders/{id}/lease: the extended lease. */
export const ErpLeaseResponse = named(
  'ErpLeaseResponse',
  z.object({
    ok: f.ok(),
    id: f.id().meta({ description: 'the queue entry id' }),
    lease_token: z.string().meta({ description: 'the same token (a lease extension keeps it)' }),
    lease_until: f.timestamp().meta({ description: 'the new end of the lease, 30 minutes from now; local time of the workspace' }),
  }),
  { description: 'The extended lease of a claimed ERP queue entry.', example: { ok: true, id: 1204, lease_token: '3f0c9a52-6b1e-4c57-9a43-2d1f8e7b6c10', lease_until: '2026-11-20T11:20:00' } },
);
