import type { TenantDb } from '../../platform/database/tenant-db';
import { addDays, todayIn } from '../../platform/common/time';
import { Company } from '../crm/companies/company.entity';
import { Opportunity } from '../crm/opportunities/opportunity.entity';
import { erpOrder } from '../crm/orders/erp-order';
import { ErpQueueEntry } from '../crm/orders/erp-queue-entry.entity';
import { Order } from '../crm/orders/order.entity';
import { orderAmount } from '../crm/orders/orders.rules';
import { Person } from '../crm/people/person.entity';
import { Product } from '../crm/products/product.entity';
import { Ticket } from '../crm/tickets/ticket.entity';
import { closedAtAfter, ticketDueAt } from '../crm/tickets/tickets.rules';
import { User } from '../identity/user.entity';
import { Workspace } from '../workspace/workspace.entity';

const TICKETS = [
  { subject: 'Film tears at the winder', body: 'Since lot 2611 the film tears at 180 m/min.' },
  { subject: 'Invoice shows the wrong quantity', body: 'Invoice 2026/114 says 2 t; 1.5 t were delivered.' },
  { subject: 'Need the safety data sheet', body: 'Please send the SDS of the UV additive in Turkish.' },
  { subject: 'Pallets arrived damaged', body: 'Two pallets were crushed in transport; photos attached.' },
];

/**
 * Sample orders in every order status (the sent ones queued for the ERP: waiting, written with the
 * ERP's number, one failed) and support tickets of every priority; flagged as sample data, so no events.
 * Called by DemoSeedService after the companies and opportunities exist.
 */
export async function seedOrdersAndTickets(m: TenantDb, ws: Workspace, products: Product[]): Promise<{ orders: number; erp_queue: number; tickets: number }> {
  const companies = await m.find(Company, { where: { isSample: true }, order: { id: 'ASC' } });
  const opps = await m.find(Opportunity, { where: { isSample: true }, order: { id: 'ASC' } });
  const users = new Map((await m.find(User)).map((u) => [u.id, u]));
  const orders = await seedOrders(m, ws, products, companies, opps, users);
  return { ...orders, tickets: await seedTickets(m, ws, companies, users) };
}

/** Two orders per company with an ERP code, through the order statuses; the sent ones with their ERP queue entry. */
async function seedOrders(m: TenantDb, ws: Workspace, products: Product[], companies: Company[], opps: Opportunity[], users: Map<number, User>): Promise<{ orders: number; erp_queue: number }> {
  const c = ws.constants;
  const today = todayIn(ws.timezone);
  const counts = { orders: 0, erp_queue: 0 };
  const statuses = c.order_statuses;
  let n = 0;
  let sentSoFar = 0;

  for (const company of companies) {
    if (!company.erpCode || !products.length || !statuses.length) continue;
    for (let j = 0; j < 2; j++, n++) {
      const status = statuses[n % statuses.length]!;
      const product = products[n % products.length]!;
      const opp = opps.find((o) => o.customerId === company.id) ?? null;
      const kg = 1000 + n * 750;
      const price = product.listPrice;
      const sent = c.order_erp_statuses.includes(status);
      // of the orders in the sent status, the first waits in the queue and the next one failed
      const failed = sent && status === c.order_sent_status && sentSoFar++ % 2 === 1;
      const written = sent && status !== c.order_sent_status;
      const order = await m.save(
        Order,
        m.create(Order, {
          workspaceId: ws.id,
          customerId: company.id,
          oppId: opp?.id ?? null,
          productId: product.id,
          customerPo: sent || n % 2 ? `PO-${4500 + n}` : '',
          date: addDays(today, -(40 - n * 3)),
          dueDate: addDays(today, -(40 - n * 3) + 30),
          kg,
          price,
          amount: orderAmount(kg, price),
          currency: company.currency || ws.app.currency_base,
          unit: product.unit,
          kind: c.order_kinds[n % Math.max(1, c.order_kinds.length)] ?? '',
          status,
          paymentDays: opp?.paymentDays ?? 60,
          note: n % 3 ? '' : 'Deliver on EUR pallets.',
          ownerId: company.ownerId,
          erpState: !sent ? null : written ? 'written' : failed ? 'failed' : 'queued',
          erpExtNo: written ? `SO-${26000 + n}` : '',
          erpError: failed ? 'Customer account is blocked in the ERP' : '',
          isSample: true,
          createdBy: company.ownerId,
        }),
      );
      counts.orders++;
      if (!sent) continue;
      await m.save(
        ErpQueueEntry,
        m.create(ErpQueueEntry, {
          workspaceId: ws.id,
          orderId: order.id,
          state: written ? 'written' : failed ? 'failed' : 'waiting',
          attempts: written ? 1 : failed ? 3 : 0,
          payload: { ...erpOrder(order, company, product, users.get(order.ownerId) ?? null) },
          extNo: order.erpExtNo,
          lastError: order.erpError,
          doneAt: written || failed ? new Date() : null,
          queuedBy: order.ownerId,
        }),
      );
      counts.erp_queue++;
    }
  }
  return counts;
}

/** A ticket of each sample subject, through the priorities and ticket statuses (none without SLA priorities). */
async function seedTickets(m: TenantDb, ws: Workspace, companies: Company[], users: Map<number, User>): Promise<number> {
  const c = ws.constants;
  const priorities = Object.keys(ws.app.ticket_sla_hours ?? {});
  if (!priorities.length || !c.ticket_statuses.length) return 0;
  let n = 0;
  for (const [i, d] of TICKETS.entries()) {
    const company = companies[i % Math.max(1, companies.length)];
    const person = company ? await m.findOne(Person, { where: { customerId: company.id }, order: { id: 'ASC' } }) : null;
    const status = c.ticket_statuses[i % c.ticket_statuses.length]!;
    const priority = priorities[i % priorities.length]!;
    const created = new Date(Date.now() - (i * 20 + 2) * 3_600_000);
    await m.insert(Ticket, {
      workspaceId: ws.id,
      subject: d.subject,
      body: d.body,
      priority,
      status,
      who: person?.name ?? company?.name ?? 'Customer',
      customerId: company?.id ?? null,
      personId: person?.id ?? null,
      assigneeId: company?.ownerId ?? null,
      ownerId: company?.ownerId ?? [...users.keys()][0]!,
      dueAt: ticketDueAt(created, priority, ws.app.ticket_sla_hours),
      closedAt: closedAtAfter(c, null, status, created),
      createdAt: created,
      isSample: true,
    });
    n++;
  }
  return n;
}
