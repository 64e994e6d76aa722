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
import { CONNECTION_CONSOLE_KINDS, ConnectionsService, ConnectionView } from '../../domain/crm/connections';
import { pages, settingsPagesOf, settingsReturnTo, signedIn, signedOut } from './pages';
import { visitorLang } from '../../edge/pages/page-lang';
import { signInError } from '../../edge/pages/layout.text';
import { SETTINGS_MESSAGES, SettingsMessages } from './settings-messages.text';
import { ApiSessionCookies } from '../../edge/api-session';
import { linkBaseOf } from '../../edge/base-url';
import { confirmFirst, field, Form, idOf, PageContext, PageError, redirect, refusalText, SettingsPages } from './settings-pages';

/** The names the services give the workspace keys when they issue them (stored; the pages name them per language). */
const STORED_KEY_NAMES: Partial<Record<ConnectionView['kind'], string>> = { erp: 'ERP key', scim: 'SCIM key' };

/** A connection's name on the page: a workspace key's stored English name in the page's words. */
function nameOf(m: SettingsMessages, c: ConnectionView): string {
  const stored = STORED_KEY_NAMES[c.kind];
  return stored && c.name.startsWith(`${stored} (`) ? `${m.consoleKinds[c.kind]}${c.name.slice(stored.length)}` : c.name;
}

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

  // ---- Connections: the console of every connection --------------------------------------

  @Get('connections')
  connections(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.connectionsPage(ctx));
  }

  @Post('connections/:kind/:id/revoke')
  revokeConnection(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('kind') kind: string, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.connection(ctx, kind, id, 'revoke');
      const { m } = ctx;
      const ask = { title: m.askRevokeTitle, question: m.askRevoke(m.consoleWords[c.kind], nameOf(m, c), m.revokeWords[c.kind]), label: m.revoke, back: '/settings/connections' };
      return confirmFirst(ctx, req, body, ask, async () => {
        await this.console.revoke(ctx.auth, c.kind, c.id);
        return redirect('/settings/connections', { notice: m.revoked(nameOf(m, c)) });
      });
    });
  }

  @Post('connections/:kind/:id/rotate')
  rotateConnection(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('kind') kind: string, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.connection(ctx, kind, id, 'rotate');
      const { m } = ctx;
      const ask = { title: m.askRotateTitle, question: m.askRotate(m.consoleWords[c.kind], nameOf(m, c)), label: m.rotateKey, back: '/settings/connections' };
      return confirmFirst(ctx, req, body, ask, async () => {
        const out = await this.console.rotate(ctx.auth, c.kind, c.id);
        return redirect('/settings/connections', { secret: { label: m.newKeyOf(m.consoleWords[c.kind], nameOf(m, c)), key: out.secret, after: m.shownOnceAfter } });
      });
    });
  }

  /** A connection the caller may see and act on this way, else a 404 page. */
  private async connection({ auth }: PageContext, kind: string, id: string, action: 'revoke' | 'rotate'): Promise<ConnectionView> {
    const c = (CONNECTION_CONSOLE_KINDS as readonly string[]).includes(kind) ? (await this.console.list(auth)).find((x) => x.kind === kind && x.id === idOf(id)) : undefined;
    if (!c || !c.actions.includes(action)) throw new PageError(404, 'connectionNotFound');
    return c;
  }

  private async connectionsPage({ auth, csrf, chrome, flash, lang, m, at }: PageContext): Promise<Page> {
    const rows = (await this.console.list(auth)).map((c) => ({
      key: `${c.kind}-${c.id}`,
      path: `/settings/connections/${c.kind}/${c.id}`,
      kind: m.consoleKinds[c.kind],
      name: nameOf(m, c),
      owner: c.owner?.name ?? '—',
      created: at(c.createdAt),
      lastUsed: at(c.lastUsedAt),
      requests: c.requests24h,
      errors: c.errors24h,
      scopes: c.scopes.join(' '),
      state: m.states[c.state],
      failing: c.state === 'failing',
      revoke: c.actions.includes('revoke'),
      rotate: c.actions.includes('rotate'),
    }));
    const intro = isAdmin(auth) ? m.intro.admin : m.intro.user;
    return pages.render(lang, 'connections', { chrome, csrf, ...flash, userName: auth.user.fullName || auth.user.email, intro, items: rows });
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
        return redirect('/settings/developers', { secret: { label: ctx.m.newApiKey(credential.name), key: token, after: ctx.m.shownOnceAfter } });
      } catch (e) {
        if (e instanceof DomainError && e.code === 'invalid') return this.developersPage(req, ctx, { error: refusalText(ctx.m, e), name: field(body, 'name', 100) }, 400);
        throw e;
      }
    });
  }

  @Post('developers/keys/:id/revoke')
  revokeKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const key = (await this.own.apiKeys(ctx.auth)).find((k) => k.id === idOf(id));
      if (!key) throw new PageError(404, 'keyNotFound');
      const { m } = ctx;
      const ask = { title: m.askRevokeKeyTitle, question: m.askRevokeKey(key.name || key.prefix), label: m.revokeKey, back: '/settings/developers' };
      return confirmFirst(ctx, req, body, ask, async () => {
        await this.own.revokeApiKey(ctx.auth, key.id);
        return redirect('/settings/developers', { notice: m.keyRevoked });
      });
    });
  }

  private async developersPage(req: CrmRequest, { auth, csrf, chrome, flash, lang, at }: PageContext, form: { error?: string; name?: string } = {}, status = 200): Promise<Page> {
    const keys = (await this.own.apiKeys(auth)).map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, created: at(k.createdAt), lastUsed: at(k.lastUsedAt) }));
    const view = { chrome, csrf, apiBase: `${linkBaseOf(req)}/api/v1`, ...flash, error: form.error, keys, name: form.name ?? '', max: MAX_API_KEYS };
    return pages.render(lang, 'developers', view, status);
  }

  // ---- Sessions -----------------------------------------------------------------------------

  @Get('sessions')
  sessions(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.sessionsPage(ctx));
  }

  @Post('sessions/others/signout')
  signOutOthers(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const { m } = ctx;
      const ask = { title: m.askOthersTitle, question: m.askOthers, label: m.signOutOthers, back: '/settings/sessions' };
      return confirmFirst(ctx, req, body, ask, async () => {
        const n = await this.own.signOutOtherSessions(ctx.auth);
        return redirect('/settings/sessions', { notice: m.othersSignedOut(n) });
      });
    });
  }

  @Post('sessions/:id/signout')
  signOutSession(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const session = (await this.own.sessions(ctx.auth)).find((s) => s.credential.id === idOf(id));
      if (!session) throw new PageError(404, 'sessionNotFound');
      const { m } = ctx;
      const ask = { title: m.askEndTitle, question: m.askEnd(session.credential.name, session.current), label: m.endSession, back: '/settings/sessions' };
      return confirmFirst(ctx, req, body, ask, async () => {
        await this.own.signOutSession(ctx.auth, session.credential.id);
        if (!session.current) return redirect('/settings/sessions', { notice: m.sessionEndedNotice });
        signedOut(this.appCookies, req, res); // this browser's own session
        return redirect('/settings/signedout');
      });
    });
  }

  private async sessionsPage({ auth, csrf, chrome, flash, lang, at }: PageContext): Promise<Page> {
    const list = await this.own.sessions(auth);
    const items = list.map(({ credential: c, current }) => ({ id: c.id, name: c.name, created: at(c.createdAt), lastUsed: at(c.lastUsedAt), current }));
    return pages.render(lang, 'sessions', { chrome, csrf, notice: flash.notice, items, others: list.some((s) => !s.current) });
  }
}
