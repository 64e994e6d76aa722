import 'reflect-metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { OmitType, PartialType } from '@nestjs/swagger';
import * as z from 'zod/v4';
import { TicketFields } from '../../../src/domain/crm/tickets/ticket.view';
import { CrmValidationPipe } from '../../../src/edge/validation';
import { DomainError } from '../../../src/platform/common/errors';
import { date, id, int, storedAsIs, text } from '../../../src/platform/common/record-input';
import { IfPresent, IsAmount, IsId, IsIdList, IsIsoDateString, NotBlank, NullableId, NullableText, NullClears, OptionalBool, OptionalEmail, OptionalId, OptionalText, QueryBool, QueryId } from '../../../src/interfaces/rest/shared/fields';
import { CreateCompanyDto, UpdateCompanyDto } from '../../../src/interfaces/rest/companies/companies.dto';
import { CreatePersonDto, PersonListQueryDto, UpdatePersonDto } from '../../../src/interfaces/rest/people/people.dto';
import { CreateOpportunityDto, UpdateOpportunityDto } from '../../../src/interfaces/rest/opportunities/opportunities.dto';
import { CompanyCreateFields } from '../../../src/domain/crm/companies/company.view';
import { FieldsDto } from '../../../src/interfaces/rest/shared/fields-dto';
import { CreateTicketDto, TicketListQueryDto, UpdateTicketDto } from '../../../src/interfaces/rest/tickets/tickets.controller';
import { PageQueryDto } from '../../../src/interfaces/rest/shared/page-query.dto';
import { CreateOrderDto, OrderListQueryDto } from '../../../src/interfaces/rest/orders/orders.dto';
import { CreateTaskDto, TaskListQueryDto } from '../../../src/interfaces/rest/tasks/tasks.dto';
import { CreateLeadDto, LeadListQueryDto, UpdateLeadDto } from '../../../src/interfaces/rest/leads/leads.dto';
import { ActivityListQueryDto, CreateActivityDto, UpdateActivityDto } from '../../../src/interfaces/rest/activities/activities.dto';
import { ActivityFields } from '../../../src/domain/crm/activities/activity.view';
import { LeadCreateFields } from '../../../src/domain/crm/leads/lead.view';
import { Type } from 'class-transformer';
import { OrderFields } from '../../../src/domain/crm/orders/order-row';

/** The hand-written DTO CreateTicketDto was before it was made from TicketFields. */
class HandWrittenTicketDto {
  @ApiProperty({ maxLength: 300 }) @IsString() @NotBlank() @MaxLength(300) subject: string;
  @ApiPropertyOptional({ maxLength: 10000 }) @IsOptional() @IsString() @MaxLength(10000) body?: string;
  @ApiProperty() @IsString() @MaxLength(40) priority: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) status?: string;
  @ApiPropertyOptional({ maxLength: 200 }) @IsOptional() @IsString() @MaxLength(200) who?: string;
  @ApiPropertyOptional({ type: 'integer', nullable: true }) @IsOptional() @IsId() customer_id?: number | null;
  @NullableId() person_id?: number | null;
  @NullableId() assignee_id?: number | null;
}

/** The hand-written DTO UpdateTicketDto was before it was made from TicketChangeFields. */
@NullClears()
class HandWrittenUpdateTicketDto {
  @ApiPropertyOptional() @IfPresent() @IsString() @MaxLength(40) status?: string;
  @ApiPropertyOptional() @IfPresent() @IsString() @MaxLength(40) priority?: string;
  @NullableId() assignee_id?: number | null;
}

/** The hand-written query DTO of GET /tickets before it was made from TicketFilters. */
class HandWrittenTicketListQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) status?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) priority?: string;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsId() customer_id?: number;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsId() assignee_id?: number;
}

/** The hand-written query DTO of GET /orders before it was made from OrderFilters. */
class HandWrittenOrderListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsId() customer_id?: number;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsId() opp_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) status?: string;
}

/** The hand-written query DTO of GET /activities before it was made from ActivityFilters. */
class HandWrittenActivityListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsId() customer_id?: number;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsId() opp_id?: number;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsId() owner_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) type?: string;
  @ApiPropertyOptional() @IsOptional() @IsIsoDateString() from?: string;
  @ApiPropertyOptional() @IsOptional() @IsIsoDateString() to?: string;
}

/** The hand-written query DTO of GET /tasks before it was made from TaskFilters. */
class HandWrittenTaskListQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) status?: string;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsId() assignee_id?: number;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsId() customer_id?: number;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsId() opp_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsIsoDateString() due_before?: string;
  @ApiPropertyOptional() @IsOptional() @IsIsoDateString() due_after?: string;
  @ApiPropertyOptional() @IsOptional() @IsIn(['true', 'false']) overdue?: 'true' | 'false';
  @ApiPropertyOptional() @IsOptional() @IsIn(['true', 'false']) open?: 'true' | 'false';
}

/** The hand-written query DTO of GET /leads before it was made from LeadFilters. */
class HandWrittenLeadListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(2_147_483_647) fair_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) status?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(2_147_483_647) owner_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) external_id?: string;
}

/** The hand-written query DTO of GET /people before it was made from PersonFilters. */
class HandWrittenPersonListQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) q?: string;
  @QueryId() customer_id?: number;
  @QueryId() owner_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) external_id?: string;
  @QueryBool() active?: boolean;
}

/** The hand-written DTO CreateOrderDto was before it was made from OrderFields. */
class HandWrittenOrderDto {
  @ApiProperty({ type: 'integer' }) @IsId() customer_id: number;
  @NullableId() opp_id?: number | null;
  @NullableId() product_id?: number | null;
  @ApiProperty() @IsAmount(3) @Min(0) @Max(1e11) kg: number;
  @ApiProperty() @IsAmount(4) @Min(0) @Max(1e10) price: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(3) currency?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(16) unit?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) kind?: string;
  @ApiPropertyOptional() @IsOptional() @IsIsoDateString() date?: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsIsoDateString() due_date?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(3650) payment_days?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) note?: string;
  @ApiPropertyOptional() @IsOptional() @IsId() owner_id?: number;
}

