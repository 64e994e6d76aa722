/**
 * The settings pages' templates (eta, autoescaped; layout and partials in
 * src/edge/pages/layout.templates.ts). Every page starts with the shared layout and its
 * `chrome` (navigation, sign-out). On a phone, record tables become one card per row (`table.cards`)
 * and the small fixed tables scroll inside their own box (`.scroll`): no page scrolls sideways at 390 px.
 * Every change posts and is answered with a redirect to the page (POST-redirect-GET); a destructive
 * one posts first to its confirm page (`confirm`). Data shapes: SettingsViews in pages.ts. Every word
 * comes from `it.t`, the page's language's dictionary (settings.text.ts).
 */

/** The landing page `/settings` (the web app's "Settings" link): the pages this user may open, with what each is for. */
const OVERVIEW = `<% layout('@layout', { ...it.chrome, title: it.t.overviewTitle }) %>
<h1><%= it.t.overviewTitle %></h1><p class="muted"><%= it.t.signedInAs(it.userName) %><% if (it.admin) { %><%= it.t.overviewAdmin %><% } %>.<% if (it.mailbox) { %> <%= it.t.overviewMailbox %> <a href="/mail/settings"><%= it.t.overviewMailboxLink %></a>.<% } %></p>
<h2><%= it.t.overviewMine %></h2><dl class="pages"><% for (const p of it.mine) { %><dt><a href="<%= p.href %>"><%= p.label %></a></dt><dd class="muted"><%= p.about %></dd><% } %></dl>
<% if (it.workspace.length) { %><h2><%= it.t.overviewWorkspace %></h2><dl class="pages"><% for (const p of it.workspace) { %><dt><a href="<%= p.href %>"><%= p.label %></a></dt><dd class="muted"><%= p.about %></dd><% } %></dl>
<% } %><p><a href="/"><%= it.t.overviewBack %></a></p>
`;

/** The fields of a connection form (create and edit). it: { form: { url, kind, events, filter, record }, events, kinds?, filterExample, recordKinds, withUrl, t } */
const CONNECTION_FIELDS = `<% if (it.kinds) { %><label for="kind"><%= it.t.colKind %></label><select id="kind" name="kind"><% for (const k of it.kinds) { %><option value="<%= k.value %>"<% if (k.value === it.form.kind) { %> selected<% } %>><%= k.label %></option><% } %></select>
<% } %><% if (it.withUrl) { %><label for="url"><%= it.t.fieldUrl %></label><input id="url" name="url" type="url" maxlength="2000" value="<%= it.form.url %>" aria-describedby="url-hint">
<p class="muted" id="url-hint"><%= it.t.fieldUrlHint %></p>
<% } %><% if (it.recordKinds.length) { %><% if (it.kinds) { %><p class="muted"><%= it.t.recordKindsAbout %></p><% } %>
<% for (const r of it.recordKinds) { %><fieldset><legend><%= r.label %></legend><% for (const f of r.fields) { %><label for="<%= f.id %>"><%= f.label %><% if (!f.required) { %> <%= it.t.optional %><% } %></label><input id="<%= f.id %>" name="<%= f.name %>" maxlength="200" value="<%= it.form.record[f.name] || '' %>" aria-describedby="<%= f.id %>-hint"><p class="muted" id="<%= f.id %>-hint"><%= f.hint %></p>
<% } %></fieldset><% } %><label for="token"><%= it.t.fieldToken %></label><input id="token" name="token" type="password" autocomplete="new-password" maxlength="4096" aria-describedby="token-hint">
<p class="muted" id="token-hint"><%= it.kinds ? it.t.fieldTokenHint : it.t.fieldTokenHintKeep %></p>
<% } %>
<fieldset><legend><%= it.t.colEvents %></legend><% for (const e of it.events) { %><label class="inline"><input type="checkbox" name="events" value="<%= e %>"<% if (it.form.events.includes(e)) { %> checked<% } %>> <%= e %></label> <% } %></fieldset>
<label for="filter"><%= it.t.fieldFilter %></label><textarea id="filter" name="filter" rows="4" maxlength="8000" spellcheck="false" aria-describedby="filter-hint"><%= it.form.filter %></textarea>
<p class="muted" id="filter-hint"><%= it.t.fieldFilterHint %> <code><%= it.filterExample %></code></p>`;

