import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateBy, ValidationOptions } from 'class-validator';
import { isLocalTimestamp } from '../../../platform/common/local-time';
import { IfPresent, IsIdList, IsIsoDateString, IsQueryId, NotBlank, NullClears, NullableId, NullableText } from '../shared/fields';

/** A local time of the workspace without zone: `YYYY-MM-DDTHH:mm:ss` (seconds may be left out). */
export function IsLocalTimestamp(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isLocalTimestamp', validator: { validate: (v: unknown) => isLocalTimestamp(v), defaultMessage: () => '$property must be a local time YYYY-MM-DDTHH:mm:ss' } },
    options,
  );
}

export class CalendarRangeQueryDto {
  @ApiProperty({ format: 'date', example: '2026-03-01', description: 'first day (workspace local time)' })
  @IsIsoDateString()
  from: string;

  @ApiProperty({ format: 'date', example: '2026-03-31', description: 'last day, included; at most 92 days after from' })
  @IsIsoDateString()
  to: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'only entries this user owns or attends' })
  @IsOptional()
  @IsQueryId()
  user_id?: number;
}

export class CreateCalendarEntryDto {
  @ApiProperty({ maxLength: 300 })
  @IsString()
  @NotBlank()
  @MaxLength(300)
  title: string;

  @ApiProperty({ example: '2026-03-02T09:00:00', description: 'local time of the workspace, no zone' })
  @IsLocalTimestamp()
  start: string;

  @ApiProperty({ example: '2026-03-02T10:30:00', description: 'local time of the workspace, no zone; after start' })
  @IsLocalTimestamp()
  end: string;

  @NullableText(300)
  location?: string | null;

  @NullableText(5000)
  note?: string | null;

  @ApiPropertyOptional({ nullable: true, type: 'integer', isArray: true, description: 'users; the owner always attends' })
  @IsOptional()
  @IsIdList(100)
  attendee_ids?: number[] | null;

  @ApiPropertyOptional({ nullable: true, type: 'integer', isArray: true, description: 'people (contacts)' })
  @IsOptional()
  @IsIdList(100)
  person_ids?: number[] | null;

  @NullableId()
  customer_id?: number | null;

  @NullableId()
  opp_id?: number | null;
}

@NullClears()
export class UpdateCalendarEntryDto {
  @ApiPropertyOptional({ maxLength: 300 })
  @IfPresent()
  @IsString()
  @NotBlank()
  @MaxLength(300)
  title?: string;

  @ApiPropertyOptional({ example: '2026-03-02T09:00:00', description: 'local time of the workspace, no zone' })
  @IfPresent()
  @IsLocalTimestamp()
  start?: string;

  @ApiPropertyOptional({ example: '2026-03-02T10:30:00', description: 'local time of the workspace, no zone; after start' })
  @IfPresent()
  @IsLocalTimestamp()
  end?: string;

  @NullableText(300)
  location?: string | null;

  @NullableText(5000)
  note?: string | null;

  @ApiPropertyOptional({ nullable: true, type: 'integer', isArray: true })
  @IsOptional()
  @IsIdList(100)
  attendee_ids?: number[] | null;

  @ApiPropertyOptional({ nullable: true, type: 'integer', isArray: true })
  @IsOptional()
  @IsIdList(100)
  person_ids?: number[] | null;

  @NullableId()
  customer_id?: number | null;

  @NullableId()
  opp_id?: number | null;
}
