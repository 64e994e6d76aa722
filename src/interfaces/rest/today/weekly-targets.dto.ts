import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The weekly targets per user; a field left out keeps its value. */
export class PutWeeklyTargetsDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 1000, description: 'visits per user and week (constants.weekly_visit_target)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  visits?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 1000, description: 'completed tasks per user and week (constants.weekly_task_target)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  tasks?: number;
}
