import { PageCursor, PageLimit } from '../shared/fields';

export class AppListQueryDto {
  @PageLimit()
  limit?: number;

  /** A grant id (at most 10 digits): 20 characters, not the record lists' 500 (kept as it was; the OpenAPI document shows neither). */
  @PageCursor(20)
  cursor?: string;
}
