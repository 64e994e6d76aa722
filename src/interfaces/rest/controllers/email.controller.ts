import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { ComposeOptions, MailboxResponse } from '../schemas/email.schema';
import { ComposeService } from '../../../domain/crm/email/compose.service';
import { MailboxService } from '../../../domain/crm/email/mailbox.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { ComposeQueryDto, UpdateMailboxDto } from '../dto/email.dto';
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
  @ApiDoc({
    id: 'getComposeOptions',
    summary: 'E-mail compose options',
    description:
      "What the compose screen offers for a company (`customer_id`) or an opportunity (`opp_id`, its company then): the caller's mailbox and " +
      "signature, the company's current people with an e-mail (main contact first), the selected opportunity and the company's open " +
      'opportunities the caller may see (at most 200 each). Needs the Email module. One of the two ids is required (400 `invalid`); an `opp_id` ' +
      'of another company than `customer_id` is 400 too.',
    spec: '4.9',
    ok: ComposeOptions,
    errors: { 404: '`not_found`: no such company or opportunity, or one the caller may not see' },
  })
  @Auth({ scope: 'crm.read', module: MODULES.email })
  async options(@CurrentAuth() auth: UserContext, @Query() q: ComposeQueryDto) {
    return toComposeResponse(await this.compose.options(auth, q), auth.workspace);
  }

  /** The caller's mailbox state and signature. */
  @Get('me/mailbox')
  @ApiDoc({
    id: 'getMailbox',
    summary: "The caller's mailbox",
    description: "The caller's mailbox connection state (as `mailbox` in GET /api/v1/me) and the signature text. Not connected when none was set up.",
    ok: MailboxResponse,
  })
  @Auth({ scope: 'crm.read' })
  async mailbox(@CurrentAuth() auth: UserContext) {
    return toMailboxResponse(await this.mailboxes.get(auth));
  }

  /** Sets the caller's e-mail address and signature (a new address drops an existing connection). */
  @Put('me/mailbox')
  @ApiDoc({
    id: 'updateMailbox',
    summary: "Set the caller's mailbox address and signature",
    description:
      "Sets the caller's e-mail address and/or signature (fields left out keep their values; `signature: ''` removes it). A new address drops " +
      'the connection of the old one (status `not_connected` until the mail connector connects it). Needs the Email module.',
    ok: MailboxResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.email })
  async setMailbox(@CurrentAuth() auth: UserContext, @Body() dto: UpdateMailboxDto) {
    return toMailboxResponse(await this.mailboxes.update(auth, dto));
  }
}
