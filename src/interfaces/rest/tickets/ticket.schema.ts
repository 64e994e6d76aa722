import { z } from 'zod';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import type { ticketView } from '../../../domain/crm/tickets/ticket.view';
import { UserSummary, userSummaryExample } from '../shared/common.schema';

/** A support ticket (beyond the spec: docs/decisions/crm-records.md, "Tickets"). */
export const Ticket = named(
  'Ticket',
  z.object({
    id: f.id(),
    subject: z.string(),
    body: z.string().meta({ description: 'the request in full' }),
    priority: z.string().meta({ description: 'a key of app.ticket_sla_hours (GET /api/v1/me)' }),
    status: z.string().meta({ description: 'one of constants.ticket_statuses (GET /api/v1/me)' }),
    who: z.string().meta({ description: 'who raised it, as text' }),
    customer_id: f.id().nullable(),
    customer: z.string().nullable().meta({ description: "the company's name; null without one, '' when it no longer exists" }),
    person_id: f.id().nullable(),
    person: z.string().nullable().meta({ description: "the person's name; null without one, '' when it no longer exists" }),
    assignee: UserSummary.nullable(),
    owner: UserSummary.nullable(),
    sla_hours: z.number().min(0).meta({ description: 'app.ticket_sla_hours[priority]; 0 for a priority no longer listed' }),
    due_at: f.timestamp().meta({ description: 'created_at + sla_hours, in the local time of the workspace' }),
    overdue: z.boolean().meta({ description: 'past due_at and not in a closed status' }),
    closed_at: f.timestamp().nullable().meta({ description: 'set when the ticket enters a closed status, cleared when it leaves it' }),
    can_edit: z.boolean().meta({ description: 'the caller may change this ticket' }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: 'A support ticket.' },
);
export const ticketExample = example(Ticket, {
  id: 58, subject: 'Film tears on the winder', body: 'Since the last delivery the film tears at 300 m/min.', priority: 'High', status: 'Open',
  who: 'Mert Kaya', customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.', person_id: 118, person: 'Mert Kaya', assignee: userSummaryExample, owner: userSummaryExample, sla_hours: 8,
  due_at: '2026-11-26T17:30:00', overdue: false, closed_at: null, can_edit: true, created_at: '2026-11-26T09:30:00', updated_at: '2026-11-26T09:30:00',
});

export const TicketResponse = named('TicketResponse', z.object({ ok: f.ok(), ticket: Ticket }));
export const TicketList = listOf('TicketList', Ticket, 'A page of tickets, newest first.');

/** The domain's read model is what this schema documents (src/domain/crm/tickets/ticket.view.ts). */
export type TicketViewFits = Assert<Conforms<ReturnType<typeof ticketView>, typeof Ticket>>;
