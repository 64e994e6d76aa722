import { browserCookies, cookieOf } from '../common/http/browser-cookies';

export const SESSION_COOKIE = 'crm_session';
export const CSRF_COOKIE = 'crm_csrf';

const cookies = browserCookies({ session: SESSION_COOKIE, csrf: CSRF_COOKIE }, '/oauth');
export { cookieOf };
export const csrfNonce = cookies.csrfNonce;
export const setSession = cookies.setSession;
