import { Body, Controller, Get, Ip, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError } from '../../platform/common/errors';
import type { CrmRequest } from '../../edge/crm-request';
import { Page, sendPage } from '../../edge/pages/page-renderer';
import { CurrentWorkspace, Public } from '../../edge/auth.decorator';
import { CredentialsService } from '../../domain/identity/credentials.service';
import { browserDeviceName } from '../../domain/identity/device-name';
import { BrowserSessionService, SignInPage } from '../../domain/identity/oauth/browser-session.service';
import { MAX_API_KEYS, UserCredentialsService } from '../../domain/identity/user-credentials.service';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { isAdmin } from '../../domain/identity/auth-context';
import { MODULES } from '../../domain/workspace/defaults';
import { CONNECTION_CONSOLE_KINDS, ConnectionsService, ConnectionView, ConsoleKind } from '../../domain/crm/connections';

const KIND_LABELS: Record<ConsoleKind, string> = { app: 'App (OAuth)', api_key: 'API key', erp: 'ERP key', scim: 'SCIM key', webhook: 'Webhook', chat: 'Chat' };
const KIND_WORDS: Record<ConsoleKind, string> = { app: 'the app', api_key: 'the API key', erp: 'the ERP key', scim: 'the SCIM key', webhook: 'the webhook', chat: 'the chat connection' };
const REVOKE_WORDS: Record<ConsoleKind, string> = {
  app: 'Every token of the app stops working at once; it must ask for access again.',
  api_key: 'Programs using it stop working at once.',
  erp: 'The ERP can no longer poll until it gets a new key.',
  scim: 'The identity provider can no longer provision users until it gets a new key.',
  webhook: 'It is paused: nothing more is sent until it is resumed under Apps.',
  chat: 'It is paused: nothing more is sent until it is resumed under Apps.',
};
import { pages, settingsPagesOf, settingsReturnTo, signedIn, signedOut } from './pages';
import { ApiSessionCookies } from '../../edge/api-session';
import { linkBaseOf } from '../../edge/base-url';
import { confirmFirst, field, Form, idOf, PageContext, PageError, redirect, SettingsPages, ts } from './settings-pages';

/**
 * The settings pages of every user: the landing page, sign-in and sign-out, Connections (every grant and key, and for admins every connection), Developers
 * (API keys) and Sessions. Server-rendered (eta), no script, excluded from OpenAPI.
 */
@ApiExcludeController()
@Public()
@Controller('settings')
export class AccountController {
  constructor(
    private readonly pages: SettingsPages,
    private readonly browser: BrowserSessionService,
    private readonly console: ConnectionsService,
    private readonly credentials: CredentialsService,
    private readonly own: UserCredentialsService,
    private readonly appCookies: ApiSessionCookies,
  ) {}

  // ---- the landing page: the web app's "Settings" link --------------------------------------

