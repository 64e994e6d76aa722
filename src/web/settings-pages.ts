import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { SecretBox } from '../common/crypto';
import { DomainError } from '../common/errors';
import type { CrmRequest } from '../common/http/crm-request';
import { PageCsrf } from '../common/http/page-csrf';
import { Page, sendPage } from '../common/http/pages/page-renderer';
import { formatTimestamp } from '../common/time';
import type { UserContext } from '../identity/auth/auth-context';
import { BrowserSessionService } from '../identity/oauth/browser-session.service';
import { SECRET_BOX } from '../identity/secret-box.provider';
import type { Workspace } from '../workspace/workspace.entity';
import { Chrome, chrome, cookies, NO_CHROME, pages, settingsCsrf, settingsReturnTo } from './pages';

export type Form = Record<string, unknown>;

/** What a page handler gets: the caller, the CSRF token of its forms and the layout's navigation. */
export interface PageContext {
  auth: UserContext;
  csrf: string;
  chrome: Chrome;
}

/** Thrown by a page handler: render this status and message. */
export class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A path id: 1 … 2^31-1, else a 404 page. */
export const idOf = (raw: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) throw new PageError(404, 'Not found.');
  return Number(raw);
};

/** A timestamp on a page: workspace local time to the minute, `YYYY-MM-DD HH:mm` (the API keeps the ISO form). */
export const ts = (auth: UserContext, d: Date | null | undefined): string => formatTimestamp(d, auth.workspace.timezone)?.slice(0, 16).replace('T', ' ') ?? '—';

/** GET, HEAD and OPTIONS read; every other method (POST, PUT, PATCH, DELETE, …) changes state. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const changesState = (req: { method: string }): boolean => !SAFE_METHODS.has(req.method.toUpperCase());

/**
 * The request flow of every signed-in settings page: the browser session (none → sign-in redirect for a
 * GET, 403 page for a state-changing request), CSRF on every state-changing request (csrf-csrf, 403 page),
 * then the page; domain errors become an error page with their status (403 for non-admins, 404 for
 * unknown or foreign ids). Whether a request changes state is decided by its method, never by whether it
 * carried a form: a body-less POST has no parsed body and must not slip past the check (issue 16 item 2).
 */
@Injectable()
export class SettingsPages {
  readonly csrf: PageCsrf;

  constructor(
    private readonly browser: BrowserSessionService,
    @Inject(SECRET_BOX) box: SecretBox,
  ) {
    this.csrf = settingsCsrf(box.derive('csrf'));
  }

  async handle(ws: Workspace, req: CrmRequest, res: Response, render: (ctx: PageContext) => Promise<Page>): Promise<void> {
    const changing = changesState(req);
    const auth = await this.browser.context(ws, cookies.session(req));
    if (!auth) {
      if (changing) return this.error(req, res, NO_CHROME, 403, 'Your session has ended. Please sign in again.', 'Signed out');
      return res.redirect(302, `/settings/signin?return_to=${encodeURIComponent(settingsReturnTo(req.path))}`);
    }
    if (changing && !this.csrf.valid(req)) return this.error(req, res, NO_CHROME, 403, 'The form expired. Reload the page and try again.', 'Forbidden');
    const csrf = this.csrf.token(req, res);
    const ctx: PageContext = { auth, csrf, chrome: chrome(auth, req.path, csrf) };
    try {
      sendPage(req, res, await render(ctx));
    } catch (e) {
      if (e instanceof PageError) return this.error(req, res, ctx.chrome, e.status, e.message);
      if (e instanceof DomainError) {
        const status = e.code === 'forbidden' ? 403 : e.status >= 400 && e.status < 500 ? e.status : 400;
        return this.error(req, res, ctx.chrome, status, e.code === 'forbidden' ? 'Only admins can open this page.' : e.message, status === 403 ? 'Forbidden' : 'Cannot continue');
      }
      throw e;
    }
  }

  private error(req: CrmRequest, res: Response, c: Chrome, status: number, message: string, title = 'Cannot continue'): void {
    sendPage(req, res, pages.render('error', { chrome: c, title, message }, status));
  }
}
