import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { TicketsService } from '../../../domain/crm/tickets/tickets.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { CreateTicketDto, TicketListQueryDto, ticketListQuery, TicketListResponseSchema, TicketResponseSchema, UpdateTicketDto } from '../dto/tickets.dto';
import { toTicketList, toTicketResponse } from '../mappers/ticket.mapper';

const read = { scope: 'crm.read', module: MODULES.support } as const;
const write = { scope: 'crm.write', module: MODULES.support } as const;

@ApiTags('Support')
@Controller('api/v1')
export class TicketsController {
  constructor(private readonly service: TicketsService) {}

  @Get('tickets')
  @Auth(read)
  @ApiOkResponse({ type: TicketListResponseSchema })
  async list(@CurrentAuth() auth: UserContext, @Query() q: TicketListQueryDto) {
    return toTicketList(await this.service.list(auth, ticketListQuery(q)), auth.workspace);
  }

  /** Raises ticket_created. */
  @Post('tickets')
  @Auth(write)
  @ApiCreatedResponse({ type: TicketResponseSchema })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateTicketDto) {
    return toTicketResponse(await this.service.create(auth, dto), auth.workspace);
  }

  @Get('tickets/:id')
  @Auth(read)
  @ApiOkResponse({ type: TicketResponseSchema })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toTicketResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Patch('tickets/:id')
  @Auth(write)
  @ApiOkResponse({ type: TicketResponseSchema })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateTicketDto) {
    return toTicketResponse(await this.service.update(auth, id, dto), auth.workspace);
  }
}
