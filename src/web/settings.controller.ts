import { Body, Controller, Get, Ip, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError } from '../common/errors';
import type { CrmRequest } from '../common/http/crm-request';
import { formatTimestamp } from '../common/time';
import { WebhooksService } from '../crm/integrations/webhooks.service';
import { ErpConnectionService } from '../crm/orders/erp-connection.service';
import { SUBSCRIBABLE_EVENTS } from '../events/webhooks/event-kinds';
import type { UserContext } from '../identity/auth/auth-context';
import { CurrentWorkspace, Public } from '../identity/auth/auth.decorator';
import { CredentialsService } from '../identity/credentials.service';
import { BrowserSessionService } from '../identity/oauth/browser-session.service';
import { OAuthService } from '../identity/oauth/oauth.service';
import { UserDirectoryService } from '../identity/user-directory.service';
import type { Workspace } from '../workspace/workspace.entity';
import { CSRF_COOKIE, SESSION_COOKIE, cookieOf, csrfNonce, esc, layout, postButton, send, setSession, settingsReturnTo } from './html';

type Form = Record<string, unknown>;
const CSRF_PURPOSE = 'settings';

/** Thrown by a page handler: render this status and message. */
class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const idOf = (raw: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) throw new PageError(404, 'Not found.');
  return Number(raw);
};

const ts = (auth: UserContext, d: Date | null | undefined): string => formatTimestamp(d, auth.workspace.timezone) ?? '—';

/** scheme://host/api/scim/v2 of this workspace, as the identity provider must call it. */
function scimBaseUrl(req: CrmRequest): string {
  return `${req.protocol}://${(req.get('host') ?? 'localhost').replace(/[^A-Za-z0-9.:[\]-]/g, '')}/api/scim/v2`;
}

/** scheme://host/api/erp/v1 of this workspace, as the ERP must call it. */
function erpBaseUrl(req: CrmRequest): string {
  return `${req.protocol}://${(req.get('host') ?? 'localhost').replace(/[^A-Za-z0-9.:[\]-]/g, '')}/api/erp/v1`;
}

/**
 * Server-rendered settings pages (App connections for every user; Apps/webhooks, SCIM and ERP for admins).
 * Browser session cookie + signed double-submit CSRF (BrowserSessionService); no script; no-store.
 * Not part of the REST API: excluded from OpenAPI.
 */
