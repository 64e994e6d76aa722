import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class CreateApiKeyDto {
  @ApiProperty({ description: 'what uses the key (a script, a tool): 1-100 characters', example: 'Nightly export', maxLength: 100 })
  @IsString()
  @MaxLength(100)
  name: string;
}
