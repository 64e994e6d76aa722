import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CRM_EVENT_NAMES } from '../../../domain/crm/event-kinds';
import { JOURNAL_DEFAULT_LIMIT, JOURNAL_MAX_LIMIT } from '../../../domain/crm/journal';

/** GET /api/v1/events: the event journal, read forward from a cursor. */
export class JournalQueryDto {
  @ApiPropertyOptional({ description: 'a `next_cursor` (or an event `cursor`) as returned: read the events after it; without it, from the oldest kept event' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  after?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: JOURNAL_MAX_LIMIT, default: JOURNAL_DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(JOURNAL_MAX_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ description: `only these event kinds, comma-separated (${CRM_EVENT_NAMES.join(', ')}); for example \`opp_won,opp_lost\`` })
  @IsOptional()
  @IsString()
  @MaxLength(400)
  event?: string;
}
