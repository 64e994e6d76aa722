import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsClientTimestamp, PageCursor, PageLimit } from './fields';

/**
 * Keyset paging shared by the record lists. Extend it with the resource's filters. Lists that page
 * without `sort` / `updated_since` (deleted records, apps) use the same `PageLimit` and `PageCursor` fields.
 */
export class PageQueryDto {
  @PageLimit()
  limit?: number;

  @PageCursor()
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
