import type { DomainEvent } from '../../../platform/outbox/domain-event';
import type { Ticket } from './ticket.entity';

/** Path of a ticket in the CRM's web UI (webhook `url`). */
export const ticketPath = (id: number): string => `/tickets/${id}`;

/** `ticket_created` (spec 6.1: data id, subject, priority, who). */
export function ticketCreated(t: Ticket): DomainEvent {
  return {
    workspaceId: t.workspaceId,
    event: 'ticket_created',
    title: `New ticket: ${t.subject}`,
    text: `${t.who} raised "${t.subject}" (${t.priority}).`,
    url: ticketPath(t.id),
    data: { id: t.id, subject: t.subject, priority: t.priority, who: t.who },
    recordType: 'ticket',
    recordId: t.id,
    sample: t.isSample,
  };
}
