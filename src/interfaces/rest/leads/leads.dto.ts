import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import type { ConvertInput } from '../../../domain/crm/leads/lead-convert.service';
import { LeadFields, LeadFilters, type LeadCreateInput, type LeadInput, type LeadPersonInput } from '../../../domain/crm/leads/lead.view';
import { FieldsDto, QueryDto } from '../shared/fields-dto';
import { IfPresent, IsId, NotBlank, NullClears, OptionalEmail, OptionalText } from '../shared/fields';

export class LeadPersonDto implements LeadPersonInput {
  @ApiProperty({ maxLength: 200 }) @IsString() @NotBlank() @MaxLength(200) name: string;
  @OptionalText(150) title?: string;
  @OptionalEmail() email?: string;
  @OptionalText(50) phone?: string;
}

/**
 * The lead form (spec 2.5 field names): the fields the domain declares (`LeadFields`, the lead's read model file), and
 * the people met besides the primary contact, a list of objects, written here.
 */
class LeadFieldsDto extends FieldsDto(LeadFields) {
  @ApiPropertyOptional({ type: [LeadPersonDto], nullable: true, maxItems: 20, description: 'people met besides the primary contact' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => LeadPersonDto)
  people?: LeadPersonDto[] | null;
}

export class CreateLeadDto extends LeadFieldsDto implements LeadCreateInput {
  @ApiProperty({ maxLength: 200, description: 'the company name as written on the lead' })
  @IsString()
  @NotBlank()
  @MaxLength(200)
  company: string;
}

/** PATCH: only the fields sent change; with `company` every form field is rewritten and the omitted ones cleared. */
@NullClears()
export class UpdateLeadDto extends LeadFieldsDto implements LeadInput {
  @ApiPropertyOptional({ maxLength: 200, description: 'sending it rewrites the whole form: omitted form fields are cleared' })
  @IfPresent()
  @IsString()
  @NotBlank()
  @MaxLength(200)
  company?: string;
}

/** A list's query: the filters the domain declares (`LeadFilters`) after the page's own. */
export class LeadListQueryDto extends QueryDto(LeadFilters) {}

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

/**
 * Kept from before GET /today was documented with zod:
 * the lead is the zod schema `Lead` (src/interfaces/rest/leads/lead.schema.ts), which the mappers return.
 */
export class LeadSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'L-12' }) rid: string;
  @ApiProperty() company: string;
}