@ApiExcludeController()
@Public()
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly browser: BrowserSessionService,
    private readonly oauth: OAuthService,
    private readonly webhooks: WebhooksService,
    private readonly directory: UserDirectoryService,
    private readonly credentials: CredentialsService,
    private readonly erp: ErpConnectionService,
  ) {}

  // ---- sign-in ------------------------------------------------------------------------------

  @Get('signin')
  signInForm(@Req() req: CrmRequest, @Res() res: Response) {
    const page = this.browser.signInPage(csrfNonce(req, res), undefined);
    send(res, 200, signInHtml(page.csrf, settingsReturnTo(req.query.return_to), '', ''));
  }

  @Post('signin')
  async signIn(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Ip() ip: string) {
    const form = body ?? {};
    const returnTo = settingsReturnTo(form.return_to);
    const out = await this.browser.signIn(ws, form, cookieOf(req, CSRF_COOKIE), ip);
    if (out.kind === 'page') return send(res, 400, signInHtml(out.csrf, returnTo, out.username, out.error ?? '', out.otp));
    setSession(req, res, out.sessionToken);
    res.redirect(303, returnTo);
  }

  @Post('signout')
  signOut(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.handle(ws, req, res, body, async (auth) => {
      await this.credentials.logout(ws.id, auth.credential, auth.user.id);
      return layout('Signed out', '<h1>Signed out</h1><p><a href="/settings/signin">Sign in again</a></p>', false);
    });
  }

  // ---- App connections (any user) -----------------------------------------------------------

  @Get('connections')
  connections(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.handle(ws, req, res, null, (auth, csrf) => this.connectionsPage(auth, csrf));
  }

  @Post('connections/:id/remove')
  removeConnection(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.handle(ws, req, res, body, async (auth, csrf) => {
      await this.oauth.removeGrant(auth, idOf(id));
      return this.connectionsPage(auth, csrf, 'Access removed: every token of the app is revoked.');
    });
  }

  private async connectionsPage(auth: UserContext, csrf: string, notice = ''): Promise<string> {
    const { items } = await this.oauth.grants(auth, { limit: 200 });
    const rows = items
      .map(
        ({ grant: g, scopeWords }) =>
          `<tr><td>${esc(g.clientName)}</td><td>${esc(g.scopes.join(' '))}<div class="muted">${esc(scopeWords.join(', '))}</div></td><td>${esc(ts(auth, g.lastUsedAt))}</td><td>${g.callCount}</td><td>${postButton(`/settings/connections/${g.id}/remove`, csrf, 'Remove')}</td></tr>`,
      )
      .join('');
    return layout(
      'App connections',
      `<h1>App connections</h1>${noticeHtml(notice)}<p class="muted">Signed in as ${esc(auth.user.fullName || auth.user.email)}. Apps you allowed to use your CRM account.</p>
${items.length ? `<table><thead><tr><th>App</th><th>Scope</th><th>Last used</th><th>Calls</th><th></th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No apps are connected.</p>'}`,
    );
  }

  // ---- Apps: webhook connections (admins) ---------------------------------------------------

  @Get('apps')
  apps(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.handle(ws, req, res, null, (auth, csrf) => this.appsPage(auth, csrf));
  }

  @Post('apps')
  createApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.handle(ws, req, res, body, async (auth, csrf) => {
      const raw = body.events;
      const events = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((e): e is string => typeof e === 'string');
      try {
        const r = await this.webhooks.create(auth, { url: typeof body.url === 'string' ? body.url : undefined, events });
        return this.appsPage(auth, csrf, { key: r.signingKey, label: `Signing key of ${r.connection.url}` });
      } catch (e) {
        if (e instanceof DomainError && e.code === 'invalid') return this.appsPage(auth, csrf, { error: e.message });
        throw e;
      }
    });
  }

  @Post('apps/:id/rotate')
  rotateApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.handle(ws, req, res, body, async (auth, csrf) => {
      const r = await this.webhooks.rotate(auth, idOf(id));
      return this.appsPage(auth, csrf, { key: r.signingKey, label: `New signing key of ${r.connection.url}` });
    });
  }

  @Post('apps/:id/test')
  testApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.handle(ws, req, res, body, async (auth, csrf) => {
      await this.webhooks.test(auth, idOf(id));
      return this.appsPage(auth, csrf, { notice: 'Test delivery queued; its result shows in the delivery log.' });
    });
  }

  @Get('apps/:id/deliveries')
  deliveries(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.handle(ws, req, res, null, (auth, csrf) => this.deliveriesPage(auth, csrf, idOf(id)));
  }

  @Post('apps/:id/deliveries/:deliveryId/resend')
  resend(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string, @Param('deliveryId') deliveryId: string) {
    return this.handle(ws, req, res, body, async (auth, csrf) => {
      await this.webhooks.resend(auth, idOf(id), idOf(deliveryId));
      return this.deliveriesPage(auth, csrf, idOf(id), 'Sent again: the new attempt shows in this log.');
    });
  }

  private async deliveriesPage(auth: UserContext, csrf: string, id: number, notice = ''): Promise<string> {
    {
      const c = await this.webhooks.get(auth, id);
      const items = await this.webhooks.deliveries(auth, c.id);
      const rows = items
        .map(
          (d) =>
            `<tr><td>${esc(ts(auth, d.createdAt))}</td><td>${esc(d.event)}</td><td>${esc(d.status)}</td><td>${d.ok ? 'yes' : 'no'}</td><td>${esc(d.httpStatus ?? '')}</td><td>${esc(d.error ?? '')}</td><td>${esc(d.durationMs ?? '')}</td><td>${postButton(`/settings/apps/${c.id}/deliveries/${d.id}/resend`, csrf, 'Send again')}</td></tr>`,
        )
        .join('');
      return layout(
        'Delivery log',
        `<h1>Delivery log</h1>${noticeHtml(notice)}<p class="muted">${esc(c.url)} — the last ${items.length} deliveries (at most 200).</p>
${items.length ? `<table><thead><tr><th>Created</th><th>Event</th><th>Status</th><th>OK</th><th>HTTP</th><th>Error</th><th>ms</th><th></th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No deliveries yet.</p>'}
<p><a href="/settings/apps">Back to Apps</a></p>`,
      );
    }
  }

  private async appsPage(auth: UserContext, csrf: string, flash: { key?: string | null; label?: string; error?: string; notice?: string } = {}): Promise<string> {
    const list = await this.webhooks.list(auth);
    const rows = list
      .map((c) => {
        const last = c.lastAt ? `${c.lastOk ? 'OK' : 'Failed'} ${esc(c.lastStatus ?? '')} ${esc(c.lastEvent ?? '')} ${esc(ts(auth, c.lastAt))}${c.lastError ? ` — ${esc(c.lastError)}` : ''}` : '—';
        return `<tr><td>${esc(c.url)}</td><td>${esc(c.events.join(', '))}</td><td>${c.active ? 'yes' : 'no'}</td><td>${last}</td><td>${postButton(`/settings/apps/${c.id}/test`, csrf, 'Test')} ${postButton(`/settings/apps/${c.id}/rotate`, csrf, 'Rotate key')} <a href="/settings/apps/${c.id}/deliveries">Delivery log</a></td></tr>`;
      })
      .join('');
    const boxes = SUBSCRIBABLE_EVENTS.map((e) => `<label class="inline"><input type="checkbox" name="events" value="${esc(e)}"> ${esc(e)}</label>`).join(' ');
    const keyBox = flash.key ? `<p role="status"><strong>${esc(flash.label ?? 'Signing key')}</strong> (shown once; copy it now):</p><code class="key">${esc(flash.key)}</code>` : '';
    return layout(
      'Apps',
      `<h1>Apps: webhook connections</h1>${flash.error ? `<p class="error" role="alert">${esc(flash.error)}</p>` : ''}${noticeHtml(flash.notice ?? '')}${keyBox}
${list.length ? `<table><thead><tr><th>URL</th><th>Events</th><th>Active</th><th>Latest result</th><th></th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No webhook connections.</p>'}
<h2>New webhook</h2><form method="post" action="/settings/apps"><input type="hidden" name="csrf" value="${esc(csrf)}">
<label for="url">URL (https)</label><input id="url" name="url" type="url" required>
<fieldset><legend>Events</legend>${boxes}</fieldset><button class="primary" type="submit">Create</button></form>`,
    );
  }

  // ---- SCIM connection (admins) -------------------------------------------------------------

  @Get('scim')
  scim(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.handle(ws, req, res, null, (auth, csrf) => this.scimPage(auth, csrf, scimBaseUrl(req)));
  }

  @Post('scim/key')
  scimKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.handle(ws, req, res, body, async (auth, csrf) => {
      const { token } = await this.directory.rotateKey(auth);
      return this.scimPage(auth, csrf, scimBaseUrl(req), token);
    });
  }

  private async scimPage(auth: UserContext, csrf: string, baseUrl: string, newKey?: string): Promise<string> {
    const { key, operations } = await this.directory.connection(auth);
    const ops = operations
      .map((a) => `<tr><td>${esc(ts(auth, a.at))}</td><td>${esc(a.action)}</td><td>${esc(a.subject ?? '')}</td></tr>`)
      .join('');
    return layout(
      'SCIM',
      `<h1>SCIM provisioning</h1>
${newKey ? `<p role="status"><strong>New SCIM key</strong> (shown once; copy it now; earlier keys are revoked):</p><code class="key">${esc(newKey)}</code>` : ''}
<p>Base URL: <code>${esc(baseUrl)}</code></p>
<p>Key: ${key ? `<code>${esc(key.prefix)}…</code> created ${esc(ts(auth, key.createdAt))}, last used ${esc(ts(auth, key.lastUsedAt))}` : 'none'}</p>
${postButton('/settings/scim/key', csrf, key ? 'Rotate key' : 'Create key', 'primary')}
<h2>Last operations</h2>${operations.length ? `<table><thead><tr><th>At</th><th>Operation</th><th>User</th></tr></thead><tbody>${ops}</tbody></table>` : '<p>No provisioning operations yet.</p>'}`,
    );
  }

  // ---- ERP connection (admins) --------------------------------------------------------------

  @Get('erp')
  erpCard(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.handle(ws, req, res, null, (auth, csrf) => this.erpPage(auth, csrf, erpBaseUrl(req)));
  }

  @Post('erp/key')
  erpKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.handle(ws, req, res, body, async (auth, csrf) => {
      const { token } = await this.erp.rotateKey(auth);
      return this.erpPage(auth, csrf, erpBaseUrl(req), { key: token });
    });
  }

  @Post('erp/revoke')
  erpRevoke(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.handle(ws, req, res, body, async (auth, csrf) => {
      const n = await this.erp.revokeKey(auth);
      return this.erpPage(auth, csrf, erpBaseUrl(req), { notice: n ? `Revoked ${n} ERP key${n === 1 ? '' : 's'}: the ERP can no longer poll.` : 'No active ERP key to revoke.' });
    });
  }

  private async erpPage(auth: UserContext, csrf: string, baseUrl: string, flash: { key?: string; notice?: string } = {}): Promise<string> {
    const { keys, counts, lastPollAt, errors } = await this.erp.connection(auth);
    const keyRows = keys.map((k) => `<tr><td><code>${esc(k.prefix)}…</code></td><td>${esc(ts(auth, k.createdAt))}</td><td>${esc(ts(auth, k.lastUsedAt))}</td></tr>`).join('');
    const errRows = errors
      .map((e) => `<tr><td>${esc(ts(auth, e.updatedAt))}</td><td>${esc(e.orderId)}</td><td>${esc(e.state)}</td><td>${esc(e.attempts)}</td><td>${esc(e.lastError)}</td></tr>`)
      .join('');
    const c = counts;
    return layout(
      'ERP',
      `<h1>ERP connection</h1>${noticeHtml(flash.notice ?? '')}
${flash.key ? `<p role="status"><strong>New ERP key</strong> (shown once; copy it now; earlier keys are revoked):</p><code class="key">${esc(flash.key)}</code>` : ''}
<p>Base URL: <code>${esc(baseUrl)}</code></p>
<h2>Keys</h2>${keys.length ? `<table><thead><tr><th>Prefix</th><th>Created</th><th>Last used</th></tr></thead><tbody>${keyRows}</tbody></table>` : '<p>No active ERP key.</p>'}
<p>${postButton('/settings/erp/key', csrf, keys.length ? 'Rotate key' : 'Create key', 'primary')}${keys.length ? ` ${postButton('/settings/erp/revoke', csrf, 'Revoke all keys')}` : ''}</p>
<h2>Queue</h2><table><thead><tr><th>Waiting</th><th>Claimed</th><th>Retrying</th><th>Failed</th><th>Written</th></tr></thead>
<tbody><tr><td>${c.waiting}</td><td>${c.claimed}</td><td>${c.retrying}</td><td>${c.failed}</td><td>${c.written}</td></tr></tbody></table>
<p>Last poll: ${esc(ts(auth, lastPollAt))}</p>
<h2>Newest errors</h2>${errors.length ? `<table><thead><tr><th>At</th><th>Order</th><th>State</th><th>Attempts</th><th>Error</th></tr></thead><tbody>${errRows}</tbody></table>` : '<p>No errors.</p>'}`,
    );
  }

  // ---- plumbing -----------------------------------------------------------------------------

  /**
   * Resolves the browser session (none → sign-in redirect), checks CSRF on POST (403), renders the page;
   * domain errors become an error page with their status (403 for non-admins, 404 for unknown ids).
   */
  private async handle(ws: Workspace, req: CrmRequest, res: Response, form: Form | null, render: (auth: UserContext, csrf: string) => Promise<string>): Promise<void> {
    const nonce = csrfNonce(req, res);
    const auth = await this.browser.context(ws, cookieOf(req, SESSION_COOKIE));
    if (!auth) {
      if (form) return send(res, 403, errorHtml('Your session has ended. Please sign in again.', 'Signed out'));
      return res.redirect(302, `/settings/signin?return_to=${encodeURIComponent(settingsReturnTo(req.path))}`);
    }
    if (form && !this.browser.csrfValid(nonce, CSRF_PURPOSE, form.csrf)) return send(res, 403, errorHtml('The form expired. Reload the page and try again.', 'Forbidden'));
    try {
      const csrf = this.browser.csrfToken(nonce, CSRF_PURPOSE);
      const page = await render(auth, csrf);
      const html = page.includes('<h1>Signed out</h1>') ? page : page.replace('</main>', `<hr><p class="muted">${postButton('/settings/signout', csrf, 'Sign out')}</p></main>`);
      send(res, /<p class="error" role="alert">/.test(html) && form ? 400 : 200, html);
    } catch (e) {
      if (e instanceof PageError) return send(res, e.status, errorHtml(e.message));
      if (e instanceof DomainError) {
        const status = e.code === 'forbidden' ? 403 : e.status >= 400 && e.status < 500 ? e.status : 400;
        return send(res, status, errorHtml(e.code === 'forbidden' ? 'Only admins can open this page.' : e.message, status === 403 ? 'Forbidden' : 'Cannot continue'));
      }
      throw e;
    }
  }
}

function noticeHtml(notice: string): string {
  return notice ? `<p role="status">${esc(notice)}</p>` : '';
}

function errorHtml(message: string, title = 'Cannot continue'): string {
  return layout(title, `<h1>${esc(title)}</h1><p class="error" role="alert">${esc(message)}</p><p><a href="/settings/connections">Back to settings</a></p>`);
}

function signInHtml(csrf: string, returnTo: string, username: string, error: string, otp = false): string {
  return layout(
    'Sign in',
    `<h1>Sign in to settings</h1>${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/settings/signin"><input type="hidden" name="csrf" value="${esc(csrf)}"><input type="hidden" name="return_to" value="${esc(returnTo)}">
<label for="username">Username or e-mail</label><input id="username" name="username" autocomplete="username" required value="${esc(username)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
${otp ? '<label for="otp">6-digit code</label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required>' : ''}
<button class="primary" type="submit">Sign in</button></form>`,
    false,
  );
}
