import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';
import { isIsoDate } from '../../common/time';
import { PageQueryDto } from './page-query.dto';

/*
 * Validators shared by the activities, tasks and calendar DTOs (they could move to a common
 * dto/validators.ts file).
 */

export const INT_MAX = 2_147_483_647;

/** A calendar date `YYYY-MM-DD` that exists. */
export function IsIsoDateString(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isIsoDateString', validator: { validate: (v: unknown) => isIsoDate(v), defaultMessage: () => '$property must be a date YYYY-MM-DD' } }, options);
}

/** A record id in a body: a positive 32-bit integer. */
export function IsId(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(IsInt(options), Min(1, options), Max(INT_MAX, options));
}

/** A record id in a query string. */
export function IsQueryId(): PropertyDecorator {
  return applyDecorators(Type(() => Number), IsId());
}

/** Ids in a body: an array of at most `max` positive integers. */
export function IsIdList(max = 100): PropertyDecorator {
  return applyDecorators(IsArray(), ArrayMaxSize(max), IsId({ each: true }));
}

/** For PATCH: the field may be left out, but when present it must not be null. */
export const IfPresent = (): PropertyDecorator => ValidateIf((_o: object, v: unknown) => v !== undefined);

/** Non-blank text. */
export const NotBlank = (): PropertyDecorator => applyDecorators(IsNotEmpty(), Matches(/\S/, { message: '$property must not be blank' }));

export class ActivityListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'company id' })
  @IsOptional()
  @IsQueryId()
  customer_id?: number;

  @ApiPropertyOptional({ description: 'opportunity id' })
  @IsOptional()
  @IsQueryId()
  opp_id?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsQueryId()
  owner_id?: number;

  @ApiPropertyOptional({ description: 'one of constants.visit_types' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  type?: string;

  @ApiPropertyOptional({ description: 'visits on or after this date (YYYY-MM-DD)' })
  @IsOptional()
  @IsIsoDateString()
  from?: string;

  @ApiPropertyOptional({ description: 'visits on or before this date (YYYY-MM-DD)' })
  @IsOptional()
  @IsIsoDateString()
  to?: string;
}

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

  @ApiProperty({ example: '2026-03-02' })
  @IsIsoDateString()
  date: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 1440 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1440)
  duration_min?: number | null;

  @ApiProperty({ description: 'company id' })
  @IsId()
  customer_id: number;

  @ApiPropertyOptional({ nullable: true, type: [Number], description: 'people of that company' })
  @IsOptional()
  @IsIdList(50)
  person_ids?: number[] | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'an opportunity of that company' })
  @IsOptional()
  @IsId()
  opp_id?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  note?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  next_action?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-03-16' })
  @IsOptional()
  @IsIsoDateString()
  next_date?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  outcome?: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'default: the caller; only admins may set another user' })
  @IsOptional()
  @IsId()
  owner_id?: number | null;
}

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

  @ApiPropertyOptional({ example: '2026-03-02' })
  @IfPresent()
  @IsIsoDateString()
  date?: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 1440 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1440)
  duration_min?: number | null;

  @ApiPropertyOptional()
  @IfPresent()
  @IsId()
  customer_id?: number;

  @ApiPropertyOptional({ nullable: true, type: [Number] })
  @IsOptional()
  @IsIdList(50)
  person_ids?: number[] | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true })
  @IsOptional()
  @IsId()
  opp_id?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  note?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  next_action?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsIsoDateString()
  next_date?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  outcome?: string | null;

  @ApiPropertyOptional({ description: 'only admins may set another user' })
  @IfPresent()
  @IsId()
  owner_id?: number;
}
