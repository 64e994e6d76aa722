import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsClientTimestamp } from './sync.dto';
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

/** POST /webhooks/{id}/replay: the window of events to send again (issue 22). */
export class ReplayWebhookDto {
  @ApiProperty({
    description: 'send the events that happened at or after this timestamp (workspace local time unless it carries Z or an offset); at most EVENT_RETENTION_DAYS ago',
    example: '2026-11-26T09:00:00',
    maxLength: 40,
  })
  @IsString()
  @MaxLength(40)
  @IsClientTimestamp()
  since: string;

  @ApiPropertyOptional({ description: 'and before this timestamp (same format); default now', example: '2026-11-26T09:30:00', maxLength: 40 })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsClientTimestamp()
  until?: string;

  @ApiPropertyOptional({ default: false, description: 'only the events whose latest delivery to this connection failed (no 2xx answer)' })
  @IsOptional()
  @IsBoolean()
  only_failed?: boolean;
}
