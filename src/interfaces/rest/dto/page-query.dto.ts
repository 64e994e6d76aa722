import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsClientTimestamp } from './sync.dto';

/** Keyset paging shared by the list endpoints. Extend it with the resource's filters. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  cursor?: string;

  @ApiPropertyOptional({ enum: ['recent', 'update'], description: 'recent: newest first (default); update: by last change, oldest first, for sync' })
  @IsOptional()
  @IsIn(['recent', 'update'])
  sort?: 'recent' | 'update';

  @ApiPropertyOptional({
    description: 'with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm)',
    example: '2026-03-01T08:00:00',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsClientTimestamp()
  updated_since?: string;
}
