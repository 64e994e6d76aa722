import { browserCookies, PageCookieNames } from '../common/http/browser-cookies';
import { PageCsrf } from '../common/http/page-csrf';
import { SIGN_IN_TEMPLATE, SignInView } from '../common/http/pages/layout.templates';
import { PageRenderer } from '../common/http/pages/page-renderer';
import { isAdmin, UserContext } from '../identity/auth/auth-context';
import { SETTINGS_TEMPLATES } from './settings.templates';

/** The settings pages' cookies, all `Path=/settings` (the OAuth pages have their own under /oauth). */
export const SETTINGS_COOKIES: PageCookieNames = { session: 'crm_settings_session', csrf: 'crm_settings_csrf', presession: 'crm_settings_presession' };
export const cookies = browserCookies(SETTINGS_COOKIES, '/settings');
export const settingsCsrf = (secret: string): PageCsrf => new PageCsrf({ cookies: SETTINGS_COOKIES, path: '/settings', signInPath: '/settings/signin', secret });

/** Navigation and sign-out of a signed-in page (null on the error page of an ended session). */
export interface Chrome {
  nav: { href: string; label: string; current: boolean }[] | null;
  signOutCsrf: string | null;
}

const PAGES: { href: string; label: string; admin: boolean }[] = [
  { href: '/settings/connections', label: 'App connections', admin: false },
  { href: '/settings/developers', label: 'Developers', admin: false },
  { href: '/settings/sessions', label: 'Sessions', admin: false },
  { href: '/settings/apps', label: 'Apps', admin: true },
  { href: '/settings/scim', label: 'SCIM', admin: true },
  { href: '/settings/erp', label: 'ERP', admin: true },
];

/** The settings navigation for this user (admin pages only for admins) with the current page marked. */
export function chrome(auth: UserContext, path: string, csrf: string): Chrome {
  const nav = PAGES.filter((p) => !p.admin || isAdmin(auth)).map((p) => ({ href: p.href, label: p.label, current: path === p.href || path.startsWith(`${p.href}/`) }));
  return { nav, signOutCsrf: csrf };
}

export const NO_CHROME: Chrome = { nav: null, signOutCsrf: null };

type Messages = { notice?: string; error?: string };
type Row = Record<string, string | number | boolean>;

export interface SettingsViews {
  signin: SignInView;
  connections: Messages & { chrome: Chrome; csrf: string; userName: string; items: Row[] };
  developers: Messages & { chrome: Chrome; csrf: string; apiBase: string; created: { name: string; key: string } | null; keys: Row[]; name: string; max: number };
  sessions: Messages & { chrome: Chrome; csrf: string; items: Row[]; others: boolean };
  apps: Messages & { chrome: Chrome; csrf: string; shownOnce: { label: string; key: string } | null; items: Row[]; events: readonly string[] };
  deliveries: Messages & { chrome: Chrome; csrf: string; url: string; connectionId: number; items: Row[] };
  scim: { chrome: Chrome; csrf: string; newKey?: string; baseUrl: string; key: Row | null; operations: Row[] };
  erp: Messages & { chrome: Chrome; csrf: string; newKey?: string; baseUrl: string; keys: Row[]; counts: Record<string, number>; lastPoll: string; errors: Row[] };
  error: { chrome: Chrome; title: string; message: string };
  signedOut: Record<string, never>;
}

export const pages = new PageRenderer<SettingsViews>({ signin: SIGN_IN_TEMPLATE, ...SETTINGS_TEMPLATES });

/** A return path after sign-in: only a settings page of this server (no open redirect). */
export function settingsReturnTo(raw: unknown): string {
  return typeof raw === 'string' && /^\/settings\/(connections|developers|sessions|apps|scim|erp)(\/[0-9]{1,10}\/deliveries)?$/.test(raw) ? raw : '/settings/connections';
}
