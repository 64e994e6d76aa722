import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { MAX_COLUMNS, MODES, TARGETS } from '../../../domain/crm/imports';

export class ImportMappingDto {
  @ApiProperty({ enum: TARGETS }) @IsIn(TARGETS) target: string;
  @ApiProperty({ enum: MODES, description: 'create: every row makes a record (a match is refused); update: matched rows only (no match is refused); upsert: both; skip: creates unmatched rows and skips matched ones' })
  @IsIn(MODES)
  mode: string;
  @ApiPropertyOptional({ description: 'what a row is matched on: id, external_id, domain or name for companies (default name); id, external_id or email for people (default email); id or external_id for opportunities (default id)' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  match_key?: string;
  @ApiProperty({ type: 'array', items: { type: 'string', nullable: true }, description: "the field of each column, in the file's column order; null leaves a column out" })
  @IsArray()
  @ArrayMaxSize(MAX_COLUMNS)
  @ValidateIf((_, v) => v !== null)
  @IsString({ each: true })
  fields: (string | null)[];
}

export class ImportErrorsQueryDto {
  @ApiPropertyOptional({ enum: ['csv'], description: 'csv (the only format)' }) @IsOptional() @IsIn(['csv']) format?: string;
}
