import { ApiPropertyOptional } from '@nestjs/swagger';
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
