import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { SecretBox } from '../../platform/common/crypto';
import { DomainError } from '../../platform/common/errors';
import type { CrmRequest } from '../../edge/crm-request';
import { PageCsrf } from '../../edge/page-csrf';
import { Flash, PageFlash } from '../../edge/pages/page-flash';
import { Page, sendPage } from '../../edge/pages/page-renderer';
import { Lang, pageStamp, userLang, visitorLang } from '../../edge/pages/page-lang';
import type { UserContext } from '../../domain/identity/auth-context';
import { BrowserSessionService } from '../../domain/identity/oauth/browser-session.service';
import { SECRET_BOX } from '../../domain/identity/secret-box.provider';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { Chrome, chrome, cookies, NO_CHROME, pages, settingsCsrf, settingsFlash, settingsReturnTo } from './pages';
import { SETTINGS_MESSAGES, SettingsMessages } from './settings-messages.text';

export type Form = Record<string, unknown>;

/**
 * What a page handler gets: the caller, the CSRF token of its forms, the layout's navigation and, on a
 * GET, the flash of the POST before it; the caller's language (`lang`), the controllers' words in it
 * (`m`) and its way of writing a timestamp (`at`).
 */
export interface PageContext {
  auth: UserContext;
  csrf: string;
  chrome: Chrome;
  flash: Flash;
  lang: Lang;
  m: SettingsMessages;
  at: (d: Date | null | undefined) => string;
}

/** A state-changing request that succeeded: 303 to a page (POST-redirect-GET), with what that page shows once. */
export interface Redirect {
  redirect: string;
  flash?: Flash;
}
export const redirect = (to: string, flash?: Flash): Redirect => ({ redirect: to, flash });

/** A handler's answer: a page (a GET, a form error, a confirm step) or a redirect after a change. */
export type Outcome = Page | Redirect;

/** The error sentences of the dictionary a PageError may name. */
type ErrorKey = 'notFound';

/** Thrown by a page handler: render this status and message (named by its key, worded in the caller's language). */
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
  ) {
    super(key);
  }
}

/** A path id: 1 … 2^31-1, else a 404 page. */
export const idOf = (raw: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) throw new PageError(404, 'notFound');
  return Number(raw);
};

/** A form field as a string ('' when missing or not a string), at most `max` characters. */
export const field = (form: Form | undefined, name: string, max = 2000): string => {
  const v = form?.[name];
  return typeof v === 'string' ? v.slice(0, max) : '';
};

/** A repeated form field (checkboxes) as strings. */
export const fields = (form: Form | undefined, name: string): string[] => {
  const v = form?.[name];
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((e): e is string => typeof e === 'string');
};

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

/** The question of a destructive action's confirm step. */
export interface Ask {
  title: string;
  question: string;
  /** The button that does it (the action is the request's own path). */
  label: string;
  /** Where the way back (the link beside the confirm button) leads. */
  back: string;
}

/**
 * A destructive action asks first, without script: the row's button posts without `confirm`, which
 * answers the confirm page (200, nothing done); its button posts the same form with `confirm=yes`.
 */
export async function confirmFirst(ctx: PageContext, req: CrmRequest, form: Form | undefined, ask: Ask, act: () => Promise<Outcome>): Promise<Outcome> {
  if (field(form, 'confirm') === 'yes') return act();
  return pages.render(ctx.lang, 'confirm', { chrome: ctx.chrome, csrf: ctx.csrf, action: req.path, ...ask });
}

/**
 * The request flow of every signed-in settings page: the browser session (none → sign-in redirect for a
 * GET, 403 page for a state-changing request), CSRF on every state-changing request (csrf-csrf, 403 page),
 * then the page; domain errors become an error page with their status (403 for non-admins, 404 for
 * unknown or foreign ids). Whether a request changes state is decided by its method, never by whether it
 * carried a form: a body-less POST has no parsed body and must not slip past the check.
 * A change answers 303 to a page (POST-redirect-GET); what that page shows once (a notice, a new key)
 * travels in the sealed flash cookie, so a reload neither repeats the change nor shows the key again.
 */
@Injectable()
export class SettingsPages {
  readonly csrf: PageCsrf;
  private readonly flash: PageFlash;

  constructor(
    private readonly browser: BrowserSessionService,
    @Inject(SECRET_BOX) box: SecretBox,
  ) {
    this.csrf = settingsCsrf(box.derive('csrf'));
    this.flash = settingsFlash(box.derive('settings-flash'));
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
    const at = (d: Date | null | undefined) => pageStamp(lang, auth.workspace.timezone, d);
    const ctx: PageContext = { auth, csrf, chrome: chrome(auth, req.path, csrf, lang), flash: changing ? {} : this.flash.take(req, res, session), lang, m, at };
    try {
      const out = await run(ctx);
      if ('redirect' in out) {
        if (out.flash) this.flash.put(req, res, session, out.flash);
        return res.redirect(303, out.redirect);
      }
      sendPage(req, res, out);
    } catch (e) {
      if (e instanceof PageError) return this.error(req, res, lang, ctx.chrome, e.status, m[e.key], m.titleCannotContinue);
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
