/**
 * The shared layout and partials of every server-rendered page (eta syntax; `<%= %>` escapes, `<%~ %>`
 * is raw and only ever gets markup rendered by these templates). Embedded as strings so that jest
 * (swc, from src/) and the compiled server (from dist/) load the same templates without a file step:
 * see docs/decisions/server-pages.md, "Templates: eta, embedded as TypeScript strings".
 */

/** One style sheet for all pages; no script anywhere. Allowed by its hash in the pages' CSP. */
export const PAGE_STYLE = [
  '*,*::before,*::after{box-sizing:border-box}',
  'body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330;line-height:1.4}',
  'main{max-width:60rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 3px #0002}',
  'main.narrow{max-width:26rem}',
  'h1{font-size:1.3rem;margin-top:0}h2{font-size:1.1rem;margin-top:1.5rem}',
  'label{display:block;margin:.8rem 0 .3rem;font-weight:600}label.inline{display:inline-block;font-weight:400;margin:.2rem 1rem .2rem 0}',
  'input[type=text],input[type=url],input[type=password],input:not([type]){width:100%;padding:.6rem;font-size:1rem;border:1px solid #9aa3b2;border-radius:.3rem}',
  'select{width:100%;padding:.6rem;font-size:1rem;border:1px solid #9aa3b2;border-radius:.3rem;background:#fff}',
  'textarea{width:100%;padding:.6rem;font:.95rem ui-monospace,monospace;border:1px solid #9aa3b2;border-radius:.3rem}',
  'fieldset{border:1px solid #dde;border-radius:.3rem;margin:.8rem 0;min-width:0}',
  'button{font-size:1rem;padding:.4rem 1rem;border-radius:.3rem;border:1px solid #2a4fb0;background:#fff;color:#2a4fb0;cursor:pointer}',
  'button.primary{background:#2a4fb0;color:#fff}main.narrow button{padding:.6rem 1.2rem;margin:1rem .5rem 0 0}',
  '.actions{margin:1rem 0}form.inline{display:inline}form.stack{margin:1rem 0}form.stack button{margin-top:.8rem}',
  'a{color:#1f44a3}',
  'a:focus,button:focus,input:focus,textarea:focus,[tabindex]:focus{outline:3px solid #f0b400;outline-offset:2px}',
  '.error{color:#a4161a;font-weight:600}.muted{color:#566070;font-size:.9rem}',
  '.scroll{overflow-x:auto;max-width:100%}',
  'table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #dde;vertical-align:top}',
  'code{overflow-wrap:anywhere}td code{white-space:nowrap}code.key{display:block;padding:.6rem;background:#fff8d6;border:1px solid #f0b400;word-break:break-all}',
  'nav{display:flex;flex-wrap:wrap;gap:.4rem 1rem;margin-bottom:1rem}nav a[aria-current=page]{font-weight:700;text-decoration:none}',
  '.tag{display:inline-block;padding:0 .4rem;border-radius:.3rem;background:#e6ecfa;color:#1d2330;font-size:.85rem}',
  'button.danger{border-color:#a4161a;color:#a4161a}button.danger.primary{background:#a4161a;color:#fff}',
  '.row-actions{display:flex;flex-wrap:wrap;gap:.4rem .8rem;align-items:center}.wrap{overflow-wrap:anywhere}',
  'dl.pages dt{margin-top:.7rem;font-weight:600}dl.pages dd{margin:.1rem 0 0}',
  '.tag.warn{background:#fde6b3;color:#5c3c00}p.warn{background:#fff4e0;border:1px solid #f0b400;border-radius:.3rem;padding:.5rem .7rem}',
  '@media (max-width:40rem){main{margin:0 auto;border-radius:0;padding:1rem}',
  // on a phone, record tables become one card per row, each cell labelled (no sideways scrolling to reach a button)
  'table.cards thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}',
  'table.cards tr{display:block;padding:.5rem 0;border-bottom:1px solid #dde}table.cards td{display:block;border:0;padding:.15rem 0}',
  'table.cards td[data-label]::before{content:attr(data-label) ": ";font-weight:600}table.cards form.inline{display:block;margin-top:.3rem}}',
].join('\n');

/**
 * it: { lang, t (the page's dictionary, LayoutText and its group's), title, narrow?, nav?: {href,label,current}[] | null, signOutCsrf?: string | null, body }.
 * The settings navigation and the sign-out button are part of the layout; the sign-in and OAuth pages
 * have neither.
 */
