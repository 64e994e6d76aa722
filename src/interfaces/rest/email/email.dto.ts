import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { TLS_MODES } from '../../../domain/crm/email/mailbox.entity';
import { IsId, IsQueryId, OptionalEmail } from '../shared/fields';

export class ComposeQueryDto {
  @ApiPropertyOptional({ type: 'integer', description: 'company id (required unless opp_id is given)' })
  @IsOptional()
  @IsQueryId()
  customer_id?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'the opportunity the e-mail is about; must belong to the company' })
  @IsOptional()
  @IsQueryId()
  opp_id?: number;
}

export class UpdateMailboxDto {
  @OptionalEmail() email?: string;

  @ApiPropertyOptional({ maxLength: 5000, description: "text appended to the user's e-mails; '' removes it" })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  signature?: string;
}

export class MailServerDto {
  @ApiProperty({ maxLength: 253, description: 'host name or IP address', example: 'smtp.ege.example' })
  @IsString()
  @MaxLength(253)
  host: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 65535, example: 465 })
  @IsInt()
  @Min(1)
  @Max(65535)
  port: number;

  @ApiProperty({ enum: TLS_MODES, description: '`tls` from the first byte (465, 993), `starttls` (587, 143; required), `none` only where private networks are allowed' })
  @IsIn(TLS_MODES)
  tls: string;

  @ApiProperty({ maxLength: 254, description: 'login name, usually the address' })
  @IsString()
  @MaxLength(254)
  user: string;

  @ApiProperty({ maxLength: 500, writeOnly: true, description: 'password or app password; stored encrypted, never returned' })
  @IsString()
  @MaxLength(500)
  password: string;
}

export class ConnectMailboxDto {
  @ApiProperty({ enum: ['imap_smtp'], description: 'how the mailbox is reached; only `imap_smtp` (passwords) for now' })
  @IsIn(['imap_smtp'])
  provider: string;

  @ApiProperty({ maxLength: 254, description: 'the From address of the e-mails sent' })
  @IsString()
  @MaxLength(254)
  email: string;

  @ApiProperty({ type: MailServerDto })
  // ValidateNested alone lets a missing part (and an array of parts) through to the connector
  @IsObject()
  @ValidateNested()
  @Type(() => MailServerDto)
  smtp: MailServerDto;

  @ApiProperty({ type: MailServerDto })
  // ValidateNested alone lets a missing part (and an array of parts) through to the connector
  @IsObject()
  @ValidateNested()
  @Type(() => MailServerDto)
  imap: MailServerDto;
}

export class SendEmailDto {
  @ApiProperty({ type: [String], maxItems: 50, description: 'recipient addresses' })
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(254, { each: true })
  to: string[];

  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(254, { each: true })
  cc?: string[];

  @ApiProperty({ maxLength: 500 })
  @IsString()
  @MaxLength(500)
  subject: string;

  @ApiProperty({ maxLength: 100000, description: 'plain-text body' })
  @IsString()
  @MaxLength(100_000)
  text: string;

  @ApiPropertyOptional({ maxLength: 200000, description: 'HTML body (optional; sent as the alternative to `text`)' })
  @IsOptional()
  @IsString()
  @MaxLength(200_000)
  html?: string;

  @ApiPropertyOptional({ type: Boolean, description: "append the caller's signature" })
  @IsOptional()
  @IsBoolean()
  signature?: boolean;

  @ApiPropertyOptional({ type: 'integer', description: 'company the thread is filed on (required unless opp_id or thread_id)' })
  @IsOptional()
  @IsId()
  customer_id?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'opportunity the thread is filed on (its company then)' })
  @IsOptional()
  @IsId()
  opp_id?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'reply in this thread (its company and opportunity)' })
  @IsOptional()
  @IsId()
  thread_id?: number;
}
