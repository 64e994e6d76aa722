import type { Response } from 'express';
import type { SignInPage } from '../identity/oauth/browser-session.service';
import type { AuthorizeOutcome, ConsentView } from '../identity/oauth/oauth.service';

/** Server-rendered pages of the authorization server: no script, work on a phone and with the keyboard. */

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:26rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.3rem;margin-top:0}label{display:block;margin:.8rem 0 .3rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #9aa3b2;border-radius:.3rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:.3rem;border:1px solid #2a4fb0;margin:1rem .5rem 0 0;cursor:pointer}
button.primary{background:#2a4fb0;color:#fff}button.secondary{background:#fff;color:#2a4fb0}
button:focus,input:focus{outline:3px solid #f0b400;outline-offset:2px}.error{color:#a4161a;font-weight:600}
ul{padding-left:1.2rem}.muted{color:#566070;font-size:.9rem}
@media (max-width:28rem){main{margin:0 auto;border-radius:0;padding:1rem}}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function send(res: Response, status: number, html: string): void {
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.type('html').send(html);
}

export function consentPage(v: ConsentView): string {
  const hidden = Object.entries(v.params)
    .map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val ?? '')}">`)
    .join('');
  return layout(
    `Allow ${v.clientName}?`,
    `<h1>Allow <strong>${esc(v.clientName)}</strong> to use your CRM account?</h1>
<p class="muted">Signed in as ${esc(v.userName)}. After you decide you go back to <strong>${esc(v.redirectDomain)}</strong>.</p>
<p>The app will be able to:</p><ul>${v.scopeWords.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>
<p class="muted">Scopes: ${esc(v.scopes.join(' '))}. You can remove access at any time in App connections.</p>
<form method="post" action="/oauth/authorize">${hidden}<input type="hidden" name="csrf" value="${esc(v.csrf)}">
<button class="primary" type="submit" name="decision" value="allow">Allow</button>
<button class="secondary" type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

export function signInPage(p: SignInPage): string {
  return layout(
    'Sign in',
    `<h1>Sign in to continue</h1>${p.error ? `<p class="error" role="alert">${esc(p.error)}</p>` : ''}
<form method="post" action="/oauth/signin"><input type="hidden" name="csrf" value="${esc(p.csrf)}"><input type="hidden" name="return_to" value="${esc(p.returnTo)}">
<label for="username">Username or e-mail</label><input id="username" name="username" autocomplete="username" required value="${esc(p.username)}"${p.username ? '' : ' autofocus'}>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required${p.username ? ' autofocus' : ''}>
${p.otp ? '<label for="otp">6-digit code</label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required>' : ''}
<button class="primary" type="submit">Sign in</button></form>`,
  );
}

export function errorPage(message: string): string {
  return layout('Cannot continue', `<h1>This request cannot continue</h1><p class="error" role="alert">${esc(message)}</p><p class="muted">Close this window and try again from the app.</p>`);
}

/**
 * Browsers apply CSP `form-action` to the redirects that follow a form POST too (Chromium does): the
 * consent form's answer is a redirect to the app, so this page's policy names the app's origin as well.
 */
function allowFormRedirectTo(res: Response, origin: string): void {
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp !== 'string' || !/^https?:\/\/[^\s;,']+$/.test(origin)) return;
  res.setHeader('Content-Security-Policy', csp.replace(/form-action 'self'/, `form-action 'self' ${origin}`));
}

/** Writes an authorization outcome: a redirect, the sign-in redirect, the consent page or an error page. */
export function writeOutcome(res: Response, out: AuthorizeOutcome): void {
  if (out.kind === 'redirect') return res.redirect(302, out.url);
  if (out.kind === 'signin') return res.redirect(302, `/oauth/signin?return_to=${encodeURIComponent(out.returnTo)}`);
  if (out.kind === 'consent') {
    allowFormRedirectTo(res, out.view.redirectOrigin);
    return send(res, 200, consentPage(out.view));
  }
  send(res, 400, errorPage(out.message));
}

export function writeSignIn(res: Response, page: SignInPage): void {
  send(res, page.error ? 400 : 200, signInPage(page));
}
