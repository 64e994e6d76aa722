import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { OrderListQuery } from '../../../domain/crm/orders/orders.service';
import { IsAmount, IsId, IsIsoDateString, IsQueryId, NullableId } from './fields';
import { PageQueryDto } from './page-query.dto';

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

// ---- response bodies (documentation; src/interfaces/rest/mappers/order.mapper.ts builds them) ----

export class OrderErpSchema {
  @ApiProperty({ enum: ['queued', 'written', 'failed'] }) status: string;
  @ApiProperty() label: string;
  @ApiProperty({ enum: ['info', 'warning', 'success', 'danger'] }) tone: string;
  @ApiProperty({ description: "the ERP's order number ('' until written)" }) ext_no: string;
  @ApiProperty({ description: "the ERP's last error ('' when none)" }) error: string;
}

/** Spec 2.8. */
export class OrderRowSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer' }) customer_id: number;
  @ApiProperty({ type: 'integer', nullable: true }) opp_id: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) product_id: number | null;
  @ApiProperty() customer_po: string;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ type: String, format: 'date', nullable: true }) due_date: string | null;
  @ApiProperty({ description: 'kg × price, rounded to cents' }) amount: number;
  @ApiProperty({ description: 'quantity in unit' }) kg: number;
  @ApiProperty() price: number;
  @ApiProperty() currency: string;
  @ApiProperty() kind: string;
  @ApiProperty() note: string;
  @ApiProperty({ description: "the product's name ('' without a product)" }) product: string;
  @ApiProperty({ description: 'price unit, e.g. EUR/kg' }) pu: string;
  @ApiProperty() unit: string;
  @ApiProperty({ description: 'one of constants.order_statuses' }) status: string;
  @ApiProperty({ type: 'integer' }) payment_days: number;
  @ApiProperty({ type: OrderErpSchema, nullable: true, description: 'null when never sent to the ERP' }) erp: OrderErpSchema | null;
}

export class OrderResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: OrderRowSchema }) order: OrderRowSchema;
}

export class OrderPoResponseSchema extends OrderResponseSchema {
  @ApiProperty({ description: 'false when the collapsed value equals the stored one' }) changed: boolean;
}

export class OrderListResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: [OrderRowSchema] }) items: OrderRowSchema[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}
