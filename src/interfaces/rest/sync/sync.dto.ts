import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { DELETED_TYPES, DeletedType } from '../../../domain/crm/sync/deleted-records.service';
import { IsClientTimestamp, PageCursor, PageLimit } from '../shared/fields';

/** GET /api/v1/deleted: tombstones of deleted records, oldest first, keyset-paged on (deleted_at, id). */
export class DeletedQueryDto {
  @ApiPropertyOptional({ description: 'only records deleted at or after this timestamp (workspace local time unless it carries Z or an offset)', example: '2026-03-01T08:00:00' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsClientTimestamp()
  since?: string;

  @ApiPropertyOptional({ enum: DELETED_TYPES, description: 'one record type; default all types whose module the caller has' })
  @IsOptional()
  @IsIn(DELETED_TYPES)
  type?: DeletedType;

  @PageLimit()
  limit?: number;

  @PageCursor()
  cursor?: string;
}