/** The hand-written DTO CreateTaskDto was before it was made from TaskFields. */
class HandWrittenTaskDto {
  @ApiProperty() @IsString() @NotBlank() @MaxLength(300) title: string;
  @NullableText(5000) description?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsIsoDateString() due_date?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(40) priority?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(40) status?: string | null;
  @NullableId() assignee_id?: number | null;
  @NullableId() customer_id?: number | null;
  @NullableId() person_id?: number | null;
  @NullableId() opp_id?: number | null;
}

/** The hand-written DTOs CreateCompanyDto and UpdateCompanyDto were before they were made from CompanyFields. */
class HandWrittenCompanyFieldsDto {
  @OptionalText(40) status?: string;
  @OptionalText(100) sector?: string;
  @OptionalText(100) city?: string;
  @OptionalText(100) country?: string;
  @OptionalText(500) address?: string;
  @OptionalText(50) phone?: string;
  @OptionalEmail() email?: string;
  @OptionalText(300) website?: string;
  @OptionalText(40) tax_no?: string;
  @OptionalText(100) tax_office?: string;
  @OptionalText(60) erp_code?: string;
  @OptionalText(100) erp_ext_id?: string;
  @NullableText(200) external_id?: string | null;
  @OptionalText(100) source?: string;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0 }) @IsOptional() @IsAmount(2) @Min(0) @Max(999_999_999_999.99) potential_kg?: number | null;
  @OptionalText(3) currency?: string;
  @OptionalText(16) unit?: string;
  @OptionalText(5000) note?: string;
  @OptionalId() owner_id?: number;
  @OptionalBool() active?: boolean;
}
class HandWrittenCreateCompanyDto extends HandWrittenCompanyFieldsDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @MaxLength(200) name: string;
  @ApiPropertyOptional({ type: Boolean }) @IfPresent() @IsBoolean() force?: boolean;
}
@NullClears()
class HandWrittenUpdateCompanyDto extends HandWrittenCompanyFieldsDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IfPresent() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
}

/** The hand-written DTOs CreatePersonDto and UpdatePersonDto were before they were made from PersonFields. */
class HandWrittenPersonFieldsDto {
  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1 }) @IsOptional() @IsInt() @Min(1) @Max(2_147_483_647) customer_id?: number | null;
  @OptionalText(150) title?: string;
  @OptionalText(100) department?: string;
  @OptionalEmail() email?: string;
  @OptionalText(50) phone?: string;
  @OptionalText(50) wa?: string;
  @OptionalText(5000) note?: string;
  @NullableText(200) external_id?: string | null;
  @OptionalBool() is_main?: boolean;
  @OptionalBool() is_former?: boolean;
  @OptionalId() owner_id?: number;
  @OptionalBool() active?: boolean;
}
class HandWrittenCreatePersonDto extends HandWrittenPersonFieldsDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @MaxLength(200) name: string;
  @ApiPropertyOptional({ type: Boolean }) @IfPresent() @IsBoolean() force?: boolean;
}
@NullClears()
class HandWrittenUpdatePersonDto extends HandWrittenPersonFieldsDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IfPresent() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
}

/** The hand-written DTOs CreateOpportunityDto and UpdateOpportunityDto were before they were made from OpportunityFields. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
class HandWrittenCreateOpportunityDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) name: string;
  @ApiProperty({ type: 'integer', description: 'a company the caller may see' }) @IsInt() @Min(1) customer_id: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(1e13) value?: number;
  @ApiPropertyOptional({ description: "one of app.currencies; default the company's, else the base currency" }) @IsOptional() @IsString() @MaxLength(3) currency?: string;
  @ApiPropertyOptional({ description: 'quantity in `unit`' }) @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(1e11) potential_kg?: number;
  @ApiPropertyOptional({ description: 'one of app.units; default app.unit_default' }) @IsOptional() @IsString() @MaxLength(16) unit?: string;
  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'a catalogue product; null: none' }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) product_id?: number | null;
  @ApiPropertyOptional({ type: 'string', format: 'date', nullable: true, description: 'expected close date; omitted or null: start_date + constants.sales_cycle_days (never null on the record)' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @Matches(DATE, { message: 'close_date must be a date YYYY-MM-DD' })
  close_date?: string | null;
  @ApiPropertyOptional({ format: 'date', description: 'default today' }) @IsOptional() @IsString() @Matches(DATE, { message: 'start_date must be a date YYYY-MM-DD' }) start_date?: string;
  @ApiPropertyOptional({ description: 'an open stage; default the first (gates apply)' }) @IsOptional() @IsString() @MaxLength(40) stage?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(60) type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) source?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(150) competitor?: string;
  @NullableText(200) external_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(5000) note?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) line?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(300) next_step?: string;
  @ApiPropertyOptional({ type: 'number', nullable: true, description: 'offered price per unit' }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(1e11) offer_price?: number | null;
  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 3650 }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsInt() @Min(0) @Max(3650) payment_days?: number | null;
  @ApiPropertyOptional({ type: 'number', nullable: true, minimum: 0, maximum: 100, description: 'percent 0-100; null = the stage probability' }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(100) probability?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() bant_b?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() bant_a?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() bant_n?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() bant_t?: boolean;
  @ApiPropertyOptional({ type: 'string', nullable: true, description: "forecast category: one of constants.forecast_cats; null = the stage's" }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(40) fc?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() health_manual?: boolean;
  @ApiPropertyOptional({ enum: ['A', 'B', 'C', 'D'] }) @IsOptional() @IsIn(['A', 'B', 'C', 'D']) health_grade?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) health_label?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(300) health_note?: string;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @MaxLength(40, { each: true }) tags?: string[];
  @ApiPropertyOptional({ type: 'integer', description: 'default the caller' }) @IsOptional() @IsInt() @Min(1) owner_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) detail_status?: string;
}
@NullClears()
class HandWrittenUpdateOpportunityDto extends PartialType(OmitType(HandWrittenCreateOpportunityDto, ['stage'] as const)) {
  @Allow() stage?: string;
}

/** The hand-written DTOs CreateLeadDto and UpdateLeadDto were before they were made from LeadFields. */
class HandWrittenLeadPersonDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @NotBlank() @MaxLength(200) name: string;
  @OptionalText(150) title?: string;
  @OptionalEmail() email?: string;
  @OptionalText(50) phone?: string;
}

