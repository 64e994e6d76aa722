import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { MAX_COLUMNS, MODES, TARGETS } from '../../../domain/crm/imports';

const TARGET_PATTERN = new RegExp(`^(${TARGETS.join('|')}|object:[a-z][a-z0-9_]{0,39})$`);

export class ImportMappingDto {
  @ApiProperty({ description: `${TARGETS.join(', ')}, or object:<key> for the records of a custom object`, example: 'leads' })
  @IsString()
  @Matches(TARGET_PATTERN, { message: `target must be one of ${TARGETS.join(', ')} or object:<key>` })
  target: string;
  @ApiProperty({ enum: MODES, description: 'create: every row makes a record (a match is refused); update: matched rows only (no match is refused); upsert: both; skip: creates unmatched rows and skips matched ones' })
  @IsIn(MODES)
  mode: string;
  @ApiPropertyOptional({
    description:
      'what a row is matched on: id, external_id, domain or name for companies (default name); id, external_id or email for people and leads (default email); id or external_id for opportunities (default id); id for tasks; id or name for custom-object records (default id)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  match_key?: string;
  @ApiProperty({ type: 'array', items: { type: 'string', nullable: true }, description: "the field of each column, in the file's column order; null leaves a column out" })
  @IsArray()
  @ArrayMaxSize(MAX_COLUMNS)
  // null (a column left out) beside strings: IsString({ each }) would refuse the nulls the description allows
  @ValidateBy({ name: 'stringOrNullEach', validator: { validate: (v: unknown) => Array.isArray(v) && v.every((x) => x === null || (typeof x === 'string' && x.length <= 100)), defaultMessage: () => 'fields must be an array of field names (at most 100 characters) or null' } })
  fields: (string | null)[];
}

export class ImportErrorsQueryDto {
  @ApiPropertyOptional({ enum: ['csv'], description: 'csv (the only format)' }) @IsOptional() @IsIn(['csv']) format?: string;
}
