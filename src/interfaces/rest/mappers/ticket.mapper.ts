import { formatTimestamp } from '../../../platform/common/time';
import type { Page } from '../../../domain/crm/shared/paging';
import type { TicketView } from '../../../domain/crm/tickets/tickets.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { nameOf } from '../../../domain/crm/shared/lateral';
import { listResponse, summaryOf } from './common.mapper';
import type { z } from 'zod';
import type { Ticket, TicketList, TicketResponse } from '../schemas/ticket.schema';

/** The support ticket record. */
export function toTicket(v: TicketView, ws: Workspace): z.output<typeof Ticket> {
  const t = v.ticket;
  const tz = ws.timezone;
  return {
    id: t.id,
    subject: t.subject,
    body: t.body,
    priority: t.priority,
    status: t.status,
    who: t.who,
    customer_id: t.customerId,
    customer: nameOf(v.names.companies, t.customerId),
    person_id: t.personId,
    person: nameOf(v.names.people, t.personId),
    assignee: summaryOf(v.users, t.assigneeId, ws.app.locale),
    owner: summaryOf(v.users, t.ownerId, ws.app.locale),
    sla_hours: ws.app.ticket_sla_hours?.[t.priority] ?? 0,
    due_at: formatTimestamp(t.dueAt, tz),
    overdue: v.overdue,
    closed_at: formatTimestamp(t.closedAt, tz),
    can_edit: v.canEdit,
    created_at: formatTimestamp(t.createdAt, tz),
    updated_at: formatTimestamp(t.updatedAt, tz),
  };
}

export const toTicketResponse = (v: TicketView, ws: Workspace): z.output<typeof TicketResponse> => ({ ok: true as const, ticket: toTicket(v, ws) });

export const toTicketList = (page: Page<TicketView>, ws: Workspace): z.output<typeof TicketList> =>
  listResponse(
    page.items.map((v) => toTicket(v, ws)),
    page.nextCursor,
  );
