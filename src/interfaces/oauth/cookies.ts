import { browserCookies, PageCookieNames } from '../../edge/browser-cookies';
import { PageCsrf } from '../../edge/page-csrf';

/** The OAuth pages' cookies, all `Path=/oauth`. */
export const OAUTH_COOKIES: PageCookieNames = { session: 'crm_oauth_session', csrf: 'crm_oauth_csrf', presession: 'crm_oauth_presession' };

export const cookies = browserCookies(OAUTH_COOKIES, '/oauth');

/** CSRF of the sign-in form (bound to the pre-session cookie) and of the consent form (bound to the session). */
export const oauthCsrf = (secret: string): PageCsrf => new PageCsrf({ cookies: OAUTH_COOKIES, path: '/oauth', signInPath: '/oauth/signin', secret });
