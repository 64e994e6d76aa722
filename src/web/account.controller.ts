import { Body, Controller, Get, Ip, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError } from '../common/errors';
import type { CrmRequest } from '../common/http/crm-request';
import { Page, sendPage } from '../common/http/pages/page-renderer';
import { CurrentWorkspace, Public } from '../identity/auth/auth.decorator';
import { CredentialsService } from '../identity/credentials.service';
import { browserDeviceName } from '../identity/device-name';
import { BrowserSessionService, SignInPage } from '../identity/oauth/browser-session.service';
import { OAuthService } from '../identity/oauth/oauth.service';
import { MAX_API_KEYS, UserCredentialsService } from '../identity/user-credentials.service';
import type { Workspace } from '../workspace/workspace.entity';
import { cookies, pages, settingsReturnTo } from './pages';
import { baseUrlOf } from '../common/http/base-url';
import { Form, idOf, PageContext, SettingsPages, ts } from './settings-pages';

/**
 * The settings pages of every user: sign-in and sign-out, App connections (OAuth grants), Developers
 * (API keys) and Sessions. Server-rendered (eta), no script, excluded from OpenAPI.
 */
@ApiExcludeController()
@Public()
@Controller('settings')
export class AccountController {
  constructor(
    private readonly pages: SettingsPages,
    private readonly browser: BrowserSessionService,
    private readonly oauth: OAuthService,
    private readonly credentials: CredentialsService,
    private readonly own: UserCredentialsService,
  ) {}

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
    cookies.setSession(req, res, out.sessionToken);
    res.redirect(303, returnTo);
  }

  @Post('signout')
  signOut(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, body, async ({ auth }) => {
      await this.credentials.logout(ws.id, auth.credential, auth.user.id);
      cookies.clearSession(req, res);
      return pages.render('signedOut', {});
    });
  }

  private signInPage(ws: Workspace, req: CrmRequest, res: Response, returnTo: string, p: Pick<SignInPage, 'username' | 'pending' | 'error'>): Page {
    const view = { heading: 'Sign in to settings', action: '/settings/signin', csrf: this.pages.csrf.token(req, res), returnTo, username: p.username, pending: p.pending, error: p.error, workspaceName: ws.name };
    return pages.render('signin', view, p.error ? 400 : 200);
  }

  // ---- App connections ----------------------------------------------------------------------

  @Get('connections')
  connections(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, null, (ctx) => this.connectionsPage(ctx));
  }

  @Post('connections/:id/remove')
  removeConnection(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, body, async (ctx) => {
      await this.oauth.removeGrant(ctx.auth, idOf(id));
      return this.connectionsPage(ctx, 'Access removed: every token of the app is revoked.');
    });
  }

  private async connectionsPage({ auth, csrf, chrome }: PageContext, notice?: string): Promise<Page> {
    const { items } = await this.oauth.grants(auth, { limit: 200 });
    const rows = items.map(({ grant: g, scopeWords }) => ({
      id: g.id,
      clientName: g.clientName,
      scopes: g.scopes.join(' '),
      scopeWords: scopeWords.join(', '),
      lastUsed: ts(auth, g.lastUsedAt),
      calls: g.callCount,
    }));
    return pages.render('connections', { chrome, csrf, notice, userName: auth.user.fullName || auth.user.email, items: rows });
  }

  // ---- Developers: API keys -----------------------------------------------------------------

  @Get('developers')
  developers(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, null, (ctx) => this.developersPage(req, ctx));
  }

  @Post('developers/keys')
  createKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, body, async (ctx) => {
      try {
        const { token, credential } = await this.own.createApiKey(ctx.auth, body.name);
        return this.developersPage(req, ctx, { created: { name: credential.name, key: token } });
      } catch (e) {
        if (e instanceof DomainError && e.code === 'invalid') {
          return this.developersPage(req, ctx, { error: e.message, name: typeof body.name === 'string' ? body.name.slice(0, 100) : '' }, 400);
        }
        throw e;
      }
    });
  }

  @Post('developers/keys/:id/revoke')
  revokeKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, body, async (ctx) => {
      await this.own.revokeApiKey(ctx.auth, idOf(id));
      return this.developersPage(req, ctx, { notice: 'Key revoked: it no longer works.' });
    });
  }

  private async developersPage(
    req: CrmRequest,
    { auth, csrf, chrome }: PageContext,
    flash: { created?: { name: string; key: string }; notice?: string; error?: string; name?: string } = {},
    status = 200,
  ): Promise<Page> {
    const keys = (await this.own.apiKeys(auth)).map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, created: ts(auth, k.createdAt), lastUsed: ts(auth, k.lastUsedAt) }));
    const view = { chrome, csrf, apiBase: `${baseUrlOf(req)}/api/v1`, created: flash.created ?? null, notice: flash.notice, error: flash.error, keys, name: flash.name ?? '', max: MAX_API_KEYS };
    return pages.render('developers', view, status);
  }

  // ---- Sessions -----------------------------------------------------------------------------

  @Get('sessions')
  sessions(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, null, (ctx) => this.sessionsPage(ctx));
  }

  @Post('sessions/others/signout')
  signOutOthers(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, body, async (ctx) => {
      const n = await this.own.signOutOtherSessions(ctx.auth);
      return this.sessionsPage(ctx, n ? `Signed out ${n} other session${n === 1 ? '' : 's'}.` : 'There were no other sessions.');
    });
  }

  @Post('sessions/:id/signout')
  signOutSession(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, body, async (ctx) => {
      const target = idOf(id);
      await this.own.signOutSession(ctx.auth, target);
      if (target !== ctx.auth.credential.id) return this.sessionsPage(ctx, 'Session ended: that device is signed out.');
      cookies.clearSession(req, res); // this browser's own session (the page offers the sign-out button for it)
      return pages.render('signedOut', {});
    });
  }

  private async sessionsPage({ auth, csrf, chrome }: PageContext, notice?: string): Promise<Page> {
    const list = await this.own.sessions(auth);
    const items = list.map(({ credential: c, current }) => ({ id: c.id, name: c.name, created: ts(auth, c.createdAt), lastUsed: ts(auth, c.lastUsedAt), current }));
    return pages.render('sessions', { chrome, csrf, notice, items, others: list.some((s) => !s.current) });
  }
}
