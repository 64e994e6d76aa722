import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT_MAX } from '../shared/fields';

/** Query of GET /qe/config. */
export class QeConfigQueryDto {
  @ApiPropertyOptional({ description: 'conversation type, one of the workspace visit_types (F2F, Online, Call, Deneme by default); affects default_template', maxLength: 40 })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  type?: string;
}

/** Body of POST /qe/suggest. */
export class QeSuggestDto {
  @ApiProperty({ maxLength: 4000, description: 'the visit note (Turkish, English or mixed)' })
  @IsDefined()
  @IsString()
  @MaxLength(4000)
  note: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'the company the note is about: its people and open opportunities are matched too (404 when not visible)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT_MAX)
  customer_id?: number;
}
