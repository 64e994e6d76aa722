import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT_MAX } from '../shared/fields';

/** Body of POST /api/v1/ask. */
export class AskDto {
  @ApiProperty({ maxLength: 2000, description: 'the question, in any language (the answer is in the user\'s language)' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(2000)
  question: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'the company the question is about (404 when the caller may not see it)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT_MAX)
  customer_id?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'the opportunity the question is about (404 when the caller may not see it)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT_MAX)
  opp_id?: number;
}
