import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsIsoDateString, IsId, IsQueryId, IsIdList, IfPresent, NullClears, NullableId, NullableText } from '../shared/fields';
import { PageQueryDto } from '../shared/page-query.dto';

export class ActivityListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'company id' })
  @IsOptional()
  @IsQueryId()
  customer_id?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'opportunity id' })
  @IsOptional()
  @IsQueryId()
  opp_id?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @IsOptional()
  @IsQueryId()
  owner_id?: number;

  @ApiPropertyOptional({ description: 'one of constants.visit_types' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  type?: string;

  @ApiPropertyOptional({ format: 'date', description: 'visits on or after this date (YYYY-MM-DD)' })
  @IsOptional()
  @IsIsoDateString()
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'visits on or before this date (YYYY-MM-DD)' })
  @IsOptional()
  @IsIsoDateString()
  to?: string;
}

const BLOCKS_DOC =
  'what the Quick Entry form\'s blocks held (GET /api/v1/qe/config): block key -> field key -> value (strings). Blocks and fields of ' +
  'the config only; ids, numbers (12.5) and dates (YYYY-MM-DD) in their shape; an empty value is left out. `contact`, `opp` and `next` ' +
  'are not applied to person_ids, opp_id and next_action / next_date: send those too.';
const BLOCKS_SCHEMA = { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } } } as const;

export class CreateActivityDto {
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

  @ApiPropertyOptional({ ...BLOCKS_SCHEMA, nullable: true, description: BLOCKS_DOC, example: { product: { product_id: '7' }, price: { price: '12.5', currency: 'TRY', unit: 'kg' } } })
  @IsOptional()
  @IsObject()
  blocks?: Record<string, Record<string, string>> | null;
}

@NullClears()
export class UpdateActivityDto {
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

  @ApiPropertyOptional({ ...BLOCKS_SCHEMA, nullable: true, description: `${BLOCKS_DOC} Replaces all blocks; null clears them.` })
  @IsOptional()
  @IsObject()
  blocks?: Record<string, Record<string, string>> | null;
}
