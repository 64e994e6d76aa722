import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { SUBSCRIBABLE_EVENTS } from '../../../domain/integrations/event-kinds';
import { CONNECTION_KINDS } from '../../../domain/integrations/webhook-connection.entity';

export class CreateWebhookDto {
  @ApiProperty({ description: 'https:// URL the deliveries are POSTed to', maxLength: 2000, example: 'https://hooks.example.com/crm' })
  @IsString()
  @MaxLength(2000)
  url: string;

  @ApiProperty({ type: [String], enum: SUBSCRIBABLE_EVENTS, description: 'event kinds to deliver (spec 6.1)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  events: string[];

  @ApiPropertyOptional({ enum: CONNECTION_KINDS, default: 'webhook', description: 'webhook (signed JSON) or a chat channel (its own message format, unsigned)' })
  @IsOptional()
  @IsIn([...CONNECTION_KINDS])
  kind?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  url?: string;

  @ApiPropertyOptional({ type: [String], enum: SUBSCRIBABLE_EVENTS })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  events?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}
