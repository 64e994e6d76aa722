import type { DomainEvent } from '../../../platform/outbox/domain-event';
import type { Ticket } from './ticket.entity';
import type { EventKindList } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

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

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    ticket_created: true;
  }
}

/** The events a ticket records (spec 6.1). */
export const TICKET_EVENT_KINDS: EventKindList = {
  place: 60,
  kinds: [
    { name: 'ticket_created', module: MODULES.support, dataFields: ['id', 'subject', 'priority', 'who'], record: { type: 'ticket', table: 'tickets', assigneeSees: true } },
  ],
};
