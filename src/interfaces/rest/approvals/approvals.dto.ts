import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { FIELD_TYPES } from '../../../domain/crm/approvals/approval-fields';
import { APPROVAL_STATUSES } from '../../../domain/crm/approvals/approval-request.entity';
import { IfPresent, IsId, IsIsoDateString, IsQueryId, NotBlank, NullClears } from '../shared/fields';
import { PageQueryDto } from '../shared/page-query.dto';

export class ApprovalFieldDto {
  @ApiProperty({ pattern: '^[a-z][a-z0-9_]{0,39}$' }) key: string;
  @ApiProperty({ maxLength: 100 }) label: string;
  @ApiProperty({ enum: FIELD_TYPES }) type: string;
  @ApiProperty({ required: false }) required: boolean;
  @ApiProperty({ type: [String], required: false, description: 'choices of a leave_type field' }) options: string[];
}

export class WorkingDaysDto {
  @ApiProperty({ description: 'key of the first date field (included)' }) start: string;
  @ApiProperty({ description: 'key of the last date field (included)' }) end: string;
}

export class CreateApprovalListDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @NotBlank() @MaxLength(200) name: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'the user who decides the requests' }) @IsId() approver_id: number;
  @ApiProperty({ type: [ApprovalFieldDto], maxItems: 30 }) @IsArray() @ArrayMaxSize(30) fields: object[];
  @ApiPropertyOptional({ type: WorkingDaysDto, nullable: true, description: 'leave lists: the two date fields between which working days are counted' })
  @IsOptional()
  @IsObject()
  working_days?: object | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
}

@NullClears()
export class UpdateApprovalListDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IfPresent() @IsString() @NotBlank() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1 }) @IfPresent() @IsId() approver_id?: number;
  @ApiPropertyOptional({ type: [ApprovalFieldDto], maxItems: 30 }) @IfPresent() @IsArray() @ArrayMaxSize(30) fields?: object[];
  @ApiPropertyOptional({ type: WorkingDaysDto, nullable: true, description: 'null: no longer a leave list' })
  @IsOptional()
  @IsObject()
  working_days?: object | null;
  @ApiPropertyOptional() @IfPresent() @IsBoolean() active?: boolean;
}

export class ApprovalFormsQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'admins: include inactive lists' })
  @IsOptional()
  @IsIn(['true', 'false'])
  all?: 'true' | 'false';
}

export class SubmitApprovalDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'field key -> value; dates YYYY-MM-DD, person = user id, checkbox = true, number, text, leave type = one of the options',
    example: { start: '2026-10-26', end: '2026-10-30', type: 'Annual leave' },
  })
  @IsObject()
  values: Record<string, unknown>;

  @ApiPropertyOptional({ maxLength: 2000, description: 'note to the approver' }) @IfPresent() @IsString() @MaxLength(2000) note?: string;
}

export class DecideApprovalDto {
  @ApiPropertyOptional({ maxLength: 2000, description: 'note to the requester' }) @IfPresent() @IsString() @MaxLength(2000) note?: string;
}

export class ApprovalListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['approver', 'requester', 'all'], default: 'approver', description: 'approver: assigned to me; requester: made by me; all: both (admins: every request)' })
  @IsOptional()
  @IsIn(['approver', 'requester', 'all'])
  role?: 'approver' | 'requester' | 'all';

  @ApiPropertyOptional({ enum: APPROVAL_STATUSES })
  @IsOptional()
  @IsIn(APPROVAL_STATUSES as unknown as string[])
  status?: 'pending' | 'approved' | 'rejected';

  @ApiPropertyOptional({ type: 'integer', description: 'approval list id' })
  @IsOptional()
  @IsQueryId()
  list_id?: number;
}

export class WorkingDaysQueryDto {
  @ApiProperty({ format: 'date', description: 'first day (included), YYYY-MM-DD' }) @IsIsoDateString() start: string;
  @ApiProperty({ format: 'date', description: 'last day (included), YYYY-MM-DD; at most 366 days after start' }) @IsIsoDateString() end: string;
}
