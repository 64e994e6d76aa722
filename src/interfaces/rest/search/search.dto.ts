import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { SEARCH_MAX_LIMIT } from '../../../domain/crm/search';

export class SearchQueryDto {
  @ApiProperty({ description: 'text to find (case, accents and Turkish letters folded): in names, e-mails of people, the text of tasks and activities, customer PO numbers; or a record key (O-1); 1 to 200 characters', maxLength: 200 })
  @IsString()
  @Matches(/\S/, { message: 'q must not be empty' })
  @MaxLength(200)
  q: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: SEARCH_MAX_LIMIT, default: 5, description: 'matches per kind' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(SEARCH_MAX_LIMIT)
  limit?: number;
}
