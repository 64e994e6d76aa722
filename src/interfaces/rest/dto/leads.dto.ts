import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { ConvertInput } from '../../../domain/crm/leads/lead-convert.service';
import type { LeadInput, LeadListQuery, LeadPersonInput } from '../../../domain/crm/leads/leads.service';
import { IfPresent, IsAmount, IsId, IsIsoDateString, NotBlank, NullClears, OptionalEmail, OptionalId, OptionalText, QueryId, NullableId } from './fields';
import { PageQueryDto } from './page-query.dto';

/** Largest value of a numeric(14,2) column. */
const MAX_QUANTITY = 999_999_999_999.99;

export class LeadPersonDto implements LeadPersonInput {
  @ApiProperty({ maxLength: 200 }) @IsString() @NotBlank() @MaxLength(200) name: string;
  @OptionalText(150) title?: string;
  @OptionalEmail() email?: string;
  @OptionalText(50) phone?: string;
}

/** The lead form (spec 2.5 field names). */
class LeadFieldsDto implements LeadInput {
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
  @ApiPropertyOptional({ maxLength: 500, description: 'products of interest (codes or names)' }) @IfPresent() @IsString() @MaxLength(500) products?: string;
  @OptionalText(5000) products_text?: string;
  @ApiPropertyOptional({ maxLength: 40, description: 'one of constants.lead_timings, or empty' }) @IfPresent() @IsString() @MaxLength(40) timing?: string;
  @ApiPropertyOptional({ maxLength: 40, description: 'one of constants.lead_visitor_types, or empty' }) @IfPresent() @IsString() @MaxLength(40) visitor_type?: string;
  @ApiPropertyOptional({ maxLength: 16, description: 'one of app.units, or empty' }) @IfPresent() @IsString() @MaxLength(16) unit?: string;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0 })
  @IsOptional()
  @IsAmount(2)
  @Min(0)
  @Max(MAX_QUANTITY)
  potential_kg?: number | null;

  @ApiPropertyOptional({ maxLength: 40, description: 'one of constants.opp_types, or empty: the type of the opportunity a conversion creates' })
  @IfPresent()
  @IsString()
  @MaxLength(40)
  opp_type?: string;

  @NullableId('a registered company the lead belongs to')
  customer_id?: number | null;

  @ApiPropertyOptional({ type: [LeadPersonDto], nullable: true, maxItems: 20, description: 'people met besides the primary contact' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => LeadPersonDto)
  people?: LeadPersonDto[] | null;

  @ApiPropertyOptional({ maxLength: 40, description: 'one of constants.lead_statuses' }) @IfPresent() @IsString() @MaxLength(40) status?: string;
  @OptionalId() owner_id?: number;
}

export class CreateLeadDto extends LeadFieldsDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @NotBlank()
  @MaxLength(200)
  company: string;
}

/** PATCH: only the fields sent change; with `company` every form field is rewritten and the omitted ones cleared. */
@NullClears()
export class UpdateLeadDto extends LeadFieldsDto {
  @ApiPropertyOptional({ maxLength: 200, description: 'sending it rewrites the whole form: omitted form fields are cleared' })
  @IfPresent()
  @IsString()
  @NotBlank()
  @MaxLength(200)
  company?: string;
}

export class LeadListQueryDto extends PageQueryDto {
  @QueryId() fair_id?: number;

