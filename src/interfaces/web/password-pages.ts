import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { SecretBox } from '../../platform/common/crypto';
import { DomainError } from '../../platform/common/errors';
import type { CrmRequest } from '../../edge/crm-request';
import { PageCsrf } from '../../edge/page-csrf';
import { PageRenderer, sendPage } from '../../edge/pages/page-renderer';
import { browserDeviceName } from '../../domain/identity/device-name';
import { InvitationsService, LINK_PATH, LinkState, RESET_MINUTES } from '../../domain/identity/invitations.service';
import type { PasswordLinkPurpose } from '../../domain/identity/invitation.entity';
import { LoginService } from '../../domain/identity/login.service';
import { PASSWORD_MAX } from '../../domain/identity/password';
import { SECRET_BOX } from '../../domain/identity/secret-box.provider';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { PASSWORD_TEMPLATES } from './password.templates';
import { PASSWORD_TEXT, PasswordText } from './password.text';
import { LAYOUT_TEXT, LayoutText } from '../../edge/pages/layout.text';
import { Lang, visitorLang } from '../../edge/pages/page-lang';
import { signedIn } from './pages';
import { ApiSessionCookies } from '../../edge/api-session';

type Form = Record<string, unknown>;

interface PasswordViews {
  setPassword: { heading: string; intro: { before: string; workspace: string; after: string }; username: string; action: string; token: string; csrf: string; error?: string };
  linkError: { title: string; message: string };
  forgot: { csrf: string; login: string; error?: string; notice?: string };
  forgotSent: { minutes: number };
}

/** The password pages' dictionary per language: the layout's words and password.text.ts. */
export type PasswordPageText = LayoutText & PasswordText;
export const PASSWORD_PAGE_TEXT: Record<Lang, PasswordPageText> = { en: { ...LAYOUT_TEXT.en, ...PASSWORD_TEXT.en }, tr: { ...LAYOUT_TEXT.tr, ...PASSWORD_TEXT.tr } };

const pages = new PageRenderer<PasswordViews, PasswordPageText>(PASSWORD_TEMPLATES, PASSWORD_PAGE_TEXT);

/** Where a signed-in browser lands (the settings sign-in's default). */
const SIGNED_IN_HOME = '/settings/connections';
const FORGOT_PATH = '/forgot-password';

/** The heading and greeting of a link's page, by its purpose. */
const WORDS: Record<PasswordLinkPurpose, (t: PasswordText, workspace: string, name: string) => Pick<PasswordViews['setPassword'], 'heading' | 'intro'>> = {
  invitation: (t, workspace, name) => ({ heading: t.invitationHeading, intro: t.invitationIntro(workspace, name) }),
  reset: (t, workspace, name) => ({ heading: t.resetHeading, intro: t.resetIntro(workspace, name) }),
};

/**
 * Each page of signed-out visitors is its own CSRF group (csrf-csrf, bound to a random pre-session
 * cookie scoped to the page's path), like the sign-in forms: the forms are posted before there is a session.
 */
function csrfAt(path: string, secret: string): PageCsrf {
  const id = path.slice(1).replace(/-/g, '_');
  return new PageCsrf({ cookies: { session: `crm_${id}_session`, csrf: `crm_${id}_csrf`, presession: `crm_${id}_pre` }, path, signInPath: path, secret });
}

/** A link's page speaks the language of the user it is for (their own choice), else the browser's, else the workspace's. */
const linkLang = (req: CrmRequest, ws: Workspace, state: Extract<LinkState, { state: 'valid' }>): Lang => visitorLang(req, ws, state.user.locale);

const str = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * The password pages of signed-out visitors: the set-password page of invitation links (`/invite`) and
 * reset links (`/reset-password`), which sets the password with InvitationsService.accept (the same
 * domain call as POST /api/v1/invitations/accept) and signs the browser in to the settings; and
 * "forgot password" (`/forgot-password`). Bad links get a page of their own: 400 for a token never
 * issued, 410 for a used or expired one (docs/decisions/auth-and-oauth.md, "Password links").
 */
@Injectable()
export class PasswordPages {
  private readonly csrf: Record<string, PageCsrf>;

  constructor(
    private readonly invitations: InvitationsService,
    private readonly login: LoginService,
    private readonly appCookies: ApiSessionCookies,
    @Inject(SECRET_BOX) box: SecretBox,
  ) {
    const secret = box.derive('csrf');
    this.csrf = Object.fromEntries([LINK_PATH.invitation, LINK_PATH.reset, FORGOT_PATH].map((p) => [p, csrfAt(p, secret)]));
  }

