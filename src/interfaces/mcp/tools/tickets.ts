import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { id, limit } from '../mcp.args';
import { TicketChangeFields, TicketCompact, ticketCompact, TicketFields, TicketFilters } from '../../../domain/crm/tickets/ticket.view';
import { TicketsService } from '../../../domain/crm/tickets/tickets.service';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';

/**
 * Support tickets (the support module): each the REST route's service call (a ticket the user may not see is not_found).
 */
export function ticketTools(get: ServiceOf): ToolDef[] {
  const s = { tickets: get(TicketsService) };
  return [
    defineTool({
      name: 'list_tickets',
      title: 'List support tickets',
      description: 'Support tickets visible to the user (theirs, their team\'s, assigned to them; admins all), newest first; filter by status, priority, company or assignee.',
      write: false,
      module: MODULES.support,
      output: z.array(TicketCompact),
      input: z.strictObject({ ...TicketFilters.shape, limit: limit().optional() }),
      choices: (c) => ({ status: c.ticket_statuses }),
      run: async (auth, a) =>
        (await s.tickets.list(auth, { ...a, limit: a.limit ?? 20 })).items.map((v) => ticketCompact(v, auth.workspace)),
    }),
    defineTool({
      name: 'get_ticket',
      title: 'Get a support ticket',
      description: 'One support ticket with its status, SLA due time and assignee.',
      write: false,
      module: MODULES.support,
      output: TicketCompact,
      input: z.strictObject({ id: id('ticket') }),
      run: async (auth, a) => ticketCompact(await s.tickets.get(auth, a.id), auth.workspace),
    }),
    defineTool({
      name: 'create_ticket',
      title: 'Create a support ticket',
      description: "A support ticket owned by the user, in the workspace's new-ticket status unless status is given; due by the priority's SLA hours. The company defaults to the person's.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.support,
      output: TicketCompact,
      input: z.strictObject(TicketFields.shape),
      run: async (auth, a) => ticketCompact(await s.tickets.create(auth, a), auth.workspace),
    }),
    defineTool({
      name: 'update_ticket',
      title: 'Update a support ticket',
      description: "Change the status, priority or assignee of a ticket the user owns, is assigned, or (admins) any; only the arguments given change. assignee_id null removes the assignee.",
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.support,
      output: TicketCompact,
      input: z.strictObject({ id: id('ticket'), ...TicketChangeFields.shape }),
      choices: (c) => ({ status: c.ticket_statuses }),
      run: async (auth, { id: ticketId, ...change }) => ticketCompact(await s.tickets.update(auth, ticketId, change), auth.workspace),
    }),
  ];
}
ticketTools.place = 140;
