import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IfPresent, IsId, IsIsoDateString, IsQueryId, NotBlank, NullClears, NullableId, NullableText } from '../shared/fields';
import { PageQueryDto } from '../shared/page-query.dto';
import { FieldsDto } from '../shared/fields-dto';
import { TaskFields } from '../../../domain/crm/tasks/task.view';

export class TaskListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'one of constants.task_statuses' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  status?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @IsOptional()
  @IsQueryId()
  assignee_id?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'company id' })
  @IsOptional()
  @IsQueryId()
  customer_id?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'opportunity id' })
  @IsOptional()
  @IsQueryId()
  opp_id?: number;

  @ApiPropertyOptional({ format: 'date', description: 'due on or before this date' })
  @IsOptional()
  @IsIsoDateString()
  due_before?: string;

  @ApiPropertyOptional({ format: 'date', description: 'due on or after this date' })
  @IsOptional()
  @IsIsoDateString()
  due_after?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'due before today (workspace time zone) and not Done/Cancelled' })
  @IsOptional()
  @IsIn(['true', 'false'])
  overdue?: 'true' | 'false';

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'status other than Done/Cancelled' })
  @IsOptional()
  @IsIn(['true', 'false'])
  open?: 'true' | 'false';
}

/** A new task: the fields the domain declares (`TaskFields`), checked as the create_task tool checks them. */
export class CreateTaskDto extends FieldsDto(TaskFields) {}

@NullClears()
export class UpdateTaskDto {
  @ApiPropertyOptional({ maxLength: 300 })
  @IfPresent()
  @IsString()
  @NotBlank()
  @MaxLength(300)
  title?: string;

  @NullableText(5000)
  description?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true })
  @IsOptional()
  @IsIsoDateString()
  due_date?: string | null;

  @ApiPropertyOptional()
  @IfPresent()
  @IsString()
  @MaxLength(40)
  priority?: string;

  @ApiPropertyOptional({ description: 'constants.task_done_status sets done_at; another status clears it' })
  @IfPresent()
  @IsString()
  @MaxLength(40)
  status?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'an active user' })
  @IfPresent()
  @IsId()
  assignee_id?: number;

  @NullableId()
  customer_id?: number | null;

  @NullableId()
  person_id?: number | null;

  @NullableId()
  opp_id?: number | null;
}