const LAYOUT = `<!doctype html><html lang="<%= it.lang %>"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title><%= it.title %></title><style>${PAGE_STYLE}</style></head><body><main<% if (it.narrow) { %> class="narrow"<% } %>>
<% if (it.nav) { %><nav aria-label="<%= it.t.layoutNav %>"><% for (const l of it.nav) { %><a href="<%= l.href %>"<% if (l.current) { %> aria-current="page"<% } %>><%= l.label %></a><% } %></nav>
<% } %><%~ it.body %>
<% if (it.signOutCsrf) { %><hr><div class="actions"><%~ include('@post-button', { action: '/settings/signout', csrf: it.signOutCsrf, label: it.t.layoutSignOut }) %></div>
<% } %></main></body></html>
`;

/** A POST form of one button with the CSRF token. it: { action, csrf, label, cls?, describedBy? } */
const POST_BUTTON = `<form class="inline" method="post" action="<%= it.action %>"><input type="hidden" name="csrf" value="<%= it.csrf %>"><button type="submit"<% if (it.cls) { %> class="<%= it.cls %>"<% } %><% if (it.describedBy) { %> aria-describedby="<%= it.describedBy %>"<% } %>><%= it.label %></button></form>`;

/** The hidden CSRF field of a form. it: { csrf } */
const CSRF_FIELD = `<input type="hidden" name="csrf" value="<%= it.csrf %>">`;

/** A status line, an error alert and a secret shown once, each only when set. it: { notice?, error?, secret?: { label, key, after? } } */
const MESSAGES = `<% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %><% if (it.notice) { %><p role="status"><%= it.notice %></p><% } %><% if (it.secret) { %><%~ include('@shown-once', { ...it.secret, t: it.t }) %><% } %>`;

/** A secret shown once. it: { label, key, after?, t } */
const SHOWN_ONCE = `<p role="status"><strong><%= it.label %></strong> (<%= it.t.shownOnce %><%= it.after ? '; ' + it.after : '' %>):</p><code class="key"><%= it.key %></code>`;

/** The data of the sign-in page (SIGN_IN_TEMPLATE). */
export interface SignInView {
  heading: string;
  action: string;
  csrf: string;
  returnTo: string;
  username: string;
  pending?: string;
  error?: string;
  /** The workspace signed in to (named on the page). */
  workspaceName?: string;
  /** In the OAuth flow: the app asking; `unverifiedDomain` marks a self-registered one. */
  app?: { name: string; unverifiedDomain: string | null };
}

/**
 * The sign-in page of the OAuth flow and of the settings (same fields, labels and button; the tests and
 * password managers rely on them). it: SignInView. It names the workspace and, in the OAuth flow, the app.
 */
export const SIGN_IN_TEMPLATE = `<% layout('@layout', { title: it.workspaceName ? it.t.signInTo(it.workspaceName) : it.t.signInTitle, narrow: true }) %>
<h1><%= it.heading %></h1><% if (it.app) { %><p><strong><%= it.app.name %></strong><% if (it.app.unverifiedDomain) { %> <span class="tag warn"><%= it.t.signInUnverified(it.app.unverifiedDomain) %></span><% } %> <%= it.t.signInAsks %> <strong><%= it.workspaceName %></strong>.</p>
<% } else if (it.workspaceName) { %><p><%= it.t.signInWorkspace %> <strong><%= it.workspaceName %></strong></p>
<% } %><% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %>
<form method="post" action="<%= it.action %>"><input type="hidden" name="csrf" value="<%= it.csrf %>"><input type="hidden" name="return_to" value="<%= it.returnTo %>">
<% if (it.pending) { %><p><%= it.t.signInOtpBefore %><strong><%= it.username %></strong><%= it.t.signInOtpAfter %></p><input type="hidden" name="username" value="<%= it.username %>"><input type="hidden" name="pending" value="<%= it.pending %>">
<label for="otp"><%= it.t.signInOtpLabel %></label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus>
<% } else { %><label for="username"><%= it.t.signInUsername %></label><input id="username" name="username" autocomplete="username" required value="<%= it.username %>"<% if (!it.username) { %> autofocus<% } %>>
<label for="password"><%= it.t.signInPassword %></label><input id="password" name="password" type="password" autocomplete="current-password" required<% if (it.username) { %> autofocus<% } %>>
<% } %><button class="primary" type="submit"><%= it.t.signInSubmit %></button></form>
<% if (!it.pending) { %><p class="muted"><a href="/forgot-password"><%= it.t.signInForgot %></a></p><% } %>
<% if (it.pending) { %><p class="muted"><a href="<%= it.action %><%= it.returnTo ? '?return_to=' + encodeURIComponent(it.returnTo) : '' %>"><%= it.t.signInOther %></a></p><% } %>
`;

export const SHARED_TEMPLATES: Record<string, string> = {
  '@layout': LAYOUT,
  '@post-button': POST_BUTTON,
  '@csrf': CSRF_FIELD,
  '@messages': MESSAGES,
  '@shown-once': SHOWN_ONCE,
};
