import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { TicketListQuery } from '../../../domain/crm/tickets/tickets.service';
import { IfPresent, IsId, IsQueryId, NotBlank, NullClears, NullableId } from '../shared/fields';
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

export class CreateTicketDto {
  @ApiProperty({ maxLength: 300 })
  @IsString()
  @NotBlank()
  @MaxLength(300)
  subject: string;

  @ApiPropertyOptional({ maxLength: 10000, description: 'the request in full' })
  @IsOptional()
  @IsString()
  @MaxLength(10000)
  body?: string;

  @ApiProperty({ description: 'a key of app.ticket_sla_hours; due_at = creation + those hours' })
  @IsString()
  @MaxLength(40)
  priority: string;

  @ApiPropertyOptional({ description: 'one of constants.ticket_statuses; default constants.ticket_new_status' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  status?: string;

  @ApiPropertyOptional({ maxLength: 200, description: "who raised it; default the person's name, else the caller's" })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  who?: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: "company; default the person's company" })
  @IsOptional()
  @IsId()
  customer_id?: number | null;

  @NullableId('the contact who raised it')
  person_id?: number | null;

  @NullableId('an active user')
  assignee_id?: number | null;
}

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
