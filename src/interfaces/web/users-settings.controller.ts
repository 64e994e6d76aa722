import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import type { CrmRequest } from '../../edge/crm-request';
import { Page, PageRenderer } from '../../edge/pages/page-renderer';
import { CurrentWorkspace, Public } from '../../edge/auth.decorator';
import { InvitationsService } from '../../domain/identity/invitations.service';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import type { Chrome } from './pages';
import { USERS_TEMPLATES } from './password.templates';
import { PASSWORD_PAGE_TEXT, PasswordPageText } from './password-pages';
import { idOf, PageContext, redirect, SettingsPages } from './settings-pages';

interface UsersViews {
  users: { chrome: Chrome; csrf: string; notice?: string; secret?: { label: string; key: string; after?: string }; smtp: boolean; items: Record<string, string | number>[] };
}

const pages = new PageRenderer<UsersViews, PasswordPageText>(USERS_TEMPLATES, PASSWORD_PAGE_TEXT);

/**
 * Users (admins): the users who have not set a password yet and their invitation; "New invitation link"
 * shows a fresh link once (the way to hand out invitations without SMTP_URL). Server-rendered, no script.
 */
@ApiExcludeController()
@Public()
@Controller('settings')
export class UsersSettingsController {
  constructor(
    private readonly pages: SettingsPages,
    private readonly invitations: InvitationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('users')
  users(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.usersPage(ctx));
  }

  @Post('users/:id/invitation')
  newLink(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const { user, link } = await this.invitations.reissue(ctx.auth, idOf(id));
      const t = PASSWORD_PAGE_TEXT[ctx.lang];
      return redirect('/settings/users', { secret: { label: t.invitationLinkOf(user.username), key: link, after: t.invitationAfter(this.config.invitationHours) } });
    });
  }

  private async usersPage({ auth, csrf, chrome, flash, lang, at }: PageContext): Promise<Page> {
    const t = PASSWORD_PAGE_TEXT[lang];
    const items = (await this.invitations.pending(auth)).map(({ user, invitation }) => ({
      id: user.id,
      username: user.username,
      name: user.fullName,
      email: user.email,
      state: invitation ? t.invitationSent(at(invitation.createdAt), at(invitation.expiresAt)) : t.invitationNone,
    }));
    return pages.render(lang, 'users', { chrome, csrf, ...flash, smtp: !!this.config.smtpUrl, items });
  }
}
