import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { INT_MAX, IsId } from '../shared/fields';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const date = (name: string, description: string) =>
  applyDecorators(ApiPropertyOptional({ type: 'string', format: 'date', description }), IsOptional(), IsString(), Matches(DATE, { message: `${name} must be a date YYYY-MM-DD` }));

/** The filters every report takes (docs/decisions/reports.md). */
export class ReportQueryDto {
  @date('from', 'first day of the period; default the first day of the quarter of `to`') from?: string;
  @date('to', "last day of the period; default today in the workspace's time zone") to?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'only opportunities this user owned at the time' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(INT_MAX)
  owner_id?: number;
  @ApiPropertyOptional({ maxLength: 100, description: "a department: only opportunities its users owned at the time" }) @IsOptional() @IsString() @MaxLength(100) team?: string;
  @ApiPropertyOptional({ maxLength: 1000, description: 'comma-separated stage names (constants.stages): only opportunities in one of them at the time' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  stages?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: "the opportunity's current product" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(INT_MAX)
  product_id?: number;
  @ApiPropertyOptional({ maxLength: 100, description: "the opportunity's current source (fair or lead source)" }) @IsOptional() @IsString() @MaxLength(100) source?: string;
  @ApiPropertyOptional({ enum: ['0', '1', 'true', 'false'], description: '1: every figure lists the opportunity ids behind it (`ids`)' })
  @IsOptional()
  @IsIn(['0', '1', 'true', 'false'])
  rows?: string;
}

export class MovementQueryDto extends ReportQueryDto {
  @date('close_from', 'the counted pipeline is due (close date) from this day; default the first day of the quarter of `from`') close_from?: string;
  @date('close_to', 'and up to this day; default the last day of the quarter of `to`') close_to?: string;
}

export class ForecastQueryDto extends ReportQueryDto {
  @ApiPropertyOptional({ enum: ['month', 'quarter'], default: 'month' }) @IsOptional() @IsIn(['month', 'quarter']) period?: 'month' | 'quarter';
  @date('as_of', 'the forecast as it stood at the end of this day; default today') as_of?: string;
}

/** The filters of the reports read by owner only (forecast accuracy, activity): period, owner, team. */
export class OwnerReportQueryDto {
  @date('from', 'first day of the period; default the first day of the quarter of `to`') from?: string;
  @date('to', "last day of the period; default today in the workspace's time zone") to?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'only this user' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(INT_MAX) owner_id?: number;
  @ApiPropertyOptional({ maxLength: 100, description: 'a department: only its users' }) @IsOptional() @IsString() @MaxLength(100) team?: string;
}

export class AccuracyQueryDto extends OwnerReportQueryDto {
  @ApiPropertyOptional({ enum: ['month', 'quarter'], default: 'month' }) @IsOptional() @IsIn(['month', 'quarter']) period?: 'month' | 'quarter';
  @ApiPropertyOptional({ enum: ['0', '1', 'true', 'false'], description: '1: the actual won figure lists the opportunity ids behind it' })
  @IsOptional()
  @IsIn(['0', '1', 'true', 'false'])
  rows?: string;
}

export class FunnelQueryDto extends ReportQueryDto {
  @ApiPropertyOptional({ enum: ['in_order', 'any_stage'], default: 'in_order' }) @IsOptional() @IsIn(['in_order', 'any_stage']) mode?: 'in_order' | 'any_stage';
}

export class QuotaListQueryDto {
  @ApiPropertyOptional({ description: 'first month YYYY-MM' }) @IsOptional() @IsString() @Matches(MONTH, { message: 'from must be a month YYYY-MM' }) from?: string;
  @ApiPropertyOptional({ description: 'last month YYYY-MM' }) @IsOptional() @IsString() @Matches(MONTH, { message: 'to must be a month YYYY-MM' }) to?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(INT_MAX) user_id?: number;
}

export class QuotaItemDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'a user of the workspace' }) @IsId() user_id: number;
  @ApiProperty({ example: '2026-12', description: 'the month YYYY-MM' }) @IsString() @Matches(MONTH, { message: 'month must be a month YYYY-MM' }) month: string;
  @ApiProperty({ minimum: 0, maximum: 9999999999999, description: 'in the base currency (app.currency_base)' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(9999999999999)
  amount: number;
}

export class PutQuotasDto {
  @ApiProperty({ type: [QuotaItemDto], minItems: 1, maxItems: 500, description: 'quotas to set; an existing one of the same user and month is replaced' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => QuotaItemDto)
  items: QuotaItemDto[];
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/;

export class AdjustmentListQueryDto {
  @ApiPropertyOptional({ description: 'a month YYYY-MM or a quarter YYYY-Qn' }) @IsOptional() @IsString() @Matches(PERIOD, { message: 'period must be a month YYYY-MM or a quarter YYYY-Qn' }) period?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(INT_MAX) user_id?: number;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(100) team?: string;
}

export class AdjustmentItemDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'the user adjusted (give user_id or team)' }) @IsOptional() @IsId() user_id?: number;
  @ApiPropertyOptional({ maxLength: 100, description: 'the department adjusted (give user_id or team)' }) @IsOptional() @IsString() @MaxLength(100) team?: string;
  @ApiProperty({ example: '2026-Q4', description: 'a month YYYY-MM or a quarter YYYY-Qn (shown on the forecast of that period kind)' })
  @IsString()
  @Matches(PERIOD, { message: 'period must be a month YYYY-MM or a quarter YYYY-Qn' })
  period: string;
  @ApiProperty({ maxLength: 40, description: 'one of constants.forecast_cats' }) @IsString() @MaxLength(40) category: string;
  @ApiProperty({ minimum: 0, maximum: 9999999999999, description: 'the adjusted amount, base currency' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(9999999999999)
  amount: number;
  @ApiPropertyOptional({ maxLength: 2000, description: 'why' }) @IsOptional() @IsString() @MaxLength(2000) note?: string;
}

export class PutAdjustmentsDto {
  @ApiProperty({ type: [AdjustmentItemDto], minItems: 1, maxItems: 200, description: 'adjustments to set; one of the same user or team, period and category is replaced' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => AdjustmentItemDto)
  items: AdjustmentItemDto[];
}

/** `rows=1` / `rows=true`. */
export const wantsRows = (q: { rows?: string }): boolean => q.rows === '1' || q.rows === 'true';
/** The comma-separated stage set, trimmed. */
export const stageList = (s: string | undefined): string[] | undefined => (s === undefined ? undefined : s.split(',').map((x) => x.trim()).filter(Boolean));
