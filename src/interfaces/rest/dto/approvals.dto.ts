import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { FIELD_TYPES } from '../../../domain/crm/approvals/approval-fields';
import { APPROVAL_STATUSES } from '../../../domain/crm/approvals/approval-request.entity';
import { IfPresent, IsId, IsQueryId, NotBlank, NullClears } from './fields';
import { PageQueryDto } from './page-query.dto';

class UserSummarySchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() username: string;
  @ApiProperty() full_name: string;
  @ApiProperty() role: string;
  @ApiProperty() role_label: string;
}

export class ApprovalFieldSchema {
  @ApiProperty({ pattern: '^[a-z][a-z0-9_]{0,39}$' }) key: string;
  @ApiProperty({ maxLength: 100 }) label: string;
  @ApiProperty({ enum: FIELD_TYPES }) type: string;
  @ApiProperty({ required: false }) required: boolean;
  @ApiProperty({ type: [String], required: false, description: 'choices of a leave_type field' }) options: string[];
}

export class WorkingDaysSpecSchema {
  @ApiProperty({ description: 'key of the first date field (included)' }) start: string;
  @ApiProperty({ description: 'key of the last date field (included)' }) end: string;
}

export class CreateApprovalListDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @NotBlank() @MaxLength(200) name: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'the user who decides the requests' }) @IsId() approver_id: number;
  @ApiProperty({ type: [ApprovalFieldSchema], maxItems: 30 }) @IsArray() @ArrayMaxSize(30) fields: object[];
  @ApiPropertyOptional({ type: WorkingDaysSpecSchema, nullable: true, description: 'leave lists: the two date fields between which working days are counted' })
  @IsOptional()
  @IsObject()
  working_days?: object | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
}

@NullClears()
export class UpdateApprovalListDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IfPresent() @IsString() @NotBlank() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1 }) @IfPresent() @IsId() approver_id?: number;
  @ApiPropertyOptional({ type: [ApprovalFieldSchema], maxItems: 30 }) @IfPresent() @IsArray() @ArrayMaxSize(30) fields?: object[];
  @ApiPropertyOptional({ type: WorkingDaysSpecSchema, nullable: true, description: 'null: no longer a leave list' })
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

// --- response schemas (documentation only; src/interfaces/rest/mappers/approval.mapper.ts builds the bodies) ---

export class ApprovalFormSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: UserSummarySchema, nullable: true }) approver: UserSummarySchema | null;
  @ApiProperty({ type: [ApprovalFieldSchema] }) fields: ApprovalFieldSchema[];
  @ApiProperty({ type: WorkingDaysSpecSchema, nullable: true }) working_days: WorkingDaysSpecSchema | null;
  @ApiProperty() active: boolean;
}

export class ApprovalFormsResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: [ApprovalFormSchema] }) forms: ApprovalFormSchema[];
}

export class ApprovalFormResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: ApprovalFormSchema }) form: ApprovalFormSchema;
}

class HolidaySchema {
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty() name: string;
}

export class ApprovalItemSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer' }) list_id: number;
  @ApiProperty({ description: 'name of the list' }) list: string;
  @ApiProperty({ enum: APPROVAL_STATUSES }) status: string;
  @ApiProperty({ type: UserSummarySchema, nullable: true }) approver: UserSummarySchema | null;
  @ApiProperty({ type: UserSummarySchema, nullable: true }) requester: UserSummarySchema | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) values: Record<string, unknown>;
  @ApiProperty({ type: 'integer', nullable: true, description: 'leave lists: weekdays from start to end that are not public holidays; null otherwise' })
  working_days: number | null;
  @ApiProperty({ type: [HolidaySchema], description: 'public holidays on weekdays within the leave' }) holidays: HolidaySchema[];
  @ApiProperty() note: string;
  @ApiProperty() decision_note: string;
  @ApiProperty({ type: UserSummarySchema, nullable: true }) decided_by: UserSummarySchema | null;
  @ApiProperty({ description: 'workspace local time' }) created_at: string;
  @ApiProperty({ type: String, nullable: true }) decided_at: string | null;
  @ApiProperty() updated_at: string;
  @ApiProperty({ description: 'the caller may approve or reject it now' }) can_decide: boolean;
}

export class ApprovalItemResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: ApprovalItemSchema }) item: ApprovalItemSchema;
}

export class ApprovalListResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: [ApprovalItemSchema] }) items: ApprovalItemSchema[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}
