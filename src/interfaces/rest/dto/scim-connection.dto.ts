import { ApiProperty } from '@nestjs/swagger';

/** Response shapes of the SCIM connection card (documentation only; src/interfaces/rest/mappers/scim-connection.mapper.ts builds them). */

export class ScimKeySchema {
  @ApiProperty({ example: 'scim_AbC1dE2', description: 'first characters of the key, to recognise it' }) prefix: string;
  @ApiProperty({ example: '2026-03-02T09:00:00', description: 'workspace local time' }) created_at: string;
  @ApiProperty({ example: '2026-03-02T10:15:00', nullable: true, type: String }) last_used_at: string | null;
}

export class ScimOperationSchema {
  @ApiProperty({ example: '2026-03-02T10:15:00' }) at: string;
  @ApiProperty({ example: 'scim_user_created', enum: ['scim_user_created', 'scim_user_updated', 'scim_user_deactivated', 'scim_user_reactivated'] }) action: string;
  @ApiProperty({ example: 'ayse@example.com', description: 'userName of the user' }) user_name: string;
  @ApiProperty({ type: 'integer', example: 12, nullable: true }) user_id: number | null;
  @ApiProperty({ type: [String], example: ['department'], description: 'changed attributes (updates only)' }) fields: string[];
}

export class ScimConnectionResponse {
  @ApiProperty() ok: boolean;
  @ApiProperty({ example: 'https://acme.example.com/api/scim/v2', description: 'SCIM base URL to enter in the identity provider' }) base_url: string;
  @ApiProperty({ type: ScimKeySchema, nullable: true, description: 'the active SCIM key; null when none was created' }) key: ScimKeySchema | null;
  @ApiProperty({ type: [ScimOperationSchema], description: 'the last 20 provisioning operations, newest first' }) operations: ScimOperationSchema[];
}

export class ScimKeyCreatedResponse {
  @ApiProperty() ok: boolean;
  @ApiProperty({ example: 'scim_…', description: 'the new SCIM key; shown only in this response. Earlier SCIM keys stop working.' }) key: string;
  @ApiProperty({ example: 'scim_AbC1dE2' }) prefix: string;
  @ApiProperty({ example: 'https://acme.example.com/api/scim/v2' }) base_url: string;
}
