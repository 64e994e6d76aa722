import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { SecretBox } from '../../platform/common/crypto';
import { DomainError } from '../../platform/common/errors';
import type { CrmRequest } from '../../edge/crm-request';
import { PageCsrf } from '../../edge/page-csrf';
import { Page, sendPage } from '../../edge/pages/page-renderer';
import { Lang, userLang, visitorLang } from '../../edge/pages/page-lang';
import type { UserContext } from '../../domain/identity/auth-context';
import { BrowserSessionService } from '../../domain/identity/oauth/browser-session.service';
import { SECRET_BOX } from '../../domain/identity/secret-box.provider';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { Chrome, chrome, cookies, NO_CHROME, pages, settingsCsrf, settingsReturnTo } from './pages';
import { SETTINGS_MESSAGES, SettingsMessages } from './settings-messages.text';

export type Form = Record<string, unknown>;

/**
 * What a page handler gets: the caller, the CSRF token of its forms, the layout's navigation, the caller's
 * language (`lang`), and the controllers' words in it (`m`).
 */
export interface PageContext {
  auth: UserContext;
  csrf: string;
  chrome: Chrome;
  lang: Lang;
  m: SettingsMessages;
}

/** A state-changing request that succeeded: 303 to a page (sign-out's "Signed out"). */
export interface Redirect {
  redirect: string;
}
export const redirect = (to: string): Redirect => ({ redirect: to });

/** A handler's answer: a page, or a redirect after a change. */
export type Outcome = Page | Redirect;

/**
 * A refusal of a service in the caller's language: English shows the service's own sentence; Turkish
 * names the fields of a 400 by their names on the form (`m.fieldNames`, else the API's field name) and
 * says in its own words that the action could not be done otherwise (the services speak English).
 */
export function refusalText(m: SettingsMessages, e: DomainError): string {
  const fieldNames: Record<string, string> = m.fieldNames;
  if (e.code === 'forbidden') return m.adminsOnly;
  if (e.code === 'not_found') return m.notFoundRefusal(e.message);
  if (e.code !== 'invalid') return m.refused(e.message);
  const fields = Array.isArray(e.extra.fields) ? (e.extra.fields as unknown[]).filter((f): f is string => typeof f === 'string') : [];
  const named = fields.map((f) => fieldNames[f] ?? fieldNames[f.split('.')[0]!] ?? f).join(', ');
  return m.invalidFields(named, e.message);
}

/** GET, HEAD and OPTIONS read; every other method (POST, PUT, PATCH, DELETE, …) changes state. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const changesState = (req: { method: string }): boolean => !SAFE_METHODS.has(req.method.toUpperCase());

/**
 * The request flow of every signed-in settings page: the browser session (none → sign-in redirect for a
 * GET, 403 page for a state-changing request), CSRF on every state-changing request (csrf-csrf, 403 page),
 * then the page; domain errors become an error page with their status (403 for non-admins, 404 for
 * unknown or foreign ids). Whether a request changes state is decided by its method, never by whether it
 * carried a form: a body-less POST has no parsed body and must not slip past the check.
 * Sign-out answers 303 to "Signed out" (POST-redirect-GET). The settings screens that change things are the
 * web app's, over /api/v1 (docs/decisions/web-app.md, "Settings in the app").
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

  async handle(ws: Workspace, req: CrmRequest, res: Response, run: (ctx: PageContext) => Promise<Outcome>): Promise<void> {
    const changing = changesState(req);
    const session = cookies.session(req);
    const auth = await this.browser.context(ws, session);
    if (!auth || !session) {
      const lang = visitorLang(req, ws);
      const m = SETTINGS_MESSAGES[lang];
      if (changing) return this.error(req, res, lang, NO_CHROME, 403, m.sessionEnded, m.titleSignedOut);
      return res.redirect(302, `/settings/signin?return_to=${encodeURIComponent(settingsReturnTo(req.path))}`);
    }
    const lang = userLang(auth.user, auth.workspace);
    const m = SETTINGS_MESSAGES[lang];
    if (changing && !this.csrf.valid(req)) return this.error(req, res, lang, NO_CHROME, 403, m.formExpired, m.titleForbidden);
    const csrf = this.csrf.token(req, res);
    const ctx: PageContext = { auth, csrf, chrome: chrome(auth, req.path, csrf, lang), lang, m };
    try {
      const out = await run(ctx);
      if ('redirect' in out) return res.redirect(303, out.redirect);
      sendPage(req, res, out);
    } catch (e) {
      if (e instanceof DomainError) {
        const status = e.code === 'forbidden' ? 403 : e.status >= 400 && e.status < 500 ? e.status : 400;
        return this.error(req, res, lang, ctx.chrome, status, refusalText(m, e), status === 403 ? m.titleForbidden : m.titleCannotContinue);
      }
      throw e;
    }
  }

  private error(req: CrmRequest, res: Response, lang: Lang, c: Chrome, status: number, message: string, title: string): void {
    sendPage(req, res, pages.render(lang, 'error', { chrome: c, title, message }, status));
  }
}
