import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { IfPresent, IsId, NotBlank, NullClears, OptionalEmail } from './fields';

export class WebFormFieldSchema {
  @ApiProperty({ pattern: '^[a-z][a-z0-9_]{0,39}$', description: 'not one of the standard fields company, name, email, phone, message, website' }) key: string;
  @ApiProperty({ maxLength: 100 }) label: string;
  @ApiProperty({ required: false }) required: boolean;
}

export class CreateWebFormDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @NotBlank() @MaxLength(200) name: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'gets the tasks and owns new companies; default: the caller' }) @IsOptional() @IsId() owner_id?: number;
  @ApiPropertyOptional({ type: [WebFormFieldSchema], maxItems: 20, description: 'extra fields besides company, name, email, phone and message' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  fields?: object[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
}

@NullClears()
export class UpdateWebFormDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IfPresent() @IsString() @NotBlank() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1 }) @IfPresent() @IsId() owner_id?: number;
  @ApiPropertyOptional({ type: [WebFormFieldSchema], maxItems: 20 }) @IfPresent() @IsArray() @ArrayMaxSize(20) fields?: object[];
  @ApiPropertyOptional() @IfPresent() @IsBoolean() active?: boolean;
}

/** A public submission. Every field is capped; unknown fields are refused. */
export class SubmitWebFormDto {
  @ApiProperty({ maxLength: 200, description: 'company name; matched to an existing company by normalized name, else created' })
  @IsString()
  @MaxLength(200)
  company: string;

  @ApiPropertyOptional({ maxLength: 200, description: 'contact name' }) @IsOptional() @IsString() @MaxLength(200) name?: string;
  @OptionalEmail() email?: string;
  @ApiPropertyOptional({ maxLength: 50 }) @IsOptional() @IsString() @MaxLength(50) phone?: string;
  @ApiPropertyOptional({ maxLength: 4000 }) @IsOptional() @IsString() @MaxLength(4000) message?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: "values of the form's extra fields (at most 1,000 characters each)" })
  @IsOptional()
  @IsObject()
  fields?: Record<string, unknown>;

  @ApiPropertyOptional({ maxLength: 200, description: 'honeypot: keep it hidden and empty; a filled one is answered like a success and stores nothing' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  website?: string;
}

// --- response schemas (documentation only) ---

class UserSummarySchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() username: string;
  @ApiProperty() full_name: string;
  @ApiProperty() role: string;
  @ApiProperty() role_label: string;
}

export class WebFormSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'the key in the public submission path' }) public_key: string;
  @ApiProperty({ description: 'POST here (on the workspace host) to submit' }) submit_path: string;
  @ApiProperty({ type: UserSummarySchema, nullable: true }) owner: UserSummarySchema | null;
  @ApiProperty({ type: [WebFormFieldSchema] }) fields: WebFormFieldSchema[];
  @ApiProperty() active: boolean;
  @ApiProperty({ type: 'integer' }) submissions: number;
  @ApiProperty({ type: String, nullable: true }) last_submitted_at: string | null;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}

export class WebFormResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: WebFormSchema }) form: WebFormSchema;
}

export class WebFormListResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: [WebFormSchema] }) items: WebFormSchema[];
}

export class SubmitResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty() message: string;
}
