import { erpView, collapsePo, isErpSent, MAX_PO_LENGTH, orderAmount, orderRef } from '../../../src/domain/crm/orders/orders.rules';
import { canEditTicket, canSeeTicket, closedAtAfter, isTicketOverdue, ticketDueAt, ticketPriorities } from '../../../src/domain/crm/tickets/tickets.rules';
import { validateConstants } from '../../../src/domain/workspace/constants';
import { defaultApp, defaultConstants } from '../../../src/domain/workspace/defaults';

describe('customer PO (spec 4.5)', () => {
  it.each([
    ['PO 123', 'PO 123'],
    ['  PO   123  ', 'PO 123'],
    ['PO\t\t123\n456', 'PO 123 456'],
    ['\u00a0PO\u2003123\u00a0', 'PO 123'],
    ['', ''],
    ['   \n\t ', ''],
  ])('%j → %j', (raw, out) => expect(collapsePo(raw)).toBe(out));

  it('limits to 60 characters', () => expect(MAX_PO_LENGTH).toBe(60));
});

describe('order amount = kg × price, exact to the cent', () => {
  it.each([
    [3, 0.1, 0.3],
    [0.1, 0.2, 0.02],
    [1.005, 1, 1.01],
    [1, 1.005, 1.01],
    [2.675, 1, 2.68],
    [10, 2, 20],
    [123456.789, 1.2345, 152407.41],
    [0.001, 0.0001, 0],
    [0.005, 1, 0.01],
    [99999999.999, 99.9999, 9999989999.9],
    [1e-3, 5e-4, 0],
    [1.5e3, 2, 3000],
    [-2, 1.555, -3.11],
  ])('%p × %p = %p', (kg, price, amount) => expect(orderAmount(kg, price)).toBe(amount));

  it('never differs from the decimal product rounded half away from zero', () => {
    for (let i = 1; i < 500; i++) {
      const kg = i / 1000 + i;
      const price = (i * 7) / 10000;
      // kg has 3 decimals and price 4: their product in units of 1e-7, rounded to cents (1e-2)
      const exact = Number((BigInt(Math.round(kg * 1000)) * BigInt(Math.round(price * 10000)) + 50000n) / 100000n) / 100;
      expect(orderAmount(kg, price)).toBe(exact);
    }
  });
});

describe('ERP state', () => {
  const c = defaultConstants();
  it('knows the sent statuses from the constants, not from names', () => {
    for (const s of c.order_erp_statuses) expect(isErpSent(c, s)).toBe(true);
    expect(isErpSent(c, c.order_new_status)).toBe(false);
    expect(isErpSent({ order_erp_statuses: ['gönderildi'] }, 'gönderildi')).toBe(true);
    expect(isErpSent({ order_erp_statuses: ['gönderildi'] }, c.order_sent_status)).toBe(false);
  });

  it('builds the erp object of spec 2.8', () => {
    expect(erpView({ erpState: null, erpExtNo: '', erpError: '' })).toBeNull();
    expect(erpView({ erpState: 'queued', erpExtNo: '', erpError: '' })).toEqual({ status: 'queued', label: 'Waiting for the ERP', tone: 'info', ext_no: '', error: '' });
    expect(erpView({ erpState: 'queued', erpExtNo: '', erpError: 'locked' })).toMatchObject({ tone: 'warning', error: 'locked' });
    expect(erpView({ erpState: 'written', erpExtNo: 'SO-1', erpError: '' })).toEqual({ status: 'written', label: 'In the ERP as SO-1', tone: 'success', ext_no: 'SO-1', error: '' });
    expect(erpView({ erpState: 'failed', erpExtNo: '', erpError: 'x' })).toMatchObject({ status: 'failed', tone: 'danger', error: 'x' });
    expect(orderRef(42)).toBe('ORD-42');
  });
});

describe('ticket rules', () => {
  const c = defaultConstants();
  const sla = defaultApp('X').ticket_sla_hours;
  const t0 = new Date('2026-03-01T10:00:00Z');

  it('takes priorities from ticket_sla_hours and computes due_at', () => {
    expect(ticketPriorities(sla)).toEqual(Object.keys(sla));
    for (const [p, h] of Object.entries(sla)) expect(ticketDueAt(t0, p, sla).getTime() - t0.getTime()).toBe(h * 3_600_000);
    expect(ticketDueAt(t0, 'unknown', sla)).toEqual(t0);
  });

  it('is overdue past due_at unless closed; closed_at follows closed statuses', () => {
    const open = c.ticket_new_status;
    const closed = c.ticket_closed_statuses[0]!;
    const later = new Date(t0.getTime() + 1000);
    expect(isTicketOverdue(c, { status: open, dueAt: t0 }, later)).toBe(true);
    expect(isTicketOverdue(c, { status: open, dueAt: later }, t0)).toBe(false);
    expect(isTicketOverdue(c, { status: closed, dueAt: t0 }, later)).toBe(false);
    expect(closedAtAfter(c, null, closed, t0)).toEqual(t0);
    expect(closedAtAfter(c, { status: closed, closedAt: t0 }, c.ticket_closed_statuses[1]!, later)).toEqual(t0);
    expect(closedAtAfter(c, { status: closed, closedAt: t0 }, open, later)).toBeNull();
    expect(closedAtAfter(c, { status: open, closedAt: null }, closed, later)).toEqual(later);
  });

  it('is seen by the team of owner or assignee, changed by owner, assignee and admins', () => {
    const tk = { ownerId: 1, assigneeId: 2 };
    expect(canSeeTicket(null, tk)).toBe(true);
    expect(canSeeTicket([3, 1], tk)).toBe(true);
    expect(canSeeTicket([3, 2], tk)).toBe(true);
    expect(canSeeTicket([3], tk)).toBe(false);
    expect(canSeeTicket([3], { ownerId: 1, assigneeId: null })).toBe(false);
    expect(canEditTicket({ id: 1, admin: false }, tk)).toBe(true);
    expect(canEditTicket({ id: 2, admin: false }, tk)).toBe(true);
    expect(canEditTicket({ id: 3, admin: false }, tk)).toBe(false);
    expect(canEditTicket({ id: 3, admin: true }, tk)).toBe(true);
  });
});

describe('order and ticket constants', () => {
  const d = defaultConstants();
  it('accepts the defaults', () => expect(validateConstants(d)).toEqual([]));
  it.each([
    [{ order_erp_statuses: ['sent', 'lost in space'] }, 'order_erp_statuses: lost in space is not one of order_statuses'],
    [{ order_new_status: 'sent' }, 'order_new_status: must not be one of order_erp_statuses'],
    [{ order_new_status: 'nope' }, 'order_new_status: not one of order_statuses'],
    [{ order_sent_status: d.order_new_status }, 'order_sent_status: not one of order_erp_statuses'],
    [{ order_statuses: [] }, 'order_statuses: must not be empty'],
    [{ ticket_new_status: d.ticket_closed_statuses[0] }, 'ticket_new_status: must not be one of ticket_closed_statuses'],
    [{ ticket_closed_statuses: ['Gone'] }, 'ticket_closed_statuses: Gone is not one of ticket_statuses'],
    [{ ticket_new_status: 3 }, 'ticket_new_status: must be a string'],
  ])('%j is refused', (patch, problem) => expect(validateConstants({ ...d, ...patch })).toContain(problem));

  it('names a missing key', () => {
    const { order_statuses: _o, ...rest } = d;
    expect(validateConstants(rest)).toContain('order_statuses: is missing');
  });
});
