import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ComposeService } from '../../../domain/crm/email/compose.service';
import { MailboxService } from '../../../domain/crm/email/mailbox.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { ComposeQueryDto, ComposeResponseSchema, MailboxResponseSchema, UpdateMailboxDto } from '../dto/email.dto';
import { toComposeResponse, toMailboxResponse } from '../mappers/email.mapper';

@ApiTags('Email')
@Controller('api/v1')
export class EmailController {
  constructor(
    private readonly compose: ComposeService,
    private readonly mailboxes: MailboxService,
  ) {}

  /** Compose options (spec 4.9): mailbox, the company's people with an e-mail, the selected and the open opportunities. */
  @Get('emails/compose')
  @Auth({ scope: 'crm.read', module: MODULES.email })
  @ApiOkResponse({ type: ComposeResponseSchema })
  async options(@CurrentAuth() auth: UserContext, @Query() q: ComposeQueryDto) {
    return toComposeResponse(await this.compose.options(auth, q), auth.workspace);
  }

  /** The caller's mailbox state and signature. */
  @Get('me/mailbox')
  @Auth({ scope: 'crm.read' })
  @ApiOkResponse({ type: MailboxResponseSchema })
  async mailbox(@CurrentAuth() auth: UserContext) {
    return toMailboxResponse(await this.mailboxes.get(auth));
  }

  /** Sets the caller's e-mail address and signature (a new address drops an existing connection). */
  @Put('me/mailbox')
  @Auth({ scope: 'crm.write', module: MODULES.email })
  @ApiOkResponse({ type: MailboxResponseSchema })
  async setMailbox(@CurrentAuth() auth: UserContext, @Body() dto: UpdateMailboxDto) {
    return toMailboxResponse(await this.mailboxes.update(auth, dto));
  }
}
