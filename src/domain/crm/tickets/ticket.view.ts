import { summaryOf } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { nameOf } from '../shared/lateral';
import type { Page } from '../shared/paging';
import type { TicketView } from './tickets.service';

/**
 * The read model of a support ticket: the record as the outside world sees it, linked names beside ids, timestamps
 * in the workspace's local time. REST answers and documents it (`src/interfaces/rest/tickets/ticket.schema.ts`,
 * checked against this shape by tsc), and MCP answers the compact projection (below).
 */

/** The support ticket record. */
export function ticketView(v: TicketView, ws: Workspace) {
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

/** A page of ticket records, in the order the page holds them. */
export const ticketPageView = (page: Page<TicketView>, ws: Workspace) => page.items.map((v) => ticketView(v, ws));

/** The compact projection MCP tools and Ask's model answer: ids for the people and the company, no SLA hours. */
export const ticketCompact = (v: TicketView, ws: Workspace) => {
  const t = v.ticket;
  return {
    id: t.id,
    subject: t.subject,
    body: t.body,
    priority: t.priority,
    status: t.status,
    who: t.who,
    customer_id: t.customerId,
    person_id: t.personId,
    assignee_id: t.assigneeId,
    owner_id: t.ownerId,
    due_at: formatTimestamp(t.dueAt, ws.timezone),
    overdue: v.overdue,
    closed_at: formatTimestamp(t.closedAt, ws.timezone),
    can_edit: v.canEdit,
    created_at: formatTimestamp(t.createdAt, ws.timezone),
  };
};
