import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, MaxLength } from 'class-validator';
import type { OrderListQuery } from '../../../domain/crm/orders/orders.service';
import { OrderFields } from '../../../domain/crm/orders/order-row';
import { IsQueryId } from '../shared/fields';
import { FieldsDto } from '../shared/fields-dto';
import { PageQueryDto } from '../shared/page-query.dto';

/** A new order: the fields the domain declares (`OrderFields`), checked as the create_order tool checks them. */
export class CreateOrderDto extends FieldsDto(OrderFields) {}

export class OrderListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', description: 'company id' })
  @IsOptional()
  @IsQueryId()
  customer_id?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'opportunity id' })
  @IsOptional()
  @IsQueryId()
  opp_id?: number;

  @ApiPropertyOptional({ description: 'one of constants.order_statuses' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  status?: string;
}

export const orderListQuery = (q: OrderListQueryDto): OrderListQuery => ({
  customerId: q.customer_id,
  oppId: q.opp_id,
  status: q.status,
  limit: q.limit,
  cursor: q.cursor,
  sort: q.sort,
  updatedSince: q.updated_since,
});

export class SetPoDto {
  @ApiProperty({ description: "the customer's PO number: whitespace is collapsed, '' clears, at most 60 characters after collapsing", example: 'PO 4500012345' })
  @IsDefined()
  @IsString()
  @MaxLength(1000)
  customer_po: string;
}
