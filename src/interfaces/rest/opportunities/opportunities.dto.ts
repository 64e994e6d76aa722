import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MAX_LIST_IDS } from '../../../domain/crm/opportunities/opportunity.types';
import { invalid } from '../../../platform/common/errors';
import { PageQueryDto } from '../shared/page-query.dto';
import { NullableText, NullClears } from '../shared/fields';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Create body: the opportunity's own field names (spec 2.6). */
export class CreateOpportunityDto {
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
/**
 * PATCH body: every create field but `stage`. A `stage` is accepted by validation only so that the
 * service can refuse it with a message pointing to POST /api/v1/opportunities/{id}/stage (not documented
 * as a PATCH field).
 */
export class UpdateOpportunityDto extends PartialType(OmitType(CreateOpportunityDto, ['stage'] as const)) {
  @Allow() stage?: string;
}

export class StageMoveDto {
  @ApiProperty({ description: 'the target stage: one of constants.stages' }) @IsString() @IsNotEmpty() @MaxLength(40) stage: string;
  @ApiPropertyOptional({ description: 'written to the stage log' }) @IsOptional() @IsString() @MaxLength(1000) note?: string;
  @ApiPropertyOptional({ description: 'required when the stage closes as lost or cancelled (constants.stage_roles): one of constants.loss_reasons' }) @IsOptional() @IsString() @MaxLength(100) close_reason?: string;
  @ApiPropertyOptional({ description: 'default from the stage role' }) @IsOptional() @IsString() @MaxLength(100) close_category?: string;
}

@NullClears()
export class StepToggleDto {
  @ApiPropertyOptional({ description: 'omitted: flips' }) @IsOptional() @IsBoolean() done?: boolean;
  @ApiPropertyOptional({ maxLength: 250 }) @IsOptional() @IsString() @MaxLength(250, { message: 'note must be at most 250 characters' }) note?: string;
}

export class NoteDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(5000) body: string;
}

export class EmptyDto {}

export class OpportunityListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'one of constants.stages' }) @IsOptional() @IsString() @MaxLength(40) stage?: string;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) owner_id?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'company id' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) customer_id?: number;
  @ApiPropertyOptional({ enum: ['open', 'closed'] }) @IsOptional() @IsIn(['open', 'closed']) status?: 'open' | 'closed';
  @ApiPropertyOptional({ description: 'name contains' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ description: 'the record\'s key in another system, exactly' }) @IsOptional() @IsString() @MaxLength(200) external_id?: string;
  @ApiPropertyOptional({
    description: `only these records: comma-separated ids, at most ${MAX_LIST_IDS}; ids unknown or not visible to the caller are simply absent`,
    example: '95,96',
    maxLength: 1200,
  })
  @IsOptional()
  @IsString()
  @MaxLength(1200)
  @Matches(/^\s*\d{1,10}\s*(,\s*\d{1,10}\s*)*$/, { message: 'ids must be comma-separated ids' })
  ids?: string;
}

/** The `ids` filter as numbers: each 1..2147483647, at most MAX_LIST_IDS (400 `invalid` otherwise, never a database error). */
export function idList(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const ids = [...new Set(raw.split(',').map((x) => Number(x.trim())))];
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2147483647)) throw invalid('ids', 'each must be an integer between 1 and 2147483647');
  if (ids.length > MAX_LIST_IDS) throw invalid('ids', `at most ${MAX_LIST_IDS}`);
  return ids;
}
