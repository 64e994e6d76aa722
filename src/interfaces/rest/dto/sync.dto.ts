import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy, ValidationOptions } from 'class-validator';
import { parseClientTimestamp } from '../../../platform/common/time';
import { DELETED_TYPES, DeletedType } from '../../../domain/crm/sync/deleted-records.service';
import { PageCursor, PageLimit } from './fields';

/**
 * A timestamp a sync client sends back: `YYYY-MM-DDTHH:mm:ss` in the workspace's local time (as the API
 * writes them), a date, or with an explicit `Z` / `±hh:mm` offset.
 */
export function IsClientTimestamp(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isClientTimestamp',
      validator: {
        validate: (v: unknown) => parseClientTimestamp(v) !== null,
        defaultMessage: () => '$property must be a timestamp YYYY-MM-DDTHH:mm:ss (workspace local time) or carry Z or an offset ±hh:mm',
      },
    },
    options,
  );
}

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
