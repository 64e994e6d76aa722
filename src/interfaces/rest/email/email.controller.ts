import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { IdPipe } from '../../../edge/id.pipe';
import { EmailsService } from '../../../domain/crm/email/emails.service';
import { EmailSync } from '../../../domain/crm/email/email-sync';
import { MailboxConnector } from '../../../domain/crm/email/mailbox-connector';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { ComposeOptions, EmailMessageResponse, EmailThreadDetail, EmailThreadList, MailboxResponse, MailboxSyncResponse, SendEmailResponse } from './email.schema';
import { ComposeService } from '../../../domain/crm/email/compose.service';
import { MailboxService } from '../../../domain/crm/email/mailbox.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { ComposeQueryDto, ConnectMailboxDto, SendEmailDto, UpdateMailboxDto } from './email.dto';
import { toComposeResponse, toMailboxResponse, toMessageResponse, toSyncResponse, toThreadDetail, toThreadList } from './email.mapper';
import { callerView } from '../shared/common.mapper';

@ApiTags('Email')
@Controller('api/v1')
export class EmailController {
  constructor(
    private readonly compose: ComposeService,
    private readonly mailboxes: MailboxService,
    private readonly connector: MailboxConnector,
    private readonly emails: EmailsService,
    private readonly sync: EmailSync,
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
    return toComposeResponse(await this.compose.options(auth, q), callerView(auth));
  }

