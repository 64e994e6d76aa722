import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsQueryId, OptionalEmail } from './fields';

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

// --- response schemas (documentation only) ---

export class MailboxSchema {
  @ApiProperty() connected: boolean;
  @ApiProperty() email: string;
  @ApiProperty({ description: "the last connection error, '' when none" }) error: string;
  @ApiProperty({ description: 'whether a signature is set' }) signature: boolean;
  @ApiProperty({ enum: ['not_connected', 'connected', 'error'] }) status: string;
}

export class MailboxResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: MailboxSchema }) mailbox: MailboxSchema;
  @ApiProperty({ description: 'the signature itself' }) signature_text: string;
}

class ComposeCustomerSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
}

class ComposeContactSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'the main contact of the company' }) main: boolean;
}

class ComposeOppSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty() stage: string;
  @ApiProperty() stage_label: string;
}

export class ComposeResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: MailboxSchema }) mailbox: MailboxSchema;
  @ApiProperty({ description: 'the signature itself' }) signature_text: string;
  @ApiProperty({ type: ComposeCustomerSchema }) customer: ComposeCustomerSchema;
  @ApiProperty({ type: [ComposeContactSchema], description: "the company's current people with an e-mail, main contact first" }) contacts: ComposeContactSchema[];
  @ApiProperty({ type: ComposeOppSchema, nullable: true }) opp: ComposeOppSchema | null;
  @ApiProperty({ type: [ComposeOppSchema], description: 'open opportunities of the company the caller may see' }) opps: ComposeOppSchema[];
}
