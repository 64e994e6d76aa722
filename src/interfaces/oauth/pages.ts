import type { Request, Response } from 'express';
import { SIGN_IN_TEMPLATE, SignInView } from '../../edge/pages/layout.templates';
import { signInError } from '../../edge/pages/layout.text';
import { langOf, visitorLang } from '../../edge/pages/page-lang';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { OAUTH_TEXT, OAuthPageText } from './pages.text';
import { PageRenderer, sendPage } from '../../edge/pages/page-renderer';
import type { SignInPage } from '../../domain/identity/oauth/browser-session.service';
import type { AuthorizeOutcome, ConsentView, SignInAsker } from '../../domain/identity/oauth/oauth-authorize.service';

/** Server-rendered pages of the authorization server (eta, shared layout): no script, phone width, keyboard. */

interface Views {
  consent: Omit<ConsentView, 'scopeWords'> & { csrf: string; hidden: [string, string][] };
  signin: SignInView;
  error: { message: string };
}

const CONSENT = `<% layout('@layout', { title: it.t.allowTitle(it.clientName), narrow: true }) %>
<h1><%= it.t.allowBefore %><strong><%= it.clientName %></strong><%= it.t.allowAfter(it.workspaceName) %></h1>
<% if (it.app.unverifiedDomain) { %><p class="warn"><span class="tag warn"><%= it.t.unverifiedTag %></span> <%= it.t.unverifiedBefore %><strong><%= it.app.unverifiedDomain %></strong><%= it.t.unverifiedAfter %></p>
<% } %><p class="muted"><%= it.t.signedInBefore(it.userName, it.workspaceName) %><strong><%= it.redirectDomain %></strong><%= it.t.signedInAfter %></p>
<p><%= it.t.ableTo %></p><ul><li><%= it.t.scopeRead %></li><% if (it.scopes.includes('crm.write')) { %><li><%= it.t.scopeWrite %></li><% } %></ul>
<p class="muted"><%= it.t.scopesLine(it.scopes.join(' ')) %></p>
<form method="post" action="/oauth/authorize"><% for (const [k, v] of it.hidden) { %><input type="hidden" name="<%= k %>" value="<%= v %>"><% } %><input type="hidden" name="csrf" value="<%= it.csrf %>">
<button class="primary" type="submit" name="decision" value="allow"><%= it.t.allow %></button>
<button type="submit" name="decision" value="deny"><%= it.t.deny %></button></form>
`;

const ERROR = `<% layout('@layout', { title: it.t.errorTitle, narrow: true }) %>
<h1><%= it.t.errorHeading %></h1><p class="error" role="alert"><%= it.message %></p><p class="muted"><%= it.t.errorClose %></p>
`;

const pages = new PageRenderer<Views, OAuthPageText>({ consent: CONSENT, signin: SIGN_IN_TEMPLATE, error: ERROR }, OAUTH_TEXT);

/**
 * Writes an authorization outcome: a redirect, the sign-in redirect, the consent page (in the signed-in
 * user's language) or an error page (in the browser's, else the workspace's: the request names no user).
 */
export function writeOutcome(req: Request, res: Response, ws: Workspace, out: AuthorizeOutcome, csrf: () => string): void {
  if (out.kind === 'redirect') return res.redirect(302, out.url);
  if (out.kind === 'signin') return res.redirect(302, `/oauth/signin?return_to=${encodeURIComponent(out.returnTo)}`);
  if (out.kind === 'consent') {
    const hidden = Object.entries(out.view.params).map(([k, v]): [string, string] => [k, v ?? '']);
    const lang = langOf(out.view.userLocale ?? ws.app.locale);
    return sendPage(req, res, pages.render(lang, 'consent', { ...out.view, csrf: csrf(), hidden }), { formActionOrigin: out.view.redirectOrigin });
  }
  sendPage(req, res, pages.render(visitorLang(req, ws), 'error', { message: out.message }, 400));
}

/** The sign-in page in the visitor's language (the browser's, else the workspace's). */
export function writeSignIn(req: Request, res: Response, ws: Workspace, page: SignInPage & SignInAsker, csrf: string): void {
  const lang = visitorLang(req, ws);
  const view: SignInView = {
    heading: OAUTH_TEXT[lang].signInHeading,
    action: '/oauth/signin',
    csrf,
    returnTo: page.returnTo,
    username: page.username,
    pending: page.pending,
    error: signInError(lang, page.error),
    workspaceName: page.workspaceName,
    app: page.app,
  };
  sendPage(req, res, pages.render(lang, 'signin', view, page.error ? 400 : 200));
}
