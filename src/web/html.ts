import type { Response } from 'express';
import { browserCookies, cookieOf } from '../common/http/browser-cookies';

/** Shared helpers of the server-rendered settings pages (pattern of src/oauth/pages.ts and cookies.ts; no script). */

export const esc = (s: unknown): string =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:60rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.3rem;margin-top:0}label{display:block;margin:.8rem 0 .3rem;font-weight:600}label.inline{display:inline;font-weight:400;margin-right:1rem}
input[type=text],input[type=url],input[type=password],input:not([type]){width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #9aa3b2;border-radius:.3rem}
button{font-size:1rem;padding:.4rem 1rem;border-radius:.3rem;border:1px solid #2a4fb0;background:#fff;color:#2a4fb0;cursor:pointer}
button.primary{background:#2a4fb0;color:#fff}form.inline{display:inline}
button:focus,input:focus,a:focus{outline:3px solid #f0b400;outline-offset:2px}.error{color:#a4161a;font-weight:600}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #dde}
code.key{display:block;padding:.6rem;background:#fff8d6;border:1px solid #f0b400;word-break:break-all}
nav{margin-bottom:1rem}nav a{margin-right:1rem}.muted{color:#566070;font-size:.9rem}
main{overflow-x:auto}@media (max-width:40rem){main{margin:0 auto;border-radius:0;padding:1rem}th,td{padding:.4rem .2rem}button{padding:.4rem .6rem}}`;

export function layout(title: string, body: string, nav = true): string {
  const links = nav ? '<nav><a href="/settings/connections">App connections</a><a href="/settings/apps">Apps</a><a href="/settings/scim">SCIM</a><a href="/settings/erp">ERP</a></nav>' : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${links}${body}</main></body></html>`;
}

export function send(res: Response, status: number, html: string): void {
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
  res.type('html').send(html);
}

/** A POST form with the CSRF token and a submit button. */
export function postButton(action: string, csrf: string, label: string, cls = ''): string {
  return `<form class="inline" method="post" action="${esc(action)}"><input type="hidden" name="csrf" value="${esc(csrf)}"><button type="submit"${cls ? ` class="${cls}"` : ''}>${esc(label)}</button></form>`;
}

export const SESSION_COOKIE = 'crm_settings_session';
export const CSRF_COOKIE = 'crm_settings_csrf';

const cookies = browserCookies({ session: SESSION_COOKIE, csrf: CSRF_COOKIE }, '/settings');
export { cookieOf };
export const csrfNonce = cookies.csrfNonce;
export const setSession = cookies.setSession;

/** A return path after sign-in: only a settings page of this server (no open redirect). */
export function settingsReturnTo(raw: unknown): string {
  return typeof raw === 'string' && /^\/settings\/(connections|apps|scim|erp)(\/[0-9]{1,10}\/deliveries)?$/.test(raw) ? raw : '/settings/connections';
}
