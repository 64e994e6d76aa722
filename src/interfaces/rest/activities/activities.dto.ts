import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { ActivityChangeFields, ActivityFields, type ActivityChanges, type ActivityFields as ActivityFieldsInput } from '../../../domain/crm/activities/activity.view';
import { IsIsoDateString, IsQueryId, NullClears } from '../shared/fields';
import { FieldsDto } from '../shared/fields-dto';
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

const BLOCKS_SCHEMA = { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } } } as const;
const blocksDoc = (fields: { shape: { blocks: { description?: string } } }) => fields.shape.blocks.description;

/** A new activity: the fields the domain declares (`ActivityFields`, the activity's read model file) and its blocks. */
export class CreateActivityDto extends FieldsDto(ActivityFields.omit({ blocks: true })) implements ActivityFieldsInput {
  @ApiPropertyOptional({ ...BLOCKS_SCHEMA, nullable: true, description: blocksDoc(ActivityFields), example: { product: { product_id: '7' }, price: { price: '12.5', currency: 'TRY', unit: 'kg' } } })
  @IsOptional()
  @IsObject()
  blocks?: Record<string, Record<string, string>> | null;
}

/** A change: the fields given change; null clears an optional one (`ActivityChangeFields`). */
@NullClears()
export class UpdateActivityDto extends FieldsDto(ActivityChangeFields.omit({ blocks: true })) implements ActivityChanges {
  @ApiPropertyOptional({ ...BLOCKS_SCHEMA, nullable: true, description: blocksDoc(ActivityChangeFields) })
  @IsOptional()
  @IsObject()
  blocks?: Record<string, Record<string, string>> | null;
}
