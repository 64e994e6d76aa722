import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FairInput, FairListQuery } from '../../../domain/crm/leads/fairs.service';
import { IfPresent, IsIsoDateString, NotBlank, NullClears, OptionalId, OptionalText } from '../shared/fields';
import { PageQueryDto } from '../shared/page-query.dto';

class FairFieldsDto implements FairInput {
  @OptionalText(100) city?: string;
  @OptionalText(100) country?: string;
  @ApiPropertyOptional({ maxLength: 200, description: 'exhibition centre' }) @IfPresent() @IsString() @MaxLength(200) venue?: string;
  @ApiPropertyOptional({ maxLength: 100, description: 'our hall / stand' }) @IfPresent() @IsString() @MaxLength(100) stand?: string;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true })
  @IsOptional()
  @IsIsoDateString()
  start_date?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, description: 'not before start_date' })
  @IsOptional()
  @IsIsoDateString()
  end_date?: string | null;

  @OptionalText(300) website?: string;
  @OptionalText(5000) note?: string;
  @OptionalId() owner_id?: number;
}

export class CreateFairDto extends FairFieldsDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @NotBlank() @MaxLength(200) name: string;
}

@NullClears()
export class UpdateFairDto extends FairFieldsDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IfPresent() @IsString() @NotBlank() @MaxLength(200) name?: string;
}

export class FairListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'name or city contains (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ type: String, format: 'date', description: 'fairs ending (without an end date: starting) on or after this date (YYYY-MM-DD)' })
  @IsOptional()
  @IsIsoDateString()
  from?: string;
}

export function fairListQuery(d: FairListQueryDto): FairListQuery {
  return { limit: d.limit, cursor: d.cursor, sort: d.sort, updatedSince: d.updated_since, q: d.q, from: d.from };
}