class HandWrittenLeadFieldsDto {
  @OptionalText(200) contact_name?: string;
  @OptionalText(150) title?: string;
  @OptionalEmail() email?: string;
  @OptionalText(50) phone?: string;
  @OptionalText(50) wa?: string;
  @OptionalText(300) website?: string;
  @OptionalText(100) city?: string;
  @OptionalText(100) sector?: string;
  @ApiPropertyOptional({ maxLength: 200, description: 'their current supplier' }) @IfPresent() @IsString() @MaxLength(200) supplier?: string;

  @NullableId('the fair the lead was met at')
  fair_id?: number | null;

  @ApiPropertyOptional({ maxLength: 40, description: 'one of constants.lead_interest, or empty' }) @IfPresent() @IsString() @MaxLength(40) interest?: string;
  @OptionalText(100) line?: string;
  @ApiPropertyOptional({ maxLength: 100, description: 'one of constants.lead_next_actions, or empty' }) @IfPresent() @IsString() @MaxLength(100) next_action?: string;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true })
  @IsOptional()
  @IsIsoDateString()
  next_date?: string | null;

  @OptionalText(5000) note?: string;
  @OptionalText(5000) project_note?: string;
  @NullableText(200) external_id?: string | null;
  @ApiPropertyOptional({ maxLength: 500, description: 'products of interest (codes or names)' }) @IfPresent() @IsString() @MaxLength(500) products?: string;
  @OptionalText(5000) products_text?: string;
  @ApiPropertyOptional({ maxLength: 40, description: 'one of constants.lead_timings, or empty' }) @IfPresent() @IsString() @MaxLength(40) timing?: string;
  @ApiPropertyOptional({ maxLength: 40, description: 'one of constants.lead_visitor_types, or empty' }) @IfPresent() @IsString() @MaxLength(40) visitor_type?: string;
  @ApiPropertyOptional({ maxLength: 16, description: 'one of app.units, or empty' }) @IfPresent() @IsString() @MaxLength(16) unit?: string;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0 })
  @IsOptional()
  @IsAmount(2)
  @Min(0)
  @Max(999_999_999_999.99)
  potential_kg?: number | null;

  @ApiPropertyOptional({ maxLength: 40, description: 'one of constants.opp_types, or empty: the type of the opportunity a conversion creates' })
  @IfPresent()
  @IsString()
  @MaxLength(40)
  opp_type?: string;

  @NullableId('a registered company the lead belongs to')
  customer_id?: number | null;

  @ApiPropertyOptional({ type: [HandWrittenLeadPersonDto], nullable: true, maxItems: 20, description: 'people met besides the primary contact' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => HandWrittenLeadPersonDto)
  people?: HandWrittenLeadPersonDto[] | null;

  @ApiPropertyOptional({ maxLength: 40, description: 'one of constants.lead_statuses' }) @IfPresent() @IsString() @MaxLength(40) status?: string;
  @OptionalId() owner_id?: number;
}

class HandWrittenCreateLeadDto extends HandWrittenLeadFieldsDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @NotBlank()
  @MaxLength(200)
  company: string;
}

/** PATCH: only the fields sent change; with `company` every form field is rewritten and the omitted ones cleared. */
@NullClears()
class HandWrittenUpdateLeadDto extends HandWrittenLeadFieldsDto {
  @ApiPropertyOptional({ maxLength: 200, description: 'sending it rewrites the whole form: omitted form fields are cleared' })
  @IfPresent()
  @IsString()
  @NotBlank()
  @MaxLength(200)
  company?: string;
}

/** The hand-written DTOs CreateActivityDto and UpdateActivityDto were before they were made from ActivityFields. */
const HAND_BLOCKS_DOC =
  'what the Quick Entry form\'s blocks held (GET /api/v1/qe/config): block key -> field key -> value (strings). Blocks and fields of ' +
  'the config only; ids, numbers (12.5) and dates (YYYY-MM-DD) in their shape; an empty value is left out. `contact`, `opp` and `next` ' +
  'are not applied to person_ids, opp_id and next_action / next_date: send those too.';
const HAND_BLOCKS_SCHEMA = { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } } } as const;

class HandWrittenCreateActivityDto {
  @ApiProperty({ description: 'one of constants.visit_types', example: 'F2F' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  type: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'one of constants.visit_topics or free text' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  topic?: string | null;

  @ApiProperty({ format: 'date', example: '2026-03-02' })
  @IsIsoDateString()
  date: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 1440 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1440)
  duration_min?: number | null;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'company id' })
  @IsId()
  customer_id: number;

  @ApiPropertyOptional({ nullable: true, type: 'integer', isArray: true, description: 'people of that company' })
  @IsOptional()
  @IsIdList(50)
  person_ids?: number[] | null;

  @NullableId('an opportunity of that company')
  opp_id?: number | null;

  @NullableText(5000)
  note?: string | null;

  @NullableText(200)
  next_action?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '2026-03-16' })
  @IsOptional()
  @IsIsoDateString()
  next_date?: string | null;

  @NullableText(200)
  outcome?: string | null;

  @NullableId('default: the caller; only admins may set another user')
  owner_id?: number | null;

  @ApiPropertyOptional({ ...HAND_BLOCKS_SCHEMA, nullable: true, description: HAND_BLOCKS_DOC, example: { product: { product_id: '7' }, price: { price: '12.5', currency: 'TRY', unit: 'kg' } } })
  @IsOptional()
  @IsObject()
  blocks?: Record<string, Record<string, string>> | null;
}

@NullClears()
class HandWrittenUpdateActivityDto {
  @ApiPropertyOptional({ description: 'one of constants.visit_types' })
  @IfPresent()
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  type?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  topic?: string | null;

  @ApiPropertyOptional({ format: 'date', example: '2026-03-02' })
  @IfPresent()
  @IsIsoDateString()
  date?: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 1440 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1440)
  duration_min?: number | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @IfPresent()
  @IsId()
  customer_id?: number;

  @ApiPropertyOptional({ nullable: true, type: 'integer', isArray: true })
  @IsOptional()
  @IsIdList(50)
  person_ids?: number[] | null;

  @NullableId()
  opp_id?: number | null;

  @NullableText(5000)
  note?: string | null;

  @NullableText(200)
  next_action?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true })
  @IsOptional()
  @IsIsoDateString()
  next_date?: string | null;

  @NullableText(200)
  outcome?: string | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'only admins may set another user' })
  @IfPresent()
  @IsId()
  owner_id?: number;

  @ApiPropertyOptional({ ...HAND_BLOCKS_SCHEMA, nullable: true, description: `${HAND_BLOCKS_DOC} Replaces all blocks; null clears them.` })
  @IsOptional()
  @IsObject()
  blocks?: Record<string, Record<string, string>> | null;
}

