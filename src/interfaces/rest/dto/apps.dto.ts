import { ApiProperty } from '@nestjs/swagger';
import { PageCursor, PageLimit } from './fields';

export class AppListQueryDto {
  @PageLimit()
  limit?: number;

  /** A grant id (at most 10 digits): 20 characters, not the record lists' 500 (kept as it was; the OpenAPI document shows neither). */
  @PageCursor(20)
  cursor?: string;
}

/** An app connection: one OAuth grant of the signed-in user (spec 2.15). */
export class AppConnectionDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'the app name shown at consent' }) app_name: string;
  @ApiProperty({ description: 'registered client_id or the URL of its client metadata document' }) client_id: string;
  @ApiProperty({ example: 'crm.read crm.write', description: 'space-separated' }) scope: string;
  @ApiProperty({ type: [String], description: 'the scope in words' }) scope_words: string[];
  @ApiProperty({ example: '2026-03-01T08:00:00' }) created_at: string;
  @ApiProperty({ nullable: true, type: String, description: 'last API call with a token of this grant (up to 5 s behind)' }) last_used_at: string | null;
  @ApiProperty({ description: 'API calls made with tokens of this grant (up to 5 s behind)' }) call_count: number;
}

export class AppConnectionListDto {
  @ApiProperty({ example: true }) ok: boolean;
  @ApiProperty({ type: [AppConnectionDto] }) items: AppConnectionDto[];
  @ApiProperty({ nullable: true, type: String }) next_cursor: string | null;
}

export class OkDto {
  @ApiProperty({ example: true }) ok: boolean;
}
