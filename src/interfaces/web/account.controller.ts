import { Body, Controller, Get, Ip, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CrmRequest } from '../../edge/crm-request';
import { Page, sendPage } from '../../edge/pages/page-renderer';
import { CurrentWorkspace, Public } from '../../edge/auth.decorator';
import { CredentialsService } from '../../domain/identity/credentials.service';
import { browserDeviceName } from '../../domain/identity/device-name';
import { BrowserSessionService, SignInPage } from '../../domain/identity/oauth/browser-session.service';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { isAdmin } from '../../domain/identity/auth-context';
import { MODULES } from '../../domain/workspace/defaults';
import { pages, settingsPagesOf, settingsReturnTo, signedIn, signedOut } from './pages';
import { visitorLang } from '../../edge/pages/page-lang';
import { signInError } from '../../edge/pages/layout.text';
import { SETTINGS_MESSAGES } from './settings-messages.text';
import { ApiSessionCookies } from '../../edge/api-session';
import { Form, redirect, SettingsPages } from './settings-pages';

/**
 * The settings pages of every user that stay the service's: the landing page, sign-in and sign-out. Every settings
 * screen that changes things (Connections, Developers, Sessions, Apps, SCIM, ERP, Users) is the web app's, over /api/v1
 * (web/src/features/settings, web/src/features/webhooks). Server-rendered
 * (eta), no script, excluded from OpenAPI.
 */
@ApiExcludeController()
@Public()
@Controller('settings')
export class AccountController {
  constructor(
    private readonly pages: SettingsPages,
    private readonly browser: BrowserSessionService,
    private readonly credentials: CredentialsService,
    private readonly appCookies: ApiSessionCookies,
  ) {}

  // ---- the landing page: the web app's "Settings" link --------------------------------------

  @Get()
  overview(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, async ({ auth, chrome, lang }) => {
      const all = settingsPagesOf(auth, lang);
      const view = { chrome, userName: auth.user.fullName || auth.user.email, admin: isAdmin(auth), mailbox: auth.modules.includes(MODULES.email), mine: all.filter((p) => !p.admin), workspace: all.filter((p) => p.admin) };
      return pages.render(lang, 'overview', view);
    });
  }

  // ---- sign-in ------------------------------------------------------------------------------

  @Get('signin')
  signInForm(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    sendPage(req, res, this.signInPage(ws, req, res, settingsReturnTo(req.query.return_to), { username: '' }));
  }

  @Post('signin')
  async signIn(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Ip() ip: string) {
    const form = body ?? {};
    const returnTo = settingsReturnTo(form.return_to);
    const out = await this.browser.signIn(ws, form, this.pages.csrf.valid(req), ip, browserDeviceName(req.headers['user-agent'], 'settings'));
    if (out.kind === 'page') return sendPage(req, res, this.signInPage(ws, req, res, returnTo, out));
    signedIn(this.appCookies, req, res, { token: out.sessionToken, expiresAt: out.expiresAt });
    res.redirect(303, returnTo);
  }

  @Post('signout')
  signOut(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, async ({ auth }) => {
      await this.credentials.logout(ws.id, auth.credential, auth.user.id);
      signedOut(this.appCookies, req, res);
      return redirect('/settings/signedout');
    });
  }

  @Get('signedout')
  signedOut(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    sendPage(req, res, pages.render(visitorLang(req, ws), 'signedOut', {}));
  }

  /** The sign-in page in the visitor's language (no user yet: the browser's, else the workspace's). */
  private signInPage(ws: Workspace, req: CrmRequest, res: Response, returnTo: string, p: Pick<SignInPage, 'username' | 'pending' | 'error'>): Page {
    const lang = visitorLang(req, ws);
    const heading = SETTINGS_MESSAGES[lang].signInHeading;
    const view = { heading, action: '/settings/signin', csrf: this.pages.csrf.token(req, res), returnTo, username: p.username, pending: p.pending, error: signInError(lang, p.error), workspaceName: ws.name };
    return pages.render(lang, 'signin', view, p.error ? 400 : 200);
  }
}
