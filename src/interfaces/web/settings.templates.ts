/**
 * The settings pages' templates (eta, autoescaped; layout and partials in
 * src/edge/pages/layout.templates.ts). Every page starts with the shared layout and its
 * `chrome` (navigation, sign-out). On a phone, record tables become one card per row (`table.cards`)
 * and the small fixed tables scroll inside their own box (`.scroll`): no page scrolls sideways at 390 px.
 * The settings screens that change things are the web app's (web/src); what stays here is the landing page,
 * the error page and "Signed out". Data shapes: SettingsViews in pages.ts. Every word
 * comes from `it.t`, the page's language's dictionary (settings.text.ts).
 */

/** The landing page `/settings` (the web app's "Settings" link): the pages this user may open, with what each is for. */
const OVERVIEW = `<% layout('@layout', { ...it.chrome, title: it.t.overviewTitle }) %>
<h1><%= it.t.overviewTitle %></h1><p class="muted"><%= it.t.signedInAs(it.userName) %><% if (it.admin) { %><%= it.t.overviewAdmin %><% } %>.<% if (it.mailbox) { %> <%= it.t.overviewMailbox %> <a href="/mail/settings"><%= it.t.overviewMailboxLink %></a>.<% } %></p>
<h2><%= it.t.overviewMine %></h2><dl class="pages"><% for (const p of it.mine) { %><dt><a href="<%= p.href %>"><%= p.label %></a></dt><dd class="muted"><%= p.about %></dd><% } %></dl>
<% if (it.workspace.length) { %><h2><%= it.t.overviewWorkspace %></h2><dl class="pages"><% for (const p of it.workspace) { %><dt><a href="<%= p.href %>"><%= p.label %></a></dt><dd class="muted"><%= p.about %></dd><% } %></dl>
<% } %><p><a href="/"><%= it.t.overviewBack %></a></p>
`;

const ERROR = `<% layout('@layout', { ...it.chrome, title: it.title }) %>
<h1><%= it.title %></h1><p class="error" role="alert"><%= it.message %></p><p><a href="/settings"><%= it.t.errorBack %></a></p>
`;

const SIGNED_OUT = `<% layout('@layout', { title: it.t.signedOutTitle, narrow: true }) %>
<h1><%= it.t.signedOutTitle %></h1><p><a href="/settings/signin"><%= it.t.signInAgain %></a></p>
`;

export const SETTINGS_TEMPLATES = {
  overview: OVERVIEW,
  error: ERROR,
  signedOut: SIGNED_OUT,
};