  /** The caller's mailbox state and signature. */
  @Get('me/mailbox')
  @ApiDoc({
    id: 'getMailbox',
    summary: "The caller's mailbox",
    description:
      "The caller's mailbox connection state (as `mailbox` in GET /api/v1/me), its servers (without passwords) and the signature text. " +
      "Not connected when none was set up. First-party only (a session or an API key): an app's token reads the state in GET /api/v1/me.",
    ok: MailboxResponse,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async mailbox(@CurrentAuth() auth: UserContext) {
    return toMailboxResponse(await this.mailboxes.get(auth), callerView(auth));
  }

  /** Sets the caller's e-mail address and signature (a new address drops an existing connection). */
  @Put('me/mailbox')
  @ApiDoc({
    id: 'updateMailbox',
    summary: "Set the caller's mailbox address and signature",
    description:
      "Sets the caller's e-mail address and/or signature (fields left out keep their values; `signature: ''` removes it). A new address drops " +
      'the connection of the old one (status `not_connected` until the mail connector connects it). Needs the Email module. First-party ' +
      "only (a session or an API key): an app's token must not change what the user's e-mails say or come from.",
    ok: MailboxResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.email, firstParty: true })
  async setMailbox(@CurrentAuth() auth: UserContext, @Body() dto: UpdateMailboxDto) {
    return toMailboxResponse(await this.mailboxes.update(auth, dto), callerView(auth));
  }

  /** Connects the caller's mailbox (SMTP and IMAP, tested first). */
  @Put('me/mailbox/connection')
  @ApiDoc({
    id: 'connectMailbox',
    summary: "Connect the caller's mailbox",
    description:
      'Connects the caller\'s mailbox for sending (SMTP) and receiving (IMAP): both servers are tried first (SMTP login, IMAP login and INBOX), ' +
      'within the mailbox deadline and only to public addresses; then the settings are kept and the passwords stored encrypted (never returned). ' +
      'Receiving starts with mail that arrives after connecting. `provider` is `imap_smtp` (OAuth providers may come later). A failed try ' +
      'changes nothing (a connected mailbox stays connected as it was) and answers one message whatever failed; which step failed and why is ' +
      'kept in the audit log. MAILBOX_CONNECT_PER_HOUR tries (10) per user an hour. Needs the Email module. First-party only (a session or an API key).',
    ok: MailboxResponse,
    errors: {
      422: '`mailbox_auth`: a server refused the user name or password; `mailbox_unreachable`: a server could not be used (address refused, DNS, network, TLS or the deadline); the message is the same for both',
      429: '`rate_limited`: the per-minute request limit, or the MAILBOX_CONNECT_PER_HOUR tries (10) of the hour are used; wait `Retry-After` seconds',
    },
  })
  @Auth({ scope: 'crm.write', module: MODULES.email, firstParty: true })
  async connect(@CurrentAuth() auth: UserContext, @Body() dto: ConnectMailboxDto) {
    return toMailboxResponse(await this.connector.connect(auth, dto), callerView(auth));
  }

  /** Disconnects the caller's mailbox. */
  @Delete('me/mailbox/connection')
  @ApiDoc({
    id: 'disconnectMailbox',
    summary: "Disconnect the caller's mailbox",
    description: 'Forgets the servers and passwords; the address, signature and the threads already filed stay. Needs the Email module. First-party only (a session or an API key).',
    ok: MailboxResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.email, firstParty: true })
  async disconnect(@CurrentAuth() auth: UserContext) {
    return toMailboxResponse(await this.connector.disconnect(auth), callerView(auth));
  }

  /** Reads new mail of the caller's mailbox now. */
  @Post('me/mailbox/sync')
  @HttpCode(200)
  @ApiDoc({
    id: 'syncMailbox',
    summary: "Read the caller's new mail now",
    description:
      'One IMAP sync round of the caller\'s INBOX (as the periodic one): at most MAILBOX_SYNC_BATCH new messages, each filed into the thread it ' +
      'answers (In-Reply-To, References) or onto the company whose person or domain sent it; a sender not yet among the company\'s people ' +
      'becomes a person (no `contact_created`). Mail of no known company is left alone. Needs the Email module.',
    ok: MailboxSyncResponse,
    errors: { 409: '`mailbox_not_connected`: no connected mailbox', 422: '`mailbox_auth` or `mailbox_unreachable`: the IMAP server refused or could not be reached' },
  })
  @Auth({ scope: 'crm.write', module: MODULES.email })
  async syncNow(@CurrentAuth() auth: UserContext) {
    return toSyncResponse(await this.sync.syncMine(auth));
  }

  /** Queues an e-mail through the caller's mailbox, filed on the record. */
  @Post('emails')
  @HttpCode(202)
  @ApiDoc({
    id: 'sendEmail',
    summary: 'Send an e-mail',
    description:
      'Queues an e-mail from the caller\'s connected mailbox and answers at once (202, state `queued`); it is sent in the background through ' +
      'the caller\'s SMTP server and its state becomes `sent` or `failed` with the error (no retries; GET /api/v1/emails/{id}). It is filed ' +
      'in `thread_id` (a reply: In-Reply-To and References set), or in a new thread on `opp_id` (and its company) or `customer_id`. ' +
      '`signature: true` appends the caller\'s signature. Needs the Email module.',
    ok: { status: 202, schema: SendEmailResponse },
    errors: {
      404: '`not_found`: no such company, opportunity or thread, or one the caller may not see',
      409: '`mailbox_not_connected`: connect the mailbox first (PUT /api/v1/me/mailbox/connection)',
    },
  })
  @Auth({ scope: 'crm.write', module: MODULES.email })
  async send(@CurrentAuth() auth: UserContext, @Body() dto: SendEmailDto) {
    return toMessageResponse(await this.emails.send(auth, dto), callerView(auth));
  }

  /** Threads of a company or opportunity. */
  @Get('emails/threads')
  @ApiDoc({
    id: 'listEmailThreads',
    summary: 'E-mail threads of a record',
    description: 'The e-mail threads filed on a company (`customer_id`: all of its threads) or an opportunity (`opp_id`), newest first, at most 100. One of the two is required. Needs the Email module.',
    ok: EmailThreadList,
    errors: { 404: '`not_found`: no such company or opportunity, or one the caller may not see' },
  })
  @Auth({ scope: 'crm.read', module: MODULES.email })
  async threads(@CurrentAuth() auth: UserContext, @Query() q: ComposeQueryDto) {
    return toThreadList(await this.emails.threads(auth, q), callerView(auth));
  }

  /** A thread with its messages. */
  @Get('emails/threads/:id')
  @ApiDoc({
    id: 'getEmailThread',
    summary: 'An e-mail thread',
    description: 'A thread and its messages, oldest first (at most 500). Visible to whoever may see its company and opportunity. Needs the Email module.',
    ok: EmailThreadDetail,
  })
  @Auth({ scope: 'crm.read', module: MODULES.email })
  async thread(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toThreadDetail(await this.emails.thread(auth, id), callerView(auth));
  }

  /** One e-mail (its sending state). */
  @Get('emails/:id')
  @ApiDoc({
    id: 'getEmail',
    summary: 'An e-mail',
    description: 'One message with its state (`queued`, `sending`, `sent`, `failed` with `error`, or `received`). Needs the Email module.',
    ok: EmailMessageResponse,
  })
  @Auth({ scope: 'crm.read', module: MODULES.email })
  async message(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toMessageResponse(await this.emails.message(auth, id), callerView(auth));
  }
}
