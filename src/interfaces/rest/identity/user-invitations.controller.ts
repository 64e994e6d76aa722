import { Controller, Get, Inject, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { IdPipe } from '../../../edge/id.pipe';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { formatTimestamp } from '../../../platform/common/time';
import type { UserContext } from '../../../domain/identity/auth-context';
import { InvitationsService } from '../../../domain/identity/invitations.service';
import { InvitationLinkCreated, PendingUserList } from './pending-user.schema';

const ADMINS = 'Admins only (403 `forbidden`); first party only: a session or an API key (an OAuth token gets 403 `insufficient_scope`).';

/**
 * Settings → Users of the app (spec 3.6): the users the identity provider created who have not set a password
 * yet, and a fresh invitation link shown once to the admin (the way to hand out invitations without SMTP_URL).
 */
@ApiTags('Authentication')
@Controller('api/v1/users')
export class UserInvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('pending')
  @ApiDoc({
    id: 'listPendingUsers',
    summary: 'List the users waiting for a password',
    description: `Active users who have not set a password yet (at most 200, by user name), each with the open invitation link's dates, or null. ${ADMINS}`,
    spec: '3.6',
    ok: PendingUserList,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async pending(@CurrentAuth() auth: UserContext): Promise<z.output<typeof PendingUserList>> {
    const tz = auth.workspace.timezone;
    const items = (await this.invitations.pending(auth)).map(({ user, invitation }) => ({
      id: user.id,
      username: user.username,
      full_name: user.fullName,
      email: user.email,
      invitation: invitation ? { created_at: formatTimestamp(invitation.createdAt, tz), expires_at: formatTimestamp(invitation.expiresAt, tz) } : null,
    }));
    return { ok: true, items, mail: !!this.config.smtpUrl, invitation_hours: this.config.invitationHours };
  }

  @Post(':id/invitation')
  @ApiDoc({
    id: 'createInvitationLink',
    summary: 'Make a new invitation link for a user',
    description:
      'A fresh invitation link for an active user without a password, in this answer only (not e-mailed; audited as `invitation_link_shown`). ' +
      `Earlier links of the user stop working. A user with a password, a deactivated or unknown one is 404 \`not_found\`. ${ADMINS}`,
    spec: '3.6',
    ok: InvitationLinkCreated,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async reissue(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number): Promise<z.output<typeof InvitationLinkCreated>> {
    const { user, link } = await this.invitations.reissue(auth, id);
    return { ok: true, username: user.username, link, invitation_hours: this.config.invitationHours };
  }
}
