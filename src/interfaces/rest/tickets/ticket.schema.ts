import { z } from 'zod';
import { example, f, listOf, named } from '../../../edge/openapi/schema';
import { TICKET_EXAMPLE, TicketRecord } from '../../../domain/crm/tickets/ticket.view';

/** A support ticket: the domain's read model and its schema (src/domain/crm/tickets/ticket.view.ts). */
export const Ticket = named('Ticket', TicketRecord, { description: 'A support ticket.' });
export const ticketExample = example(Ticket, TICKET_EXAMPLE);

export const TicketResponse = named('TicketResponse', z.object({ ok: f.ok(), ticket: Ticket }));
export const TicketList = listOf('TicketList', Ticket, 'A page of tickets, newest first.');
