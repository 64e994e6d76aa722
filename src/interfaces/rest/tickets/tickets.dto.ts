import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { TicketListQuery } from '../../../domain/crm/tickets/tickets.service';
import { TicketFields } from '../../../domain/crm/tickets/ticket.view';
import { IfPresent, IsQueryId, NullClears, NullableId } from '../shared/fields';
import { FieldsDto } from '../shared/fields-dto';
import { PageQueryDto } from '../shared/page-query.dto';

export class TicketListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'one of constants.ticket_statuses' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  status?: string;

  @ApiPropertyOptional({ description: 'a key of app.ticket_sla_hours' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  priority?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'company id' })
  @IsOptional()
  @IsQueryId()
  customer_id?: number;

  @ApiPropertyOptional({ type: 'integer' })
  @IsOptional()
  @IsQueryId()
  assignee_id?: number;
}

export const ticketListQuery = (q: TicketListQueryDto): TicketListQuery => ({
  status: q.status,
  priority: q.priority,
  customerId: q.customer_id,
  assigneeId: q.assignee_id,
  limit: q.limit,
  cursor: q.cursor,
  sort: q.sort,
  updatedSince: q.updated_since,
});

/** A new ticket: the fields the domain declares (`TicketFields`). */
export class CreateTicketDto extends FieldsDto(TicketFields) {}

@NullClears()
export class UpdateTicketDto {
  @ApiPropertyOptional({ description: 'one of constants.ticket_statuses; a closed status sets closed_at, another clears it' })
  @IfPresent()
  @IsString()
  @MaxLength(40)
  status?: string;

  @ApiPropertyOptional({ description: 'a key of app.ticket_sla_hours; due_at is recomputed from created_at' })
  @IfPresent()
  @IsString()
  @MaxLength(40)
  priority?: string;

  @NullableId('an active user; null removes the assignee')
  assignee_id?: number | null;
}
