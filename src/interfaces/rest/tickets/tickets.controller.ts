import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { recordSchemas } from '../../../edge/openapi/schema';
import { IdPipe } from '../../../edge/id.pipe';
import { TicketsService } from '../../../domain/crm/tickets/tickets.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { FieldsDto, listQuery, QueryDto } from '../shared/fields-dto';
import { NullClears } from '../shared/fields';
import { TICKET_EXAMPLE, TicketChangeFields, TicketFields, TicketFilters, TicketRecord, ticketPageView, ticketView } from '../../../domain/crm/tickets/ticket.view';
import { callerView, listResponse } from '../shared/common.mapper';

const read = { scope: 'crm.read', module: MODULES.support } as const;
const write = { scope: 'crm.write', module: MODULES.support } as const;

const { Response: TicketResponse, List: TicketList } = recordSchemas('Ticket', 'ticket', TicketRecord, {
  description: 'A support ticket.',
  example: TICKET_EXAMPLE,
  list: 'A page of tickets, newest first.',
});

// the bodies and the query, made from what the domain declares (ticket.view.ts)
export class TicketListQueryDto extends QueryDto(TicketFilters) {}
/** A new ticket. */
export class CreateTicketDto extends FieldsDto(TicketFields) {}
/** A change of a ticket: null removes the assignee. */
@NullClears()
export class UpdateTicketDto extends FieldsDto(TicketChangeFields) {}

const SEEN = 'A ticket is visible to those who see its owner or its assignee';

@ApiTags('Support')
@Controller('api/v1')
export class TicketsController {
  constructor(private readonly service: TicketsService) {}

  @Get('tickets')
  @ApiDoc({
    id: 'listTickets',
    summary: 'List support tickets',
    description:
      `A page of the tickets the caller may see, newest first (or by last change with \`sort=update\`, for sync). ${SEEN}. Filters combine. ` +
      "Page with `limit` and the previous page's `next_cursor`.",
    ok: TicketList,
  })
  @Auth(read)
  async list(@CurrentAuth() auth: UserContext, @Query() q: TicketListQueryDto) {
    const page = await this.service.list(auth, listQuery(q));
    return listResponse(ticketPageView(page, callerView(auth)), page.nextCursor);
  }

  /** Raises ticket_created. */
  @Post('tickets')
  @ApiDoc({
    id: 'createTicket',
    summary: 'Create a support ticket',
    description:
      'Creates a ticket owned by the caller, in constants.ticket_new_status unless `status` is sent; `due_at` = now + app.ticket_sla_hours[priority]. ' +
      "The company defaults to the person's; a person of another company is 400 `invalid`. Raises the `ticket_created` event.",
    ok: TicketResponse,
  })
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateTicketDto) {
    return { ok: true as const, ticket: ticketView(await this.service.create(auth, dto), callerView(auth)) };
  }

  @Get('tickets/:id')
  @ApiDoc({ id: 'getTicket', summary: 'Get a support ticket', description: `One ticket. ${SEEN}; 404 for any other.`, ok: TicketResponse })
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, ticket: ticketView(await this.service.get(auth, id), callerView(auth)) };
  }

  @Patch('tickets/:id')
  @ApiDoc({
    id: 'updateTicket',
    summary: 'Update a support ticket',
    description:
      'Changes status, priority and assignee (null removes the assignee); omitted fields keep their values. A closed status ' +
      '(constants.ticket_closed_statuses) sets `closed_at`, another clears it; a new priority recomputes `due_at` from `created_at`. Only its owner, ' +
      'its assignee and admins may change a ticket (403 `forbidden`). Raises no event.',
    ok: TicketResponse,
  })
  @Auth(write)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateTicketDto) {
    return { ok: true as const, ticket: ticketView(await this.service.update(auth, id, dto), callerView(auth)) };
  }
}
