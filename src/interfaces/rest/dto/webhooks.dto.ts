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

/* Response schemas (documentation only; src/interfaces/rest/mappers/webhook.mapper.ts builds the bodies). */

export class WebhookResultSchema {
  @ApiProperty({ type: 'integer', nullable: true, description: 'HTTP status of the answer; null when there was none' }) status: number | null;
  @ApiProperty({ nullable: true, description: 'why there was no 2xx answer (timeout, refused address, connection error)' }) error: string | null;
  @ApiProperty() ok: boolean;
  @ApiProperty({ nullable: true }) event: string | null;
  @ApiProperty({ description: 'local time of the workspace', example: '2026-03-01T08:00:00' }) at: string;
}

export class WebhookSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ enum: CONNECTION_KINDS }) kind: string;
  @ApiProperty() url: string;
  @ApiProperty({ type: [String] }) events: string[];
  @ApiProperty() active: boolean;
  @ApiProperty({ nullable: true, description: 'the signing key; only in the create and rotate responses, null otherwise' }) signing_key: string | null;
  @ApiProperty({ type: WebhookResultSchema, nullable: true }) last_result: WebhookResultSchema | null;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}

export class WebhookResponse {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: WebhookSchema }) webhook: WebhookSchema;
}

export class WebhookListResponse {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: [WebhookSchema] }) items: WebhookSchema[];
}

export class WebhookDeliverySchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() event: string;
  @ApiProperty({ enum: ['pending', 'sending', 'done'] }) status: string;
  @ApiProperty({ nullable: true }) ok: boolean | null;
  @ApiProperty({ type: 'integer', nullable: true }) http_status: number | null;
  @ApiProperty({ nullable: true }) error: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) duration_ms: number | null;
  @ApiProperty({ description: 'the first bytes of the answer' }) response: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'the delivery this one sent again' }) resend_of: number | null;
  @ApiProperty() webhook_id: string;
  @ApiProperty() created_at: string;
  @ApiProperty({ nullable: true }) finished_at: string | null;
}

export class WebhookDeliveryResponse {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: WebhookDeliverySchema }) delivery: WebhookDeliverySchema;
}

export class WebhookDeliveryListResponse {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: [WebhookDeliverySchema], description: 'the latest 200 attempts, newest first' }) items: WebhookDeliverySchema[];
}

export class WebhookOkResponse {
  @ApiProperty() ok: boolean;
}
