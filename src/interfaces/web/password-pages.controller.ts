import { Body, Controller, Get, Ip, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CrmRequest } from '../../edge/crm-request';
import { CurrentWorkspace, Public } from '../../edge/auth.decorator';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { PasswordPages } from './password-pages';

type Form = Record<string, unknown> | undefined;

/**
 * Pages of signed-out visitors: the set-password page of invitation links (e-mailed to users the identity
 * provider creates) and of "forgot password" reset links, and the forgot-password form. Server-rendered,
 * no script, excluded from OpenAPI (apps use POST /api/v1/invitations/accept).
 */
@ApiExcludeController()
@Public()
@Controller()
export class PasswordPagesController {
  constructor(private readonly pages: PasswordPages) {}

  @Get('invite')
  invitation(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.showLink(ws, req, res);
  }

  @Post('invite')
  acceptInvitation(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.setPassword(ws, req, res, body);
  }

  @Get('reset-password')
  reset(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.showLink(ws, req, res);
  }

  @Post('reset-password')
  acceptReset(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.setPassword(ws, req, res, body);
  }

  @Get('forgot-password')
  forgotForm(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    this.pages.forgotForm(ws, req, res);
  }

  @Post('forgot-password')
  forgot(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Ip() ip: string) {
    return this.pages.forgot(ws, req, res, body, ip);
  }
}
