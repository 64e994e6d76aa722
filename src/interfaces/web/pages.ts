import type { Request, Response } from 'express';
import { ApiSessionCookies, SESSION_COOKIE } from '../../edge/api-session';
import { browserCookies, cookieFlags, PageCookieNames } from '../../edge/browser-cookies';
import { PageCsrf } from '../../edge/page-csrf';
import { SIGN_IN_TEMPLATE, SignInView } from '../../edge/pages/layout.templates';
import { PageRenderer } from '../../edge/pages/page-renderer';
import { isAdmin, UserContext } from '../../domain/identity/auth-context';
import { SETTINGS_TEMPLATES } from './settings.templates';
import { LAYOUT_TEXT, LayoutText } from '../../edge/pages/layout.text';
import type { Lang } from '../../edge/pages/page-lang';
import { SETTINGS_PAGE_TEXT, SettingsPageText } from './settings.text';
import { SETTINGS_MESSAGES, SettingsMessages } from './settings-messages.text';

/**
 * The settings pages' cookies: the session is the web app's `crm_session` (Path=/, SameSite=Strict: one
 * sign-in covers the app and the settings, signing out of either signs out both; set and cleared only
 * through `signedIn`/`signedOut`); the forms' CSRF and pre-session cookies are `Path=/settings`
 * (the OAuth pages have their own under /oauth).
 */
export const SETTINGS_COOKIES: PageCookieNames = { session: SESSION_COOKIE, sessionAtRoot: true, csrf: 'crm_settings_csrf', presession: 'crm_settings_presession' };
export const cookies = browserCookies(SETTINGS_COOKIES, '/settings');

/** After a sign-in on a settings or password page: the app's session cookies, and the sign-in form's pre-session dropped. */
export function signedIn(app: ApiSessionCookies, req: Request, res: Response, session: { token: string; expiresAt: Date }): void {
  app.set(req, res, session.token, (session.expiresAt.getTime() - Date.now()) / 1000);
  res.clearCookie(SETTINGS_COOKIES.presession, cookieFlags(req, '/settings'));
}

/** After a sign-out: both session cookies of the app cleared. */
export function signedOut(app: ApiSessionCookies, req: Request, res: Response): void {
  app.clear(req, res);
}
export const settingsCsrf = (secret: string): PageCsrf => new PageCsrf({ cookies: SETTINGS_COOKIES, path: '/settings', signInPath: '/settings/signin', secret });

/** Navigation and sign-out of a signed-in page (null on the error page of an ended session). */
export interface Chrome {
  nav: { href: string; label: string; current: boolean }[] | null;
  signOutCsrf: string | null;
}

/** The settings pages: in the navigation and, with what each is for, on the landing page `/settings` (words: settings-messages.text.ts). */
const PAGES: { href: string; label: (m: SettingsMessages) => string; admin: boolean; about: (m: SettingsMessages) => string }[] = [
  { href: '/settings/connections', label: (m) => m.navConnections, admin: false, about: (m) => m.aboutConnections },
  { href: '/settings/developers', label: (m) => m.navDevelopers, admin: false, about: (m) => m.aboutDevelopers },
  { href: '/settings/sessions', label: (m) => m.navSessions, admin: false, about: (m) => m.aboutSessions },
  { href: '/settings/apps', label: (m) => m.navApps, admin: true, about: (m) => m.aboutApps },
  { href: '/settings/scim', label: () => 'SCIM', admin: true, about: (m) => m.aboutScim },
  { href: '/settings/erp', label: () => 'ERP', admin: true, about: (m) => m.aboutErp },
  { href: '/settings/users', label: (m) => m.navUsers, admin: true, about: (m) => m.aboutUsers },
  { href: '/settings/targets', label: (m) => m.navTargets, admin: true, about: (m) => m.aboutTargets },
  // the web app's screen (`/workflows`): listed with the workspace's settings, where admins look for it
  { href: '/workflows', label: (m) => m.navWorkflows, admin: true, about: (m) => m.aboutWorkflows },
];

/** The settings pages this user may open (admin pages only for admins), in navigation order, named in `lang`. */
export const settingsPagesOf = (auth: UserContext, lang: Lang) =>
  PAGES.filter((p) => !p.admin || isAdmin(auth)).map((p) => ({ href: p.href, admin: p.admin, label: p.label(SETTINGS_MESSAGES[lang]), about: p.about(SETTINGS_MESSAGES[lang]) }));

/** The settings navigation for this user, the landing page first, with the current page marked. */
export function chrome(auth: UserContext, path: string, csrf: string, lang: Lang): Chrome {
  const overview = { href: '/settings', label: SETTINGS_MESSAGES[lang].navOverview, current: path === '/settings' || path === '/settings/' };
  const nav = settingsPagesOf(auth, lang).map((p) => ({ href: p.href, label: p.label, current: path === p.href || path.startsWith(`${p.href}/`) }));
  return { nav: [overview, ...nav], signOutCsrf: csrf };
}

export const NO_CHROME: Chrome = { nav: null, signOutCsrf: null };

type Row = Record<string, string | number | boolean>;

export interface SettingsViews {
  signin: SignInView;
  overview: { chrome: Chrome; userName: string; admin: boolean; mailbox: boolean; mine: Row[]; workspace: Row[] };
  error: { chrome: Chrome; title: string; message: string };
  signedOut: Record<string, never>;
}

/** The settings pages' dictionary per language: the layout's words and the templates' (settings.text.ts). */
export type SettingsText = LayoutText & SettingsPageText;
export const SETTINGS_TEXT: Record<Lang, SettingsText> = {
  en: { ...LAYOUT_TEXT.en, ...SETTINGS_PAGE_TEXT.en },
  tr: { ...LAYOUT_TEXT.tr, ...SETTINGS_PAGE_TEXT.tr },
};

export const pages = new PageRenderer<SettingsViews, SettingsText>({ signin: SIGN_IN_TEMPLATE, ...SETTINGS_TEMPLATES }, SETTINGS_TEXT);

/** A return path after sign-in: only a settings page of this server (no open redirect). */
export function settingsReturnTo(raw: unknown): string {
  return typeof raw === 'string' && /^\/settings(\/(connections|developers|sessions|apps|scim|erp|users)(\/[0-9]{1,10}\/(deliveries|edit))?)?$/.test(raw) ? raw : '/settings/connections';
}
