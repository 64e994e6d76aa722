import type { Request, Response } from 'express';
import { SIGN_IN_TEMPLATE, SignInView } from '../../edge/pages/layout.templates';
import { PageRenderer, sendPage } from '../../edge/pages/page-renderer';
import type { SignInPage } from '../../domain/identity/oauth/browser-session.service';
import type { AuthorizeOutcome, ConsentView, SignInAsker } from '../../domain/identity/oauth/oauth-authorize.service';

/** Server-rendered pages of the authorization server (eta, shared layout): no script, phone width, keyboard. */

interface Views {
  consent: ConsentView & { csrf: string; hidden: [string, string][] };
  signin: SignInView;
  error: { message: string };
}

const CONSENT = `<% layout('@layout', { title: 'Allow ' + it.clientName + '?', narrow: true }) %>
<h1>Allow <strong><%= it.clientName %></strong> to use your CRM account in <%= it.workspaceName %>?</h1>
<% if (it.app.unverifiedDomain) { %><p class="warn"><span class="tag warn">Unverified app</span> This app registered itself: its name is its own claim, checked by no one. It belongs to <strong><%= it.app.unverifiedDomain %></strong>. Allow it only if you trust that site.</p>
<% } %><p class="muted">Signed in as <%= it.userName %> in <%= it.workspaceName %>. After you decide you go back to <strong><%= it.redirectDomain %></strong>.</p>
<p>The app will be able to:</p><ul><% for (const w of it.scopeWords) { %><li><%= w %></li><% } %></ul>
<p class="muted">Scopes: <%= it.scopes.join(' ') %>. You can remove access at any time in App connections.</p>
<form method="post" action="/oauth/authorize"><% for (const [k, v] of it.hidden) { %><input type="hidden" name="<%= k %>" value="<%= v %>"><% } %><input type="hidden" name="csrf" value="<%= it.csrf %>">
<button class="primary" type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></form>
`;

const ERROR = `<% layout('@layout', { title: 'Cannot continue', narrow: true }) %>
<h1>This request cannot continue</h1><p class="error" role="alert"><%= it.message %></p><p class="muted">Close this window and try again from the app.</p>
`;

const pages = new PageRenderer<Views>({ consent: CONSENT, signin: SIGN_IN_TEMPLATE, error: ERROR });

/** Writes an authorization outcome: a redirect, the sign-in redirect, the consent page or an error page. */
export function writeOutcome(req: Request, res: Response, out: AuthorizeOutcome, csrf: () => string): void {
  if (out.kind === 'redirect') return res.redirect(302, out.url);
  if (out.kind === 'signin') return res.redirect(302, `/oauth/signin?return_to=${encodeURIComponent(out.returnTo)}`);
  if (out.kind === 'consent') {
    const hidden = Object.entries(out.view.params).map(([k, v]): [string, string] => [k, v ?? '']);
    return sendPage(req, res, pages.render('consent', { ...out.view, csrf: csrf(), hidden }), { formActionOrigin: out.view.redirectOrigin });
  }
  sendPage(req, res, pages.render('error', { message: out.message }, 400));
}

export function writeSignIn(req: Request, res: Response, page: SignInPage & SignInAsker, csrf: string): void {
  const view: SignInView = {
    heading: 'Sign in to continue',
    action: '/oauth/signin',
    csrf,
    returnTo: page.returnTo,
    username: page.username,
    pending: page.pending,
    error: page.error,
    workspaceName: page.workspaceName,
    app: page.app,
  };
  sendPage(req, res, pages.render('signin', view, page.error ? 400 : 200));
}