  @Get()
  overview(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, async ({ auth, chrome }) => {
      const all = settingsPagesOf(auth);
      const view = { chrome, userName: auth.user.fullName || auth.user.email, admin: isAdmin(auth), mailbox: auth.modules.includes(MODULES.email), mine: all.filter((p) => !p.admin), workspace: all.filter((p) => p.admin) };
      return pages.render('overview', view);
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
  signedOut(@Req() req: CrmRequest, @Res() res: Response) {
    sendPage(req, res, pages.render('signedOut', {}));
  }

  private signInPage(ws: Workspace, req: CrmRequest, res: Response, returnTo: string, p: Pick<SignInPage, 'username' | 'pending' | 'error'>): Page {
    const view = { heading: 'Sign in to settings', action: '/settings/signin', csrf: this.pages.csrf.token(req, res), returnTo, username: p.username, pending: p.pending, error: p.error, workspaceName: ws.name };
    return pages.render('signin', view, p.error ? 400 : 200);
  }

  // ---- Connections: the console of every connection (issue 23) ------------------------------

  @Get('connections')
  connections(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.connectionsPage(ctx));
  }

  @Post('connections/:kind/:id/revoke')
  revokeConnection(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('kind') kind: string, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.connection(ctx, kind, id, 'revoke');
      const ask = { title: 'Revoke?', question: `Revoke ${KIND_WORDS[c.kind]} "${c.name}"? ${REVOKE_WORDS[c.kind]}`, label: 'Revoke', back: '/settings/connections' };
      return confirmFirst(ctx, req, body, ask, async () => {
        await this.console.revoke(ctx.auth, c.kind, c.id);
        return redirect('/settings/connections', { notice: `Revoked: ${c.name} stops working at once.` });
      });
    });
  }

  @Post('connections/:kind/:id/rotate')
  rotateConnection(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('kind') kind: string, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.connection(ctx, kind, id, 'rotate');
      const ask = { title: 'Rotate key?', question: `Make a new key for ${KIND_WORDS[c.kind]} "${c.name}"? The old key stops working at once.`, label: 'Rotate key', back: '/settings/connections' };
      return confirmFirst(ctx, req, body, ask, async () => {
        const out = await this.console.rotate(ctx.auth, c.kind, c.id);
        return redirect('/settings/connections', { secret: { label: `New key of ${KIND_WORDS[c.kind]} "${c.name}"`, key: out.secret, after: 'it is not shown again' } });
      });
    });
  }

  /** A connection the caller may see and act on this way, else a 404 page. */
  private async connection({ auth }: PageContext, kind: string, id: string, action: 'revoke' | 'rotate'): Promise<ConnectionView> {
    const c = (CONNECTION_CONSOLE_KINDS as readonly string[]).includes(kind) ? (await this.console.list(auth)).find((x) => x.kind === kind && x.id === idOf(id)) : undefined;
    if (!c || !c.actions.includes(action)) throw new PageError(404, 'Connection not found.');
    return c;
  }

  private async connectionsPage({ auth, csrf, chrome, flash }: PageContext): Promise<Page> {
    const rows = (await this.console.list(auth)).map((c) => ({
      key: `${c.kind}-${c.id}`,
      path: `/settings/connections/${c.kind}/${c.id}`,
      kind: KIND_LABELS[c.kind],
      name: c.name,
      owner: c.owner?.name ?? '—',
      created: ts(auth, c.createdAt),
      lastUsed: ts(auth, c.lastUsedAt),
      requests: c.requests24h,
      errors: c.errors24h,
      scopes: c.scopes.join(' '),
      state: c.state,
      revoke: c.actions.includes('revoke'),
      rotate: c.actions.includes('rotate'),
    }));
    const intro = isAdmin(auth) ? 'Every connection of the workspace' : 'Your app connections and API keys';
    return pages.render('connections', { chrome, csrf, ...flash, userName: auth.user.fullName || auth.user.email, intro, items: rows });
  }

  // ---- Developers: API keys -----------------------------------------------------------------

  @Get('developers')
  developers(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.developersPage(req, ctx));
  }

  @Post('developers/keys')
  createKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      try {
        const { token, credential } = await this.own.createApiKey(ctx.auth, body.name);
        return redirect('/settings/developers', { secret: { label: `New API key "${credential.name}"`, key: token, after: 'it is not shown again' } });
      } catch (e) {
        if (e instanceof DomainError && e.code === 'invalid') return this.developersPage(req, ctx, { error: e.message, name: field(body, 'name', 100) }, 400);
        throw e;
      }
    });
  }

  @Post('developers/keys/:id/revoke')
  revokeKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const key = (await this.own.apiKeys(ctx.auth)).find((k) => k.id === idOf(id));
      if (!key) throw new PageError(404, 'API key not found.');
      const ask = { title: 'Revoke API key?', question: `Revoke the API key "${key.name || key.prefix}"? Programs using it stop working at once.`, label: 'Revoke key', back: '/settings/developers' };
      return confirmFirst(ctx, req, body, ask, async () => {
        await this.own.revokeApiKey(ctx.auth, key.id);
        return redirect('/settings/developers', { notice: 'Key revoked: it no longer works.' });
      });
    });
  }

  private async developersPage(req: CrmRequest, { auth, csrf, chrome, flash }: PageContext, form: { error?: string; name?: string } = {}, status = 200): Promise<Page> {
    const keys = (await this.own.apiKeys(auth)).map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, created: ts(auth, k.createdAt), lastUsed: ts(auth, k.lastUsedAt) }));
    const view = { chrome, csrf, apiBase: `${linkBaseOf(req)}/api/v1`, ...flash, error: form.error, keys, name: form.name ?? '', max: MAX_API_KEYS };
    return pages.render('developers', view, status);
  }

  // ---- Sessions -----------------------------------------------------------------------------

  @Get('sessions')
  sessions(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.sessionsPage(ctx));
  }

  @Post('sessions/others/signout')
  signOutOthers(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const ask = { title: 'Sign out all other sessions?', question: 'Sign out every other device and app sign-in of yours? This browser stays signed in.', label: 'Sign out other sessions', back: '/settings/sessions' };
      return confirmFirst(ctx, req, body, ask, async () => {
        const n = await this.own.signOutOtherSessions(ctx.auth);
        return redirect('/settings/sessions', { notice: n ? `Signed out ${n} other session${n === 1 ? '' : 's'}.` : 'There were no other sessions.' });
      });
    });
  }

  @Post('sessions/:id/signout')
  signOutSession(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const session = (await this.own.sessions(ctx.auth)).find((s) => s.credential.id === idOf(id));
      if (!session) throw new PageError(404, 'Session not found.');
      const ask = { title: 'End session?', question: `Sign out "${session.credential.name}"${session.current ? ' (this browser)' : ''}?`, label: 'End session', back: '/settings/sessions' };
      return confirmFirst(ctx, req, body, ask, async () => {
        await this.own.signOutSession(ctx.auth, session.credential.id);
        if (!session.current) return redirect('/settings/sessions', { notice: 'Session ended: that device is signed out.' });
        signedOut(this.appCookies, req, res); // this browser's own session
        return redirect('/settings/signedout');
      });
    });
  }

  private async sessionsPage({ auth, csrf, chrome, flash }: PageContext): Promise<Page> {
    const list = await this.own.sessions(auth);
    const items = list.map(({ credential: c, current }) => ({ id: c.id, name: c.name, created: ts(auth, c.createdAt), lastUsed: ts(auth, c.lastUsedAt), current }));
    return pages.render('sessions', { chrome, csrf, notice: flash.notice, items, others: list.some((s) => !s.current) });
  }
}