const pipe = new CrmValidationPipe();
async function answer(metatype: new () => unknown, body: unknown): Promise<unknown> {
  try {
    return { ok: { ...(await pipe.transform(body, { type: 'body', metatype })) as object } };
  } catch (e) {
    if (e instanceof DomainError) return { refused: e.message, ...e.extra };
    throw e;
  }
}

/** An answer with its problems in any order: a made DTO lists them in the declaration's order (the hand-written classes listed a subclass's own first). */
function unordered(a: unknown): unknown {
  const r = a as { refused?: string; fields?: string[] };
  return r.refused ? { refused: r.refused.split('; ').sort(), fields: [...r.fields!].sort() } : a;
}

describe('a REST body DTO made from the declared fields (FieldsDto)', () => {
  it('answers every body as the hand-written CreateTicketDto did', async () => {
    const bodies: unknown[] = [
      { subject: 'Film tears', priority: 'High' },
      { subject: 'Film tears', priority: 'High', body: 'at 300 m/min', status: 'Open', who: 'Mert', customer_id: 4, person_id: 5, assignee_id: 6 },
      { subject: 'Film tears', priority: 'High', customer_id: null, person_id: null, assignee_id: null },
      {},
      { subject: '', priority: 'High' },
      { subject: '   ', priority: 'High' },
      { subject: 'x'.repeat(301), priority: 'y'.repeat(41) },
      { subject: 7, priority: true },
      { subject: null, priority: 'High', body: null, who: null },
      { subject: 'a', priority: 'High', customer_id: 0, person_id: 2_147_483_648, assignee_id: 1.5 },
      { subject: 'a', priority: 'High', customer_id: '4' },
      { subject: 'a', priority: 'High', not_a_field: 'x' },
    ];
    for (const body of bodies) expect({ body, answer: await answer(CreateTicketDto, body) }).toEqual({ body, answer: await answer(HandWrittenTicketDto, body) });
  });

  it('answers every change as the hand-written UpdateTicketDto did (null removes the assignee)', async () => {
    const bodies: unknown[] = [
      {},
      { status: 'Closed' },
      { status: 'Closed', priority: 'High', assignee_id: 6 },
      { assignee_id: null },
      { status: null, priority: null },
      { status: 'x'.repeat(41), priority: 7, assignee_id: 0 },
      { assignee_id: '6' },
      { subject: 'not changeable' },
    ];
    for (const body of bodies) expect({ body, answer: await answer(UpdateTicketDto, body) }).toEqual({ body, answer: await answer(HandWrittenUpdateTicketDto, body) });
  });

  it("answers every list query as the hand-written ones of GET /tickets, /orders, /activities, /tasks, /leads and /people did (ids arrive as text; the page's own fields too)", async () => {
    const queries: Record<string, string>[] = [
      {},
      { status: 'Open', priority: 'High', customer_id: '4', assignee_id: '6' },
      { customer_id: '0' },
      { assignee_id: 'x' },
      { customer_id: '2147483648' },
      { status: 'x'.repeat(41) },
      { limit: '10', cursor: 'abc', sort: 'update', updated_since: '2026-03-01T08:00:00' },
      { sort: 'oldest' },
      { not_a_filter: 'x' },
    ];
    const asQuery = async (metatype: new () => unknown, q: unknown) => {
      try {
        return { ok: { ...(await pipe.transform(q, { type: 'query', metatype })) as object } };
      } catch (e) {
        if (e instanceof DomainError) return { refused: e.message, ...e.extra };
        throw e;
      }
    };
    for (const q of queries) expect({ q, answer: await asQuery(TicketListQueryDto, q) }).toEqual({ q, answer: await asQuery(HandWrittenTicketListQueryDto, q) });
    const orders: Record<string, string>[] = [{}, { customer_id: '4', opp_id: '9', status: 'new' }, { opp_id: '-1' }, { customer_id: '1e3' }, { status: 'x'.repeat(41) }, { limit: '0' }];
    const activities: Record<string, string>[] = [
      {},
      { customer_id: '4', opp_id: '9', owner_id: '2', type: 'F2F', from: '2026-11-01', to: '2026-11-30' },
      { from: '2026-02-30' },
      { to: '30.11.2026' },
      { owner_id: '0', type: 'x'.repeat(41) },
      { sort: 'update', updated_since: 'yesterday' },
    ];
    for (const q of activities) expect({ q, answer: await asQuery(ActivityListQueryDto, q) }).toEqual({ q, answer: await asQuery(HandWrittenActivityListQueryDto, q) });
    const tasks: Record<string, string>[] = [
      {},
      { status: 'Open', assignee_id: '2', customer_id: '4', opp_id: '9', due_before: '2026-12-31', due_after: '2026-12-01', overdue: 'true', open: 'false' },
      { overdue: 'yes', open: '1' },
      { due_before: '2026-13-01', assignee_id: '1.5' },
    ];
    for (const q of tasks) expect({ q, answer: await asQuery(TaskListQueryDto, q) }).toEqual({ q, answer: await asQuery(HandWrittenTaskListQueryDto, q) });
    const leads: Record<string, string>[] = [
      {},
      { fair_id: '3', status: 'Yeni', owner_id: '2', q: 'ege', external_id: 'fair:7' },
      { fair_id: '0', owner_id: 'x' },
      { fair_id: '2147483648', q: 'y'.repeat(201), external_id: 'z'.repeat(201) },
    ];
    for (const q of leads) expect({ q, answer: await asQuery(LeadListQueryDto, q) }).toEqual({ q, answer: await asQuery(HandWrittenLeadListQueryDto, q) });
    const people: Record<string, string>[] = [
      {},
      { q: 'ayşe', customer_id: '4', owner_id: '2', external_id: 'crm:9', active: 'false' },
      { active: 'true' },
      { active: 'yes' },
      { active: '' },
      { customer_id: '-3', owner_id: '1.5', q: 'x'.repeat(201) },
    ];
    for (const q of people) expect({ q, answer: await asQuery(PersonListQueryDto, q) }).toEqual({ q, answer: await asQuery(HandWrittenPersonListQueryDto, q) });
    for (const q of orders) expect({ q, answer: await asQuery(OrderListQueryDto, q) }).toEqual({ q, answer: await asQuery(HandWrittenOrderListQueryDto, q) });
  });

  it('answers every body as the hand-written CreateOrderDto did (amounts with their decimals, nullable links)', async () => {
    const bodies: unknown[] = [
      { customer_id: 1, kg: 5000, price: 1.45 },
      { customer_id: 1, kg: 1.125, price: 1.4567, opp_id: 2, product_id: 3, currency: 'EUR', unit: 'kg', kind: 'Export', date: '2026-12-01', due_date: '2026-12-20', payment_days: 30, note: 'n', owner_id: 4 },
      { customer_id: 1, kg: 1, price: 0, opp_id: null, product_id: null, due_date: null },
      {},
      { customer_id: 1, kg: 1.1234, price: 1.23456 },
      { customer_id: 1, kg: 1e-7, price: 2e-5 },
      { customer_id: 1, kg: -1, price: -0.5 },
      { customer_id: 1, kg: 1e12, price: 1e11 },
      { customer_id: 1, kg: 5, price: null },
      { customer_id: 0, kg: 1, price: 1, owner_id: 1.5, payment_days: 3651, currency: 'EURO', date: '2026-02-30', due_date: 'soon' },
      { customer_id: 1, kg: 1, price: 1, currency: null, date: null, owner_id: null, note: 'x'.repeat(2001) },
      { customer_id: 1, kg: 1, price: 1, nope: true },
    ];
    for (const body of bodies) expect({ body, answer: await answer(CreateOrderDto, body) }).toEqual({ body, answer: await answer(HandWrittenOrderDto, body) });
    // a value of the wrong type is named as such (the hand-written DTO's first message was its upper bound's)
    expect(await answer(CreateOrderDto, { customer_id: 1, kg: '5', price: 1 })).toMatchObject({ refused: 'kg: must be a number with at most 3 decimal places' });
    expect(await answer(HandWrittenOrderDto, { customer_id: 1, kg: '5', price: 1 })).toMatchObject({ refused: 'kg: must not be greater than 100000000000' });
    const prop = (key: string) => Reflect.getMetadata('swagger/apiModelProperties', CreateOrderDto.prototype, key) as Record<string, unknown>;
    expect(prop('kg')).toMatchObject({ type: Number, minimum: 0, maximum: 1e11, example: 5000 });
    expect(prop('price')).toMatchObject({ maximum: 1e10, example: 1.45 });
    const tool = OrderFields.safeParse({ customer_id: 1, kg: 1.1234, price: 1 });
    expect(tool.success ? [] : tool.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['kg: at most 3 decimal places']);
  });

  it('answers every body as the hand-written CreateTaskDto did', async () => {
    const bodies: unknown[] = [
      { title: 'Call back' },
      { title: 'Call back', description: 'about the film', due_date: '2026-12-20', priority: 'High', status: 'Open', assignee_id: 2, customer_id: 3, person_id: 4, opp_id: 5 },
      { title: 'Call back', description: null, due_date: null, priority: null, status: null, assignee_id: null, customer_id: null, person_id: null, opp_id: null },
      {},
      { title: '' },
      { title: '  ' },
      { title: 'x'.repeat(301), description: 'y'.repeat(5001), priority: 'p'.repeat(41) },
      { title: 5, description: 6, due_date: '2026-02-30', status: false },
      { title: null },
      { title: 'a', assignee_id: 0, customer_id: 1.5, person_id: '4', opp_id: 2_147_483_648 },
      { title: 'a', unknown_field: 1 },
    ];
    for (const body of bodies) expect({ body, answer: await answer(CreateTaskDto, body) }).toEqual({ body, answer: await answer(HandWrittenTaskDto, body) });
    const prop = (key: string) => Reflect.getMetadata('swagger/apiModelProperties', CreateTaskDto.prototype, key) as Record<string, unknown>;
    expect(prop('due_date')).toMatchObject({ type: String, format: 'date', nullable: true, example: '2026-03-20' });
  });

  it('answers every company body as the hand-written CreateCompanyDto and UpdateCompanyDto did (e-mail or empty, nulls that clear)', async () => {
    const full = {
      name: 'Anadolu', status: 'lead', sector: 'Packaging', city: 'Bursa', country: 'TR', address: 'OSB 1', phone: '+90 224', email: 'info@anadolu.example', website: 'anadolu.example',
      tax_no: '123', tax_office: 'Nilüfer', erp_code: 'C1', erp_ext_id: 'E1', external_id: 'SF-1', source: 'fair', potential_kg: 1250.5, currency: 'EUR', unit: 'kg', note: 'n', owner_id: 3, active: true,
    };
    const bodies: unknown[] = [
      { name: 'Anadolu' },
      full,
      { name: 'Anadolu', email: '', external_id: null, potential_kg: null, force: true },
      {},
      { name: '' },
      { name: 'x'.repeat(201), status: 's'.repeat(41), tax_no: 't'.repeat(41), note: 'n'.repeat(5001) },
      { name: 'a', email: 'not an address', potential_kg: 1.234, owner_id: 0, active: 'yes', force: 'no' },
      { name: 'a', potential_kg: -1, owner_id: 1.5, email: 'x@y.example'.padStart(255, 'a') },
      { name: 'a', potential_kg: 1e13, owner_id: 2_147_483_648, currency: 'EURO' },
      { name: 'a', sector: 5, city: false },
      { name: 'a', unknown_field: 1 },
    ];
    for (const body of bodies) expect({ body, answer: unordered(await answer(CreateCompanyDto, body)) }).toEqual({ body, answer: unordered(await answer(HandWrittenCreateCompanyDto, body)) });
    const changes: unknown[] = [
      {},
      { city: 'Izmir' },
      full,
      // null clears an optional text ('') and keeps a nullable column's null
      { sector: null, email: null, note: null, external_id: null, potential_kg: null },
      { name: null },
      { active: null, owner_id: null },
      { name: '' },
      { email: 'nope', potential_kg: 0.001, owner_id: -2 },
      { website: 'w'.repeat(301), unknown_field: true },
    ];
    for (const body of changes) expect({ body, answer: unordered(await answer(UpdateCompanyDto, body)) }).toEqual({ body, answer: unordered(await answer(HandWrittenUpdateCompanyDto, body)) });
    // a blank name is refused by the DTO now; the service refused it before with the same field named
    expect(await answer(CreateCompanyDto, { name: '   ' })).toMatchObject({ refused: 'name: must not be blank', field: 'name' });
    const prop = (key: string) => Reflect.getMetadata('swagger/apiModelProperties', CreateCompanyDto.prototype, key) as Record<string, unknown>;
    expect(prop('email')).toMatchObject({ type: String, format: 'email', maxLength: 254 });
    expect(prop('potential_kg')).toMatchObject({ type: Number, nullable: true, minimum: 0, maximum: 999_999_999_999.99 });
    expect(prop('owner_id')).toMatchObject({ type: 'integer', minimum: 1 });
    const tool = CompanyCreateFields.safeParse({ name: 'a', email: 'nope', potential_kg: 1.234 });
    expect(tool.success ? [] : tool.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['email: must be an e-mail address or empty', 'potential_kg: at most 2 decimal places']);
    expect(CompanyCreateFields.safeParse({ name: 'a', email: '' }).success).toBe(true);
  });

  it('answers every person body as the hand-written CreatePersonDto and UpdatePersonDto did', async () => {
    const full = { name: 'Ayşe Kaya', customer_id: 4, title: 'Buyer', department: 'Purchasing', email: 'ayse@zap.example', phone: '+90 1', wa: '+90 2', note: 'n', external_id: 'hs:1', is_main: true, is_former: false, owner_id: 3, active: true };
    const bodies: unknown[] = [
      { name: 'Ayşe' },
      full,
      { name: 'Ayşe', customer_id: null, email: '', external_id: null, force: true },
      {},
      { name: '' },
      { name: 'x'.repeat(201), title: 't'.repeat(151), wa: 'w'.repeat(51) },
      { name: 'a', email: 'nope', customer_id: 0, is_main: 'yes', force: 1 },
      { name: 'a', customer_id: 1.5, owner_id: 2_147_483_648 },
      { name: 'a', is_former: null },
      { name: 'a', unknown_field: 1 },
    ];
    for (const body of bodies) expect({ body, answer: unordered(await answer(CreatePersonDto, body)) }).toEqual({ body, answer: unordered(await answer(HandWrittenCreatePersonDto, body)) });
    const changes: unknown[] = [
      {},
      { title: 'Head of purchasing' },
      full,
      { title: null, email: null, note: null, external_id: null, customer_id: null },
      { name: null },
      { is_main: null, owner_id: null },
      { email: 'x@', customer_id: -1, department: 'd'.repeat(101) },
    ];
    for (const body of changes) expect({ body, answer: unordered(await answer(UpdatePersonDto, body)) }).toEqual({ body, answer: unordered(await answer(HandWrittenUpdatePersonDto, body)) });
    expect(await answer(CreatePersonDto, { name: '   ' })).toMatchObject({ refused: 'name: must not be blank', field: 'name' });
  });

  it('answers every opportunity body as the hand-written CreateOpportunityDto and UpdateOpportunityDto did (tags, nullable numbers, dates)', async () => {
    const full = {
      name: 'Streç film', customer_id: 4, value: 1200.5, currency: 'EUR', potential_kg: 5000, unit: 'kg', product_id: 2, close_date: '2026-12-31', start_date: '2026-12-01', stage: 'Qualify',
      type: 'New', source: 'fair', competitor: 'X', external_id: 'sf:1', note: 'n', line: 'Film', next_step: 'call', offer_price: 1.25, payment_days: 60, probability: 40,
      bant_b: true, bant_a: false, bant_n: true, bant_t: false, fc: 'Commit', health_manual: true, health_grade: 'B', health_label: 'ok', health_note: 'fine', tags: ['a', 'b'], owner_id: 3, detail_status: 'x',
    };
    const bodies: unknown[] = [
      { name: 'Streç film', customer_id: 4 },
      full,
      { name: 'a', customer_id: 4, product_id: null, close_date: null, offer_price: null, payment_days: null, probability: null, fc: null, external_id: null },
      {},
      { name: '', customer_id: 0 },
      { name: 'a', customer_id: 1.5, value: -1, potential_kg: 1e12, probability: 101, payment_days: 3651 },
      { name: 'a', customer_id: 4, close_date: '31.12.2026' },
      { name: 'a', customer_id: 4, tags: 'a' },
      { name: 'a', customer_id: 4, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      { name: 'a', customer_id: 4, tags: ['x'.repeat(41), 5] },
      { name: 'a', customer_id: 4, health_grade: 'E', bant_b: 'yes', next_step: 's'.repeat(301), type: 't'.repeat(61) },
      { name: 'a', customer_id: 4, value: '5', offer_price: Infinity },
      { name: 'a', customer_id: 4, unknown_field: 1 },
    ];
    for (const body of bodies) expect({ body, answer: unordered(await answer(CreateOpportunityDto, body)) }).toEqual({ body, answer: unordered(await answer(HandWrittenCreateOpportunityDto, body)) });
    const changes: unknown[] = [
      {},
      { value: 10 },
      { ...full, stage: undefined },
      { stage: 'Won' },
      { note: null, next_step: null, source: null, product_id: null, close_date: null, probability: null, fc: null, tags: ['x'] },
      { name: null },
      { value: null, bant_b: null },
      { customer_id: null },
      { tags: null },
    ];
    for (const body of changes) expect({ body, answer: unordered(await answer(UpdateOpportunityDto, body)) }).toEqual({ body, answer: unordered(await answer(HandWrittenUpdateOpportunityDto, body)) });
    const prop = (key: string) => Reflect.getMetadata('swagger/apiModelProperties', CreateOpportunityDto.prototype, key) as Record<string, unknown>;
    expect(prop('tags')).toMatchObject({ type: String, isArray: true, maxItems: 20 });
    // a date that is no day is refused by the body's check now (the service refused it before, with the same message)
    expect(await answer(CreateOpportunityDto, { name: 'a', customer_id: 4, start_date: '2026-13-01' })).toMatchObject({ refused: 'start_date: must be a date YYYY-MM-DD' });
    expect(Reflect.getMetadata('swagger/apiModelProperties', UpdateOpportunityDto.prototype, 'stage')).toBeUndefined();
  });

  it('answers every lead body as the hand-written CreateLeadDto and UpdateLeadDto did (people, nulls that clear)', async () => {
    const full = {
      company: 'Anadolu', contact_name: 'Mert', title: 'Buyer', email: 'mert@anadolu.example', phone: '+90 1', wa: '+90 2', website: 'anadolu.example', city: 'Bursa', sector: 'Packaging',
      supplier: 'Rival', fair_id: 2, interest: 'High', line: 'Films', next_action: 'Call', next_date: '2026-12-10', note: 'n', project_note: 'p', external_id: 'x-1', products: 'P1',
      products_text: 'pt', timing: 'Now', visitor_type: 'Customer', unit: 'kg', potential_kg: 1250.5, opp_type: 'Trial', customer_id: 4, people: [{ name: 'Ayşe', title: 'QA', email: 'a@b.example', phone: '1' }],
      status: 'New', owner_id: 3,
    };
    const bodies: unknown[] = [
      { company: 'Anadolu' },
      full,
      { company: 'Anadolu', email: '', fair_id: null, next_date: null, potential_kg: null, customer_id: null, people: null, external_id: null },
      {},
      { company: '' },
      { company: '   ' },
      { company: 'x'.repeat(201), supplier: 's'.repeat(201), interest: 'i'.repeat(41), next_action: 'n'.repeat(101), products: 'p'.repeat(501), unit: 'u'.repeat(17) },
      { company: 'a', email: 'nope', potential_kg: 1.234, owner_id: 0, fair_id: 1.5, next_date: '2026-13-01' },
      { company: 'a', potential_kg: -1, customer_id: 2_147_483_648, people: [{ name: '' }, { title: 'x' }] },
      { company: 'a', people: Array.from({ length: 21 }, (_, i) => ({ name: `p${i}` })) },
      { company: 'a', people: [{ name: 'a', extra: 1 }] },
      { company: 'a', people: 'Ayşe' },
      { company: 'a', city: 5, status: false, unknown_field: 1 },
    ];
    const created = async (body: unknown) => [unordered(await answer(CreateLeadDto, body)), unordered(await answer(HandWrittenCreateLeadDto, body))];
    for (const body of bodies) {
      const [made, hand] = await created(body);
      expect({ body, answer: made }).toEqual({ body, answer: hand });
    }
    const changes: unknown[] = [
      {},
      { city: 'Izmir' },
      full,
      // null clears an optional text ('') and keeps a nullable column's null
      { supplier: null, interest: null, note: null, fair_id: null, next_date: null, potential_kg: null, people: null, external_id: null },
      { company: null },
      { status: null, owner_id: null },
      { company: '' },
      { email: 'nope', potential_kg: 0.001, owner_id: -2 },
      { website: 'w'.repeat(301), unknown_field: true },
    ];
    for (const body of changes) expect({ body, answer: unordered(await answer(UpdateLeadDto, body)) }).toEqual({ body, answer: unordered(await answer(HandWrittenUpdateLeadDto, body)) });
    const prop = (key: string) => Reflect.getMetadata('swagger/apiModelProperties', CreateLeadDto.prototype, key) as Record<string, unknown>;
    expect(prop('potential_kg')).toMatchObject({ type: Number, nullable: true, minimum: 0, maximum: 999_999_999_999.99 });
    expect(prop('fair_id')).toMatchObject({ type: 'integer', nullable: true, minimum: 1 });
    expect(prop('people')).toMatchObject({ nullable: true, maxItems: 20 });
    // the tools take the same fields and people
    const tool = LeadCreateFields.safeParse({ company: 'a', email: 'nope', people: [{ name: '' }] });
    expect(tool.success ? [] : tool.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).sort()).toEqual(['email: must be an e-mail address or empty', 'people.0.name: must not be empty']);
  });

  it('answers every activity body as the hand-written CreateActivityDto and UpdateActivityDto did (people ids, blocks, nulls that clear)', async () => {
    const full = {
      type: 'F2F', topic: 'Offer', date: '2026-03-02', duration_min: 45, customer_id: 4, person_ids: [1, 2], opp_id: 9, note: 'n', next_action: 'Call', next_date: '2026-03-16', outcome: 'ok', owner_id: 3,
      blocks: { price: { price: '12.5' } },
    };
    const bodies: unknown[] = [
      { type: 'F2F', date: '2026-03-02', customer_id: 4 },
      full,
      { type: 'F2F', date: '2026-03-02', customer_id: 4, topic: null, duration_min: null, person_ids: null, opp_id: null, note: null, next_action: null, next_date: null, outcome: null, owner_id: null, blocks: null },
      {},
      { type: '', date: '2026-02-30', customer_id: 0 },
      { type: 't'.repeat(41), date: 'today', customer_id: 1.5, topic: 'x'.repeat(201), note: 'n'.repeat(5001), next_action: 'a'.repeat(201) },
      { type: 'F2F', date: '2026-03-02', customer_id: 4, duration_min: 1441, person_ids: [0, 'a'], opp_id: -1, owner_id: 2_147_483_648 },
      { type: 'F2F', date: '2026-03-02', customer_id: 4, duration_min: 1.5, person_ids: Array.from({ length: 51 }, (_, i) => i + 1) },
      { type: 'F2F', date: '2026-03-02', customer_id: 4, person_ids: 7, blocks: 'price' },
      { type: 5, date: 20260302, customer_id: '4', unknown_field: 1 },
    ];
    for (const body of bodies) expect({ body, answer: unordered(await answer(CreateActivityDto, body)) }).toEqual({ body, answer: unordered(await answer(HandWrittenCreateActivityDto, body)) });
    const changes: unknown[] = [
      {},
      { note: 'more' },
      full,
      { topic: null, duration_min: null, person_ids: null, opp_id: null, note: null, next_action: null, next_date: null, outcome: null, blocks: null },
      { type: null },
      { date: null, customer_id: null, owner_id: null },
      { type: '', date: '2026-13-01', owner_id: 0 },
      { person_ids: [1, 1.5], duration_min: -1, unknown_field: true },
    ];
    for (const body of changes) expect({ body, answer: unordered(await answer(UpdateActivityDto, body)) }).toEqual({ body, answer: unordered(await answer(HandWrittenUpdateActivityDto, body)) });
    // a blank type is refused by the DTO now, with the field named as the service named it
    expect(await answer(CreateActivityDto, { type: '   ', date: '2026-03-02', customer_id: 4 })).toMatchObject({ refused: 'type: must not be blank', field: 'type' });
    const prop = (key: string) => Reflect.getMetadata('swagger/apiModelProperties', CreateActivityDto.prototype, key) as Record<string, unknown>;
    expect(prop('person_ids')).toMatchObject({ type: 'integer', isArray: true, nullable: true, maxItems: 50 });
    expect(prop('type')).toMatchObject({ type: String, maxLength: 40, example: 'F2F' });
    expect(prop('next_date')).toMatchObject({ format: 'date', nullable: true, example: '2026-03-16', description: 'day of the next step (YYYY-MM-DD)' });
    const tool = ActivityFields.safeParse({ type: 'F2F', date: '2026-03-02', customer_id: 4, person_ids: [0], blocks: { price: { price: 12.5 } } });
    expect(tool.success ? [] : tool.error.issues.map((i) => i.path.join('.')).sort()).toEqual(['blocks.price.price', 'person_ids.0']);
  });

  it('documents each field from its declaration: type, bounds, description, nullable', () => {
    class Sample extends FieldsDto(
      z.object({
        name: text(80, 'what it is called'),
        due: date('when').optional(),
        count: int(0, 10, 'how many').optional(),
        owner_id: id('user').nullable().optional(),
        urgent: z.boolean(),
        kind: z.enum(['a', 'b']),
      }),
    ) {}
    const prop = (key: string) => Reflect.getMetadata('swagger/apiModelProperties', Sample.prototype, key) as Record<string, unknown>;
    expect(prop('name')).toMatchObject({ type: String, maxLength: 80, description: 'what it is called' });
    expect(prop('name').required).not.toBe(false);
    expect(prop('due')).toMatchObject({ type: String, format: 'date', required: false });
    expect(prop('count')).toMatchObject({ type: 'integer', minimum: 0, maximum: 10, required: false });
    expect(prop('count').nullable).toBeUndefined();
    expect(prop('owner_id')).toMatchObject({ type: 'integer', nullable: true, description: 'id of the user' });
    expect(prop('urgent')).toMatchObject({ type: Boolean });
    expect(prop('kind')).toMatchObject({ enum: ['a', 'b'] });
    expect(Sample.name).toBe('Sample');
  });

  it('checks each field as declared', async () => {
    class Sample extends FieldsDto(
      z.object({ due: date('when').optional(), count: int(0, 10, 'how many').optional(), urgent: z.boolean(), kind: z.enum(['a', 'b']), link: id('link').nullable().optional() }),
    ) {}
    expect(await answer(Sample, { urgent: true, kind: 'a', due: '2026-12-01', count: 10 })).toEqual({ ok: { urgent: true, kind: 'a', due: '2026-12-01', count: 10 } });
    expect(await answer(Sample, { urgent: 'yes', kind: 'c', due: '2026-02-30', count: 11 })).toEqual({
      refused: 'due: must be a date YYYY-MM-DD; count: must not be greater than 10; urgent: must be a boolean value; kind: must be one of the following values: a, b',
      field: 'due',
      fields: ['due', 'count', 'urgent', 'kind'],
    });
    expect(await answer(Sample, { urgent: true, kind: 'a', count: null, due: null, link: null })).toMatchObject({ refused: 'count: must not be null; due: must not be null', fields: ['count', 'due'] });
    expect(await answer(Sample, { urgent: true, kind: 'a', link: null })).toEqual({ ok: { urgent: true, kind: 'a', link: null } });
  });

  it('refuses a kind it cannot check, naming the field', () => {
    expect(() => FieldsDto(z.object({ tags: z.array(z.number()) }))).toThrow('FieldsDto: tags is an array of number');
    expect(() => FieldsDto(z.object({ at: z.union([z.string(), z.number()]) }))).toThrow('FieldsDto: at is a union');
  });

  it('takes the create command of tickets whole: every declared field is a property', () => {
    const props = Reflect.getMetadata('swagger/apiModelPropertiesArray', CreateTicketDto.prototype) as string[];
    expect(props.map((p) => p.slice(1))).toEqual(Object.keys(TicketFields.shape));
  });
});