const APPS = `<% layout('@layout', { ...it.chrome, title: it.t.pageApps }) %>
<h1><%= it.t.appsHeading %></h1><%~ include('@messages', it) %>
<% if (it.items.length) { %><table class="cards"><thead><tr><th>URL</th><th><%= it.t.colKind %></th><th><%= it.t.colEvents %></th><th><%= it.t.colActive %></th><th><%= it.t.colLatest %></th><th></th></tr></thead><tbody>
<% for (const c of it.items) { %><tr><td class="wrap" id="conn-<%= c.id %>"><%= c.url %></td><td data-label="<%= it.t.colKind %>"><%= c.kind %></td><td class="wrap" data-label="<%= it.t.colEvents %>"><%= c.events %><% if (c.filter) { %><div class="muted"><%= it.t.filterLabel %> <%= c.filter %></div><% } %></td><td data-label="<%= it.t.colActive %>"><%= c.active ? it.t.yes : it.t.paused %></td><td class="wrap" data-label="<%= it.t.colLatest %>"><%= c.latest %></td>
<td><div class="row-actions"><%~ include('@post-button', { action: '/settings/apps/' + c.id + '/test', csrf: it.csrf, label: it.t.test, describedBy: 'conn-' + c.id }) %><a href="/settings/apps/<%= c.id %>/edit" aria-describedby="conn-<%= c.id %>"><%= it.t.edit %></a><%~ include('@post-button', { action: '/settings/apps/' + c.id + (c.active ? '/pause' : '/resume'), csrf: it.csrf, label: c.active ? it.t.pause : it.t.resume, describedBy: 'conn-' + c.id }) %><% if (c.signed) { %><%~ include('@post-button', { action: '/settings/apps/' + c.id + '/rotate', csrf: it.csrf, label: it.t.rotateKey, describedBy: 'conn-' + c.id }) %><% } %><a href="/settings/apps/<%= c.id %>/deliveries" aria-describedby="conn-<%= c.id %>"><%= it.t.deliveryLog %></a><%~ include('@post-button', { action: '/settings/apps/' + c.id + '/delete', csrf: it.csrf, label: it.t.delete, cls: 'danger', describedBy: 'conn-' + c.id }) %></div>
<form class="row-actions" method="post" action="/settings/apps/<%= c.id %>/replay"><input type="hidden" name="csrf" value="<%= it.csrf %>"><label for="since-<%= c.id %>"><%= it.t.replaySince %></label><input id="since-<%= c.id %>" name="since" type="datetime-local" required aria-describedby="conn-<%= c.id %>"><button type="submit" aria-describedby="conn-<%= c.id %>"><%= it.t.sendAgain %></button></form>
<%~ include('@post-button', { action: '/settings/apps/' + c.id + '/replay/failed', csrf: it.csrf, label: it.t.replayFailed, describedBy: 'conn-' + c.id }) %></td></tr>
<% } %></tbody></table><% } else { %><p><%= it.t.noConnections %></p><% } %>
<h2><%= it.t.appsNew %></h2><form class="stack" method="post" action="/settings/apps"><input type="hidden" name="csrf" value="<%= it.csrf %>">
<%~ include('@connection-fields', it) %><button class="primary" type="submit"><%= it.t.create %></button></form>
`;

const APP_EDIT = `<% layout('@layout', { ...it.chrome, title: it.t.appEditTitle }) %>
<h1><%= it.t.appEditTitle %></h1><%~ include('@messages', it) %><p class="muted"><%= it.t.colKind %>: <%= it.kind %>.<% if (it.signed) { %> <%= it.t.appEditSigned %><% } %></p>
<form class="stack" method="post" action="/settings/apps/<%= it.id %>"><input type="hidden" name="csrf" value="<%= it.csrf %>">
<%~ include('@connection-fields', it) %><button class="primary" type="submit"><%= it.t.save %></button> <a href="/settings/apps"><%= it.t.cancel %></a></form>
`;

const DELIVERIES = `<% layout('@layout', { ...it.chrome, title: it.t.deliveryLog }) %>
<h1><%= it.t.deliveryLog %></h1><%~ include('@messages', it) %><p class="muted wrap"><%= it.url %> — <%= it.t.deliveriesLast(it.items.length) %></p>
<% if (it.items.length) { %><table class="cards"><thead><tr><th><%= it.t.colCreated %></th><th><%= it.t.colEvent %></th><th><%= it.t.colStatus %></th><th><%= it.t.colOk %></th><th>HTTP</th><th><%= it.t.colError %></th><th>ms</th><th></th></tr></thead><tbody>
<% for (const d of it.items) { %><tr><td id="delivery-<%= d.id %>"><%= d.created %></td><td data-label="<%= it.t.colEvent %>"><%= d.event %><% if (d.replay) { %> <%= it.t.replayTag %><% } %></td><td data-label="<%= it.t.colStatus %>"><%= d.status %></td><td data-label="<%= it.t.colOk %>"><%= d.ok ? it.t.yes : it.t.no %></td><td data-label="HTTP"><%= d.http %></td><td class="wrap" data-label="<%= it.t.colError %>"><%= d.error %></td><td data-label="ms"><%= d.ms %></td><td><%~ include('@post-button', { action: '/settings/apps/' + it.connectionId + '/deliveries/' + d.id + '/resend', csrf: it.csrf, label: it.t.sendAgain, describedBy: 'delivery-' + d.id }) %></td></tr>
<% } %></tbody></table><% } else { %><p><%= it.t.deliveriesNone %></p><% } %>
<p><a href="/settings/apps"><%= it.t.deliveriesBack %></a></p>
`;

/** The confirm step of a destructive action: the same POST again with confirm=yes, or back. */
const CONFIRM = `<% layout('@layout', { ...it.chrome, title: it.title }) %>
<h1><%= it.title %></h1><p class="wrap"><%= it.question %></p>
<form class="stack" method="post" action="<%= it.action %>"><input type="hidden" name="csrf" value="<%= it.csrf %>"><input type="hidden" name="confirm" value="yes">
<button class="primary danger" type="submit"><%= it.label %></button> <a href="<%= it.back %>"><%= it.t.cancel %></a></form>
`;

const ERROR = `<% layout('@layout', { ...it.chrome, title: it.title }) %>
<h1><%= it.title %></h1><p class="error" role="alert"><%= it.message %></p><p><a href="/settings"><%= it.t.errorBack %></a></p>
`;

const SIGNED_OUT = `<% layout('@layout', { title: it.t.signedOutTitle, narrow: true }) %>
<h1><%= it.t.signedOutTitle %></h1><p><a href="/settings/signin"><%= it.t.signInAgain %></a></p>
`;

export const SETTINGS_TEMPLATES = {
  overview: OVERVIEW,
  'connection-fields': CONNECTION_FIELDS,
  apps: APPS,
  appEdit: APP_EDIT,
  deliveries: DELIVERIES,
  confirm: CONFIRM,
  error: ERROR,
  signedOut: SIGNED_OUT,
};