  @ApiPropertyOptional({ description: 'a lead status (or the won status)' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  status?: string;

  @QueryId() owner_id?: number;

  @ApiPropertyOptional({ description: 'company, contact name or e-mail contains (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}

export function leadListQuery(d: LeadListQueryDto): LeadListQuery {
  return { limit: d.limit, cursor: d.cursor, sort: d.sort, updatedSince: d.updated_since, fairId: d.fair_id, status: d.status, ownerId: d.owner_id, q: d.q };
}

export class ConvertLeadDto implements ConvertInput {
  @ApiPropertyOptional({ enum: ['existing', 'new'], description: 'existing: the company customer_id; new: a new prospect. Omitted: the registered or name-matched company, else a new one' })
  @IfPresent()
  @IsIn(['existing', 'new'])
  mode?: 'existing' | 'new';

  @ApiPropertyOptional({ type: 'integer', description: 'the company, with mode existing' })
  @IfPresent()
  @IsId()
  customer_id?: number;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string', enum: ['new', 'skip'] }, { type: 'integer' }] },
    description: 'person index (as in the lead\'s `people`) -> "new", "skip" or a contact id; people not named: "new"',
    example: { '0': 'new', '1': 'skip' },
  })
  @IfPresent()
  @IsObject()
  people?: Record<string, unknown>;

  @ApiPropertyOptional({ enum: ['new', 'existing', 'none'], default: 'new' })
  @IfPresent()
  @IsIn(['new', 'existing', 'none'])
  opp_mode?: 'new' | 'existing' | 'none';

  @ApiPropertyOptional({ type: 'integer', description: 'an open opportunity of the company, with opp_mode existing' })
  @IfPresent()
  @IsId()
  opp_id?: number;

  @ApiPropertyOptional({ type: Boolean, default: true, description: 'log a fair visit' })
  @IfPresent()
  @IsBoolean()
  make_visit?: boolean;

  @ApiPropertyOptional({ type: Boolean, default: true, description: "make the lead's next action a follow-up task (when it has one); its id is the lead's task_id" })
  @IfPresent()
  @IsBoolean()
  make_task?: boolean;
}

// ---- response schemas (OpenAPI documentation; the mappers build the bodies) ----

class LeadOwnerSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() username: string;
  @ApiProperty() full_name: string;
  @ApiProperty() role: string;
  @ApiProperty() role_label: string;
}

export class LeadPersonSchema {
  @ApiProperty({ type: 'integer', nullable: true, description: 'the contact linked or created by the conversion' }) cid: number | null;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty() phone: string;
  @ApiProperty() title: string;
}

export class LeadSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'L-12' }) rid: string;
  @ApiProperty() company: string;
  @ApiProperty() contact_name: string;
  @ApiProperty({ description: 'contact name and title' }) contact_label: string;
  @ApiProperty() title: string;
  @ApiProperty() email: string;
  @ApiProperty() phone: string;
  @ApiProperty() wa: string;
  @ApiProperty() website: string;
  @ApiProperty() city: string;
  @ApiProperty() sector: string;
  @ApiProperty() supplier: string;
  @ApiProperty({ description: 'fair name' }) fair: string;
  @ApiProperty({ type: 'integer', nullable: true }) fair_id: number | null;
  @ApiProperty({ description: 'local time' }) created_at: string;
  @ApiProperty({ description: 'local time' }) updated_at: string;
  @ApiProperty() initials: string;
  @ApiProperty() interest: string;
  @ApiProperty() line: string;
  @ApiProperty() next_action: string;
  @ApiProperty({ type: String, format: 'date', nullable: true }) next_date: string | null;
  @ApiProperty() note: string;
  @ApiProperty() project_note: string;
  @ApiProperty() products: string;
  @ApiProperty() products_text: string;
  @ApiProperty() timing: string;
  @ApiProperty() visitor_type: string;
  @ApiProperty() unit: string;
  @ApiProperty({ type: Number, nullable: true }) potential_kg: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) opp_id: number | null;
  @ApiProperty() opp_type: string;
  @ApiProperty({ type: 'integer', nullable: true }) customer_id: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) task_id: number | null;
  @ApiProperty({ type: LeadOwnerSchema, nullable: true }) owner: LeadOwnerSchema | null;
  @ApiProperty() can_edit: boolean;
  @ApiProperty({ description: 'stored status: one of constants.lead_statuses, or constants.lead_status_won' }) status: string;
  @ApiProperty({ description: 'effective status: constants.lead_status_won while the linked opportunity is won' }) status_eff: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'after conversion: the primary contact' }) link_contact_id: number | null;
  @ApiProperty({ description: 'after conversion: the company name' }) link_customer: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'after conversion: the company' }) link_customer_id: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'local time of the conversion' }) converted_at: string | null;
  @ApiProperty({ type: [LeadPersonSchema], description: 'the primary contact (when named) and the extra people; convert maps them by index' }) people: LeadPersonSchema[];
}

export class LeadResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: LeadSchema }) lead: LeadSchema;
}

export class LeadListResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: [LeadSchema] }) items: LeadSchema[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class ConvertResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: 'integer', description: 'people created as new contacts' }) created: number;
  @ApiProperty({ type: 'integer', description: 'people linked to existing contacts' }) linked: number;
  @ApiProperty({ description: 'company name' }) customer: string;
  @ApiProperty({ type: 'integer' }) customer_id: number;
  @ApiProperty({ type: 'integer', nullable: true }) opp_id: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: "the follow-up task made of the lead's next action (also the lead's task_id)" }) task_id: number | null;
  @ApiProperty({ type: LeadSchema }) lead: LeadSchema;
  @ApiProperty() message: string;
}
