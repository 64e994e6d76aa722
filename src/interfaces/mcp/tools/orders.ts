import * as z from 'zod/v4';
import { OrderRowSchema, toOrderRow } from '../../../domain/crm/orders/order-row';
import { OrdersService } from '../../../domain/crm/orders/orders.service';
import { OrderFields, OrderFilters } from '../../../domain/crm/orders/order-row';
import { MODULES } from '../../../domain/workspace/defaults';
import { id, limit, text } from '../mcp.args';
import { OrderPo } from '../mcp.crm-outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';

/** The domain services these tools call. */
const services = (get: ServiceOf) => ({ orders: get(OrdersService) });
type Services = ReturnType<typeof services>;

/**
 * Sales orders (the orders module): list, read, create, set the PO number and hand over to the ERP; each the REST
 * route's service call.
 */
export function orderTools(get: ServiceOf): ToolDef[] {
  const s = services(get);
  return [...orderReads(s), ...orderWrites(s)];
}

/** The orders the user may see. */
function orderReads(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'list_orders',
      title: 'List orders',
      description: 'Sales orders visible to the user, newest first; filter by company, opportunity or status.',
      write: false,
      module: MODULES.orders,
      output: z.array(OrderRowSchema),
      input: z.strictObject({ ...OrderFilters.shape, limit: limit().optional() }),
      choices: (c) => ({ status: c.order_statuses }),
      run: async (auth, a) => (await s.orders.list(auth, { ...a, limit: a.limit ?? 20 })).items.map(toOrderRow),
    }),
    defineTool({
      name: 'get_order',
      title: 'Get an order',
      description: 'One order with its amount, PO number, status and ERP hand-over.',
      write: false,
      module: MODULES.orders,
      output: OrderRowSchema,
      input: z.strictObject({ id: id('order') }),
      run: async (auth, a) => toOrderRow(await s.orders.get(auth, a.id)),
    }),
  ];
}

/** A new order, its PO number and its hand-over to the ERP. */
function orderWrites(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'create_order',
      title: 'Create an order',
      description:
        "An order of a company the user may see, optionally for one of its opportunities and a catalogue product, in the workspace's new-order status; amount = kg × price. Currency, unit and payment days default from the opportunity, product or company.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.orders,
      output: OrderRowSchema,
      input: z.strictObject(OrderFields.shape),
      choices: (c) => ({ kind: c.order_kinds }),
      run: async (auth, a) => toOrderRow(await s.orders.create(auth, a)),
    }),
    defineTool({
      name: 'set_order_po',
      title: "Set an order's PO number",
      description: "Set the customer's PO number of an order the user may edit ('' clears it). Refused once the order was sent to the ERP: change it there.",
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.orders,
      output: OrderPo,
      input: z.strictObject({ id: id('order'), customer_po: text(1000, "the customer's PO number, at most 60 characters after collapsing spaces; '' clears it") }),
      run: async (auth, a) => {
        const r = await s.orders.setPo(auth, a.id, a.customer_po);
        return { changed: r.changed, order: toOrderRow(r.view) };
      },
    }),
    defineTool({
      name: 'send_order_to_erp',
      title: 'Send an order to the ERP',
      description:
        "Hand an order the user may edit to the ERP: it is queued for the ERP connector with the order as it is now and takes the workspace's sent status; erp.status shows the result later. An order already sent is refused.",
      write: true,
      destructive: true,
      idempotent: true,
      openWorld: true,
      module: MODULES.orders,
      output: OrderRowSchema,
      input: z.strictObject({ id: id('order') }),
      run: async (auth, a) => toOrderRow(await s.orders.queueForErp(auth, a.id)),
    }),
  ];
}
orderTools.place = 120;
