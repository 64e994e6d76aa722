/** Pure rules of support tickets (test/unit/orders/orders-tickets-rules.spec.ts). */
import type { WorkspaceConstants } from '../../workspace/workspace.entity';

/** The ticket priorities of a workspace: the keys of app.ticket_sla_hours, in their order. */
export const ticketPriorities = (slaHours: Record<string, number>): string[] => Object.keys(slaHours);

/** SLA due time: `from` + the priority's hours (0 hours: due at once). */
export function ticketDueAt(from: Date, priority: string, slaHours: Record<string, number>): Date {
  const hours = slaHours[priority];
  return new Date(from.getTime() + (typeof hours === 'number' && Number.isFinite(hours) && hours > 0 ? hours : 0) * 3_600_000);
}

export const isTicketClosed = (c: Pick<WorkspaceConstants, 'ticket_closed_statuses'>, status: string): boolean => c.ticket_closed_statuses.includes(status);

/** Past its due time and not closed. */
export function isTicketOverdue(c: Pick<WorkspaceConstants, 'ticket_closed_statuses'>, t: { status: string; dueAt: Date }, now: Date): boolean {
  return !isTicketClosed(c, t.status) && t.dueAt.getTime() < now.getTime();
}

/** closed_at after a status change: set when entering a closed status, kept while closed, cleared on reopening. */
export function closedAtAfter(c: Pick<WorkspaceConstants, 'ticket_closed_statuses'>, current: { status: string; closedAt: Date | null } | null, status: string, now: Date): Date | null {
  if (!isTicketClosed(c, status)) return null;
  return current && isTicketClosed(c, current.status) && current.closedAt ? current.closedAt : now;
}

/** Visible to admins (visible = null) and to the team of its owner or assignee. */
export function canSeeTicket(visible: number[] | null, t: { ownerId: number; assigneeId: number | null }): boolean {
  return visible === null || visible.includes(t.ownerId) || (t.assigneeId !== null && visible.includes(t.assigneeId));
}

/** Changed by its owner, its assignee and admins. */
export function canEditTicket(caller: { id: number; admin: boolean }, t: { ownerId: number; assigneeId: number | null }): boolean {
  return caller.admin || t.ownerId === caller.id || t.assigneeId === caller.id;
}
