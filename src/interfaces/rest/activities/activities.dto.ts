import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional } from 'class-validator';
import { ActivityChangeFields, ActivityFields, ActivityFilters, type ActivityChanges, type ActivityFields as ActivityFieldsInput } from '../../../domain/crm/activities/activity.view';
import { NullClears } from '../shared/fields';
import { FieldsDto, QueryDto } from '../shared/fields-dto';

/** A list's query: the filters the domain declares (`ActivityFilters`) after the page's own. */
export class ActivityListQueryDto extends QueryDto(ActivityFilters) {}

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