  /** GET of a link: the form, or the page saying why the link does not work. */
  async showLink(ws: Workspace, req: CrmRequest, res: Response): Promise<void> {
    const token = str(req.query.token, 200);
    const state = await this.invitations.linkState(ws, token);
    if (state.state !== 'valid') return this.linkError(req, res, visitorLang(req, ws), state);
    this.setPasswordForm(ws, req, res, token, state);
  }

  /** POST of the set-password form: the password set, the browser signed in, 303 to the settings. */
  async setPassword(ws: Workspace, req: CrmRequest, res: Response, body: Form | undefined): Promise<void> {
    const form = body ?? {};
    const token = str(form.token, 200);
    const state = await this.invitations.linkState(ws, token);
    if (state.state !== 'valid') return this.linkError(req, res, visitorLang(req, ws), state);
    const t = PASSWORD_TEXT[linkLang(req, ws, state)];
    const again = (error: string, status = 400) => this.setPasswordForm(ws, req, res, token, state, error, status);
    if (!this.csrfOf(req).valid(req)) return again(t.formExpiredPassword, 403);
    const password = str(form.password, PASSWORD_MAX + 1);
    if (password !== str(form.confirm, PASSWORD_MAX + 1)) return again(t.notSame);
    let user;
    try {
      user = await this.invitations.accept(ws, token, password);
    } catch (e) {
      if (e instanceof DomainError && e.code === 'invalid' && e.extra.field === 'password') return again(t.passwordRefused(e.message.replace(/^password: /, '')));
      if (e instanceof DomainError && (e.code === 'invalid' || e.code === 'inactive')) return this.linkError(req, res, linkLang(req, ws, state), await this.invitations.linkState(ws, token));
      throw e;
    }
    const session = await this.login.signInAfterPasswordLink(ws, user, browserDeviceName(req.headers['user-agent'], 'settings'));
    if (!session) return res.redirect(303, `/settings/signin?return_to=${encodeURIComponent(SIGNED_IN_HOME)}`);
    signedIn(this.appCookies, req, res, session);
    res.redirect(303, SIGNED_IN_HOME);
  }

  forgotForm(ws: Workspace, req: CrmRequest, res: Response): void {
    sendPage(req, res, pages.render(visitorLang(req, ws), 'forgot', { csrf: this.csrfOf(req).token(req, res), login: '' }));
  }

  /** POST of "forgot password": the same answer whether or not the name is known. */
  async forgot(ws: Workspace, req: CrmRequest, res: Response, body: Form | undefined, ip: string | undefined): Promise<void> {
    const login = str(body?.login, 254);
    const lang = visitorLang(req, ws);
    const form = (error: string, status: number) => sendPage(req, res, pages.render(lang, 'forgot', { csrf: this.csrfOf(req).token(req, res), login, error }, status));
    if (!this.csrfOf(req).valid(req)) return form(PASSWORD_TEXT[lang].formExpiredForgot, 403);
    try {
      await this.invitations.requestReset(ws, login, ip);
    } catch (e) {
      if (!(e instanceof DomainError && e.code === 'rate_limited')) throw e;
      if (e.retryAfter) res.setHeader('Retry-After', String(e.retryAfter));
      return form(PASSWORD_TEXT[lang].tooManyAttempts, 429);
    }
    sendPage(req, res, pages.render(lang, 'forgotSent', { minutes: RESET_MINUTES }));
  }

  private setPasswordForm(ws: Workspace, req: CrmRequest, res: Response, token: string, state: Extract<LinkState, { state: 'valid' }>, error?: string, status = 200): void {
    const lang = linkLang(req, ws, state);
    const view = {
      ...WORDS[state.purpose](PASSWORD_TEXT[lang], ws.name, state.user.fullName),
      username: state.user.username,
      action: LINK_PATH[state.purpose],
      token,
      csrf: this.csrfOf(req).token(req, res),
      error,
    };
    sendPage(req, res, pages.render(lang, 'setPassword', view, status));
  }

  /** A link that does not work: in the browser's language (the link names no user any more), or the user's when known. */
  private linkError(req: CrmRequest, res: Response, lang: Lang, state: LinkState): void {
    const t = PASSWORD_TEXT[lang];
    const page =
      state.state === 'unknown'
        ? { title: t.linkBroken, message: t.linkUnknown, status: 400 }
        : state.state === 'inactive'
          ? { title: t.linkBroken, message: t.linkInactive, status: 410 }
          : { title: t.linkExpired, message: t.linkSpent, status: 410 };
    sendPage(req, res, pages.render(lang, 'linkError', page, page.status));
  }

  private csrfOf(req: CrmRequest): PageCsrf {
    return this.csrf[req.path] ?? this.csrf[FORGOT_PATH]!;
  }
}