describe('storedAsIs: the declared fields a command does not treat itself', () => {
  class Thing {
    id: number;
    name: string;
    customerPo: string | null;
    channel?: string;
    count?: number;
  }
  const ThingFields = z.object({ name: z.string(), customer_po: z.string().nullable(), channel: z.string().optional(), count: z.number().optional() });
  it('keeps the others under their property names, leaving out the handled and the absent', () => {
    const input = { name: 'x', customer_po: 'PO-1', channel: undefined as string | undefined };
    expect(storedAsIs(Thing, input, ['name'] as const, ThingFields)).toEqual({ customerPo: 'PO-1' });
    expect(storedAsIs(Thing, { ...input, channel: 'phone' }, ['name'] as const, ThingFields)).toEqual({ customerPo: 'PO-1', channel: 'phone' });
  });

  it('reads only the declared keys: an extra key of the object (an import\'s, a hook\'s) never reaches a property', () => {
    const input: { name: string; customer_po: string } = Object.assign({ name: 'x', customer_po: 'PO-1' }, { id: 7, workspace_id: 2 });
    expect(storedAsIs(Thing, input, ['name'] as const, ThingFields)).toEqual({ customerPo: 'PO-1' });
  });

  it('is refused by tsc for a field the entity lacks or types otherwise (lint runs tsc over the tests)', () => {
    // @ts-expect-error colour is no property of Thing
    expect(storedAsIs(Thing, { name: 'x', colour: 'red' }, ['name'] as const, z.object({ colour: z.string() }))).toEqual({ colour: 'red' });
    // @ts-expect-error Thing's count is a number
    expect(storedAsIs(Thing, { name: 'x', count: 'three' }, ['name'] as const, ThingFields)).toEqual({ count: 'three' });
  });
});
