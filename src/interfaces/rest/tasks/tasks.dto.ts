import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IfPresent, IsId, IsIsoDateString, NotBlank, NullClears, NullableId, NullableText } from '../shared/fields';
import { FieldsDto, QueryDto } from '../shared/fields-dto';
import { TaskFields, TaskFilters } from '../../../domain/crm/tasks/task.view';

/** A list's query: the filters the domain declares (`TaskFilters`) after the page's own. */
export class TaskListQueryDto extends QueryDto(TaskFilters) {}

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
