import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { AUTH_MODES, HOOK_TARGETS, MAX_MAPPING_ROWS, MAX_PATH } from '../../../domain/crm/hooks/hooks.rules';
import { MAX_PER_MINUTE } from '../../../domain/crm/hooks/hooks.service';
import { IfPresent, IsId, NotBlank, NullClears } from '../shared/fields';

const SCALAR = [{ type: 'string', maxLength: 1000 }, { type: 'number' }, { type: 'boolean' }];

/** OpenAPI shape of a mapping row; the domain checks it (hooks.rules.ts) and names the bad part. */
export class HookMappingRowDto {
  @ApiProperty({ description: "a field of the target's REST create body, e.g. `company`, `email` (lead), `title` (task)", example: 'email' })
  field: string;

  @ApiPropertyOptional({ maxLength: MAX_PATH, description: 'JSON path into the payload: keys between dots, array indices in brackets (`data.email`, `answers[0].text`)', example: 'data.email' })
  path?: string;

  @ApiPropertyOptional({ oneOf: SCALAR, nullable: true, description: 'a constant instead of a path (e.g. `source`: "Typeform")' })
  value?: unknown;
}

const MAPPING_DOC = `1 to ${MAX_MAPPING_ROWS} rows, each {field, path} or {field, value}; the target's required field (lead: company, company: name, person: name, task: title, object: name) must be mapped; a custom object's fields and relations are \`fields.<key>\` and \`links.<key>\``;

export class CreateHookDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @NotBlank() @MaxLength(200) name: string;
  @ApiProperty({ enum: HOOK_TARGETS, description: "the kind of record each delivery creates (`object`: a record of the custom object `object_key`)" }) @IsString() @IsIn(HOOK_TARGETS) target: string;
  @ApiPropertyOptional({ maxLength: 40, description: "target `object`: the custom object's key" }) @IsOptional() @IsString() @MaxLength(40) object_key?: string;
  @ApiProperty({ type: [HookMappingRowDto], maxItems: MAX_MAPPING_ROWS, description: MAPPING_DOC }) @IsArray() @ArrayMaxSize(MAX_MAPPING_ROWS) mapping: object[];
  @ApiPropertyOptional({ enum: AUTH_MODES, description: '`bearer` (default): `Authorization: Bearer <secret>`; `signature`: Standard Webhooks headers signed with the `whsec_` secret' })
  @IsOptional()
  @IsString()
  @IsIn(AUTH_MODES)
  auth_mode?: string;
  @ApiPropertyOptional({ maxLength: MAX_PATH, description: "JSON path of the payload's idempotency key (e.g. `event_id`); empty: the `webhook-id` header only" })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PATH)
  idempotency_path?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'the user the records are created as; default: the caller' }) @IsOptional() @IsId() owner_id?: number;
  @ApiPropertyOptional({ description: 'default true; an inactive hook answers 404' }) @IsOptional() @IsBoolean() active?: boolean;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PER_MINUTE, description: 'requests a minute the hook takes; default 60' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PER_MINUTE)
  per_minute?: number;
}

@NullClears()
export class UpdateHookDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IfPresent() @IsString() @NotBlank() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ enum: HOOK_TARGETS, description: 'a new target re-checks the mapping' }) @IfPresent() @IsString() @IsIn(HOOK_TARGETS) target?: string;
  @ApiPropertyOptional({ maxLength: 40, description: "target `object`: the custom object's key" }) @IfPresent() @IsString() @MaxLength(40) object_key?: string;
  @ApiPropertyOptional({ type: [HookMappingRowDto], maxItems: MAX_MAPPING_ROWS, description: `replaces the whole mapping: ${MAPPING_DOC}` }) @IfPresent() @IsArray() @ArrayMaxSize(MAX_MAPPING_ROWS) mapping?: object[];
  @ApiPropertyOptional({ maxLength: MAX_PATH, description: 'empty: the `webhook-id` header only' }) @IsOptional() @IsString() @MaxLength(MAX_PATH) idempotency_path?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1 }) @IfPresent() @IsId() owner_id?: number;
  @ApiPropertyOptional() @IfPresent() @IsBoolean() active?: boolean;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PER_MINUTE }) @IfPresent() @IsInt() @Min(1) @Max(MAX_PER_MINUTE) per_minute?: number;
}

export class RotateHookDto {
  @ApiPropertyOptional({ enum: AUTH_MODES, description: 'switch the authentication mode with the new secret; default: keep it' })
  @IsOptional()
  @IsString()
  @IsIn(AUTH_MODES)
  auth_mode?: string;
}
