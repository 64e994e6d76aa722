import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { IfPresent, IsId, NotBlank, NullClears, OptionalEmail } from '../shared/fields';

export class WebFormFieldDto {
  @ApiProperty({ pattern: '^[a-z][a-z0-9_]{0,39}$', description: 'not one of the standard fields company, name, email, phone, message, website' }) key: string;
  @ApiProperty({ maxLength: 100 }) label: string;
  @ApiProperty({ required: false }) required: boolean;
}

export class CreateWebFormDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @NotBlank() @MaxLength(200) name: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'gets the tasks and owns new companies; default: the caller' }) @IsOptional() @IsId() owner_id?: number;
  @ApiPropertyOptional({ type: [WebFormFieldDto], maxItems: 20, description: 'extra fields besides company, name, email, phone and message' })
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
  @ApiPropertyOptional({ type: [WebFormFieldDto], maxItems: 20 }) @IfPresent() @IsArray() @ArrayMaxSize(20) fields?: object[];
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
