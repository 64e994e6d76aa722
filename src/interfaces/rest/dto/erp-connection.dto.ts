import { ApiProperty } from '@nestjs/swagger';

/** Response shapes of the ERP connection card (documentation only; src/interfaces/rest/mappers/erp-connection.mapper.ts builds them). */

export class ErpKeySchema {
  @ApiProperty({ example: 'erp_AbC1dE2X', description: 'first characters of the key, to recognise it' }) prefix: string;
  @ApiProperty({ example: '2026-03-02T09:00:00', description: 'workspace local time' }) created_at: string;
  @ApiProperty({ example: '2026-03-02T10:15:00', nullable: true, type: String }) last_used_at: string | null;
}

export class ErpQueueCountsSchema {
  @ApiProperty({ type: 'integer', description: 'waiting to be listed (never claimed, or the lease ran out)' }) waiting: number;
  @ApiProperty({ type: 'integer', description: 'claimed by the ERP, lease running' }) claimed: number;
  @ApiProperty({ type: 'integer', description: 'waiting after a failed attempt' }) retrying: number;
  @ApiProperty({ type: 'integer', description: 'parked after too many failed attempts' }) failed: number;
  @ApiProperty({ type: 'integer' }) written: number;
}

export class ErpQueueErrorSchema {
  @ApiProperty({ type: 'integer', description: 'queue entry id' }) id: number;
  @ApiProperty({ type: 'integer' }) order_id: number;
  @ApiProperty({ enum: ['waiting', 'failed'] }) state: string;
  @ApiProperty({ type: 'integer' }) attempts: number;
  @ApiProperty() error: string;
  @ApiProperty({ example: '2026-03-02T10:15:00' }) at: string;
}

export class ErpConnectionResponse {
  @ApiProperty() ok: boolean;
  @ApiProperty({ example: 'https://acme.example.com/api/erp/v1', description: 'ERP API base URL' }) base_url: string;
  @ApiProperty({ type: [ErpKeySchema], description: 'active ERP keys (never the tokens)' }) keys: ErpKeySchema[];
  @ApiProperty({ type: ErpQueueCountsSchema }) queue: ErpQueueCountsSchema;
  @ApiProperty({ type: String, nullable: true, description: 'when the ERP last polled (claim or key use)' }) last_poll_at: string | null;
  @ApiProperty({ type: [ErpQueueErrorSchema], description: 'entries with an ERP error, newest first (at most 20)' }) errors: ErpQueueErrorSchema[];
}

export class ErpKeyCreatedResponse {
  @ApiProperty() ok: boolean;
  @ApiProperty({ example: 'erp_…', description: 'the new ERP key; shown only in this response. Earlier ERP keys stop working.' }) key: string;
  @ApiProperty({ example: 'erp_AbC1dE2X' }) prefix: string;
  @ApiProperty({ example: 'https://acme.example.com/api/erp/v1' }) base_url: string;
}

export class ErpKeyRevokedResponse {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: 'integer', description: 'how many ERP keys were revoked' }) revoked: number;
}
