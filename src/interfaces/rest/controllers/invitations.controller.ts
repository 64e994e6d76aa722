import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentWorkspace, Public } from '../../../edge/auth.decorator';
import { InvitationsService } from '../../../domain/identity/invitations.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { AcceptInvitationDto, AcceptInvitationResponse } from '../dto/invitations.dto';

/** Password setup through the invitation link e-mailed to users the identity provider created (SCIM). */
@ApiTags('Authentication')
@Controller('api/v1/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('accept')
  @HttpCode(200)
  @Public()
  @ApiOkResponse({ type: AcceptInvitationResponse, description: 'the password is set (every session of the user ends); sign in with POST /api/v1/login. 400 invalid (field token) for an unknown, used or expired link, (field password) for a password the rules refuse' })
  async accept(@CurrentWorkspace() ws: Workspace, @Body() dto: AcceptInvitationDto): Promise<AcceptInvitationResponse> {
    const user = await this.invitations.accept(ws, dto.token, dto.password);
    return { ok: true, username: user.username };
  }
}
