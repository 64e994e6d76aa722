import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { CurrentWorkspace, Public } from '../../../edge/auth.decorator';
import { InvitationsService } from '../../../domain/identity/invitations.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { AcceptInvitationDto } from './invitations.dto';
import { InvitationAccepted } from './invitation.schema';

/** Password setup through the invitation link e-mailed to users the identity provider created (SCIM). */
@ApiTags('Authentication')
@Controller('api/v1/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('accept')
  @HttpCode(200)
  @ApiDoc({
    id: 'acceptInvitation',
    summary: 'Set the password from an invitation link',
    description:
      'Sets the password of the user an invitation or password-reset link (token `inv_…`) was sent to; no credential needed. Each link works ' +
      "once and until it expires; the workspace's password rules apply. Setting it ends every session of the user; sign in afterwards with " +
      'POST /api/v1/login. An unknown, used or expired link answers 400 `invalid` with field `token`, a refused password 400 with field `password`.',
    ok: InvitationAccepted,
    errors: { 403: '`inactive`: the user of the link is deactivated' },
  })
  @Public()
  async accept(@CurrentWorkspace() ws: Workspace, @Body() dto: AcceptInvitationDto): Promise<z.output<typeof InvitationAccepted>> {
    const user = await this.invitations.accept(ws, dto.token, dto.password);
    return { ok: true, username: user.username };
  }
}
