import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { notFound } from '../../platform/common/errors';
import type { CrmRequest } from '../../edge/crm-request';
import { Page, PageRenderer } from '../../edge/pages/page-renderer';
import { CurrentWorkspace, Public } from '../../edge/auth.decorator';
import { InvitationsService } from '../../domain/identity/invitations.service';
import { UsersService } from '../../domain/identity/users.service';
import { PERMISSIONS } from '../../domain/workspace/defaults';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import type { Chrome } from './pages';
import { USERS_TEMPLATES } from './password.templates';
import { PASSWORD_PAGE_TEXT, PasswordPageText } from './password-pages';
import { idOf, PageContext, redirect, SettingsPages } from './settings-pages';

interface UsersViews {
  users: { chrome: Chrome; csrf: string; notice?: string; secret?: { label: string; key: string; after?: string }; smtp: boolean; items: Record<string, string | number>[]; permissions: { id: number; username: string; name: string; admin: boolean; import: boolean }[] };
}

const pages = new PageRenderer<UsersViews, PasswordPageText>(USERS_TEMPLATES, PASSWORD_PAGE_TEXT);

/**
 * Users (admins): the users who have not set a password yet and their invitation; "New invitation link"
 * shows a fresh link once (the way to hand out invitations without SMTP_URL); the `import` permission of each
 * active user, granted and withdrawn through the same service call as REST and the admin CLI (audited, the auth
 * caches told). Server-rendered, no script.
 */
@ApiExcludeController()
@Public()
@Controller('settings')
export class UsersSettingsController {
  constructor(
    private readonly pages: SettingsPages,
    private readonly invitations: InvitationsService,
    private readonly usersService: UsersService,
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

  @Post('users/:id/import/:change')
  setImport(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string, @Param('change') change: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      if (change !== 'grant' && change !== 'withdraw') throw notFound('page');
      const user = await this.usersService.changePermission(ctx.auth, idOf(id), PERMISSIONS.import, change === 'grant');
      const t = PASSWORD_PAGE_TEXT[ctx.lang];
      return redirect('/settings/users', { notice: change === 'grant' ? t.importGranted(user.fullName) : t.importWithdrawn(user.fullName) });
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
    const permissions = (await this.usersService.permissions(auth)).map(({ user, permissions: held }) => ({
      id: user.id,
      username: user.username,
      name: user.fullName,
      admin: user.role === 'admin',
      import: held.includes(PERMISSIONS.import),
    }));
    return pages.render(lang, 'users', { chrome, csrf, ...flash, smtp: !!this.config.smtpUrl, items, permissions });
  }
}
