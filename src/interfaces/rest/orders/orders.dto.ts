import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';
import { OrderFields, OrderFilters } from '../../../domain/crm/orders/order-row';
import { FieldsDto, QueryDto } from '../shared/fields-dto';

/** A new order: the fields the domain declares (`OrderFields`), checked as the create_order tool checks them. */
export class CreateOrderDto extends FieldsDto(OrderFields) {}

/** A list's query: the filters the domain declares (`OrderFilters`) after the page's own. */
export class OrderListQueryDto extends QueryDto(OrderFilters) {}

export class SetPoDto {
  @ApiProperty({ description: "the customer's PO number: whitespace is collapsed, '' clears, at most 60 characters after collapsing", example: 'PO 4500012345' })
  @IsDefined()
  @IsString()
  @MaxLength(1000)
  customer_po: string;
}
