import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { OrderListQuery } from '../../../domain/crm/orders/orders.service';
import { IsAmount, IsId, IsIsoDateString, IsQueryId, NullableId } from '../shared/fields';
import { PageQueryDto } from '../shared/page-query.dto';

export class CreateOrderDto {
  @ApiProperty({ type: 'integer', description: 'company id (visible to the caller)' })
  @IsId()
  customer_id: number;

  @NullableId('an opportunity of that company')
  opp_id?: number | null;

  @NullableId('an active catalogue product')
  product_id?: number | null;

  @ApiProperty({ description: 'quantity in the unit (above 0, at most 3 decimals)', example: 5000 })
  @IsAmount(3)
  @Min(0)
  @Max(1e11)
  kg: number;

  @ApiProperty({ description: 'price per unit (0 or more, at most 4 decimals); amount = kg × price, rounded to cents', example: 1.45 })
  @IsAmount(4)
  @Min(0)
  @Max(1e10)
  price: number;

  @ApiPropertyOptional({ description: "one of app.currencies; default the opportunity's, the company's or the base currency", maxLength: 3 })
  @IsOptional()
  @IsString()
  @MaxLength(3)
  currency?: string;

  @ApiPropertyOptional({ description: "one of app.units; default the product's, the opportunity's, the company's or app.unit_default", maxLength: 16 })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  unit?: string;

  @ApiPropertyOptional({ description: 'one of constants.order_kinds; default the first', maxLength: 40 })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  kind?: string;

  @ApiPropertyOptional({ format: 'date', description: 'order date; default today (workspace time zone)' })
  @IsOptional()
  @IsIsoDateString()
  date?: string;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, description: 'not before date' })
  @IsOptional()
  @IsIsoDateString()
  due_date?: string | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 3650, description: "default the opportunity's payment_days, else 0" })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3650)
  payment_days?: number;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'owner; default the caller (only admins give an order to another user)' })
  @IsOptional()
  @IsId()
  owner_id?: number;
}

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
