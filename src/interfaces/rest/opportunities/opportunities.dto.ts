import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { MAX_LIST_IDS, OpportunityChangeFields, OpportunityCreateFields } from '../../../domain/crm/opportunities/opportunity.types';
import { FieldsDto } from '../shared/fields-dto';
import { invalid } from '../../../platform/common/errors';
import { PageQueryDto } from '../shared/page-query.dto';
import { NullClears } from '../shared/fields';

/** Create body: the opportunity's own field names (spec 2.6), as declared (`OpportunityCreateFields`). */
export class CreateOpportunityDto extends FieldsDto(OpportunityCreateFields) {}

/**
 * PATCH body: every create field but `stage`. A `stage` is accepted by validation only so that the
 * service can refuse it with a message pointing to POST /api/v1/opportunities/{id}/stage (not documented
 * as a PATCH field).
 */
@NullClears()
export class UpdateOpportunityDto extends FieldsDto(OpportunityChangeFields) {
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
