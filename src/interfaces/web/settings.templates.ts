/**
 * The settings pages' templates (eta, autoescaped; layout and partials in
 * src/edge/pages/layout.templates.ts). Every page starts with the shared layout and its
 * `chrome` (navigation, sign-out). On a phone, record tables become one card per row (`table.cards`)
 * and the small fixed tables scroll inside their own box (`.scroll`): no page scrolls sideways at 390 px.
 * Every change posts and is answered with a redirect to the page (POST-redirect-GET); a destructive
 * one posts first to its confirm page (`confirm`). Data shapes: SettingsViews in pages.ts.
 */

/** The landing page `/settings` (the web app's "Settings" link): the pages this user may open, with what each is for. */
const OVERVIEW = `<% layout('@layout', { ...it.chrome, title: 'Settings' }) %>
<h1>Settings</h1><p class="muted">Signed in as <%= it.userName %><% if (it.admin) { %>, an admin of this workspace<% } %>.<% if (it.mailbox) { %> Your e-mail account is set up in the app: <a href="/mail/settings">E-mail account</a>.<% } %></p>
<h2>Your account</h2><dl class="pages"><% for (const p of it.mine) { %><dt><a href="<%= p.href %>"><%= p.label %></a></dt><dd class="muted"><%= p.about %></dd><% } %></dl>
<% if (it.workspace.length) { %><h2>Workspace (admins)</h2><dl class="pages"><% for (const p of it.workspace) { %><dt><a href="<%= p.href %>"><%= p.label %></a></dt><dd class="muted"><%= p.about %></dd><% } %></dl>
<% } %><p><a href="/">Back to the app</a></p>
`;

const CONNECTIONS = `<% layout('@layout', { ...it.chrome, title: 'Connections' }) %>
<h1>Connections</h1><%~ include('@messages', it) %><p class="muted">Signed in as <%= it.userName %>. <%= it.intro %>: use over the last 24 hours (counts up to a minute behind), revoke and rotate.</p>
<% if (it.items.length) { %><div class="scroll" role="region" aria-label="Connections" tabindex="0"><table class="cards"><thead><tr><th>Name</th><th>Kind</th><th>Owner</th><th>Created</th><th>Last used</th><th>Requests (24 h)</th><th>Errors (24 h)</th><th>Scopes</th><th>State</th><th></th></tr></thead><tbody>
<% for (const c of it.items) { %><tr><td class="wrap" id="conn-<%= c.key %>"><%= c.name %></td><td data-label="Kind"><%= c.kind %></td><td data-label="Owner"><%= c.owner %></td><td data-label="Created"><%= c.created %></td><td data-label="Last used"><%= c.lastUsed %></td><td data-label="Requests (24 h)"><%= c.requests %></td><td data-label="Errors (24 h)"><%= c.errors %></td><td class="wrap" data-label="Scopes"><%= c.scopes %></td><td data-label="State"><span class="tag<%= c.state === 'failing' ? ' warn' : '' %>"><%= c.state %></span></td>
<td><div class="row-actions"><% if (c.rotate) { %><%~ include('@post-button', { action: c.path + '/rotate', csrf: it.csrf, label: 'Rotate key', describedBy: 'conn-' + c.key }) %><% } %><% if (c.revoke) { %><%~ include('@post-button', { action: c.path + '/revoke', csrf: it.csrf, label: 'Revoke', cls: 'danger', describedBy: 'conn-' + c.key }) %><% } %></div></td></tr>
<% } %></tbody></table></div><% } else { %><p>No connections.</p><% } %>
`;

const DEVELOPERS = `<% layout('@layout', { ...it.chrome, title: 'Developers' }) %>
<h1>Developers: API keys</h1><%~ include('@messages', it) %>
<% if (it.secret) { %><p class="muted">Use it as <code>Authorization: Bearer &lt;key&gt;</code> on <code><%= it.apiBase %></code>. It acts as you, with your permissions.</p>
<% } %><p class="muted">An API key lets a script or another program use the CRM as you. Revoke a key you no longer use; a revoked key stops working at once.</p>
<h2>Your keys</h2><% if (it.keys.length) { %><div class="scroll" role="region" aria-label="API keys" tabindex="0"><table class="cards"><thead><tr><th>Name</th><th>Key</th><th>Created</th><th>Last used</th><th></th></tr></thead><tbody>
<% for (const k of it.keys) { %><tr><td id="key-<%= k.id %>"><%= k.name || '(no name)' %></td><td data-label="Key"><code><%= k.prefix %>…</code></td><td data-label="Created"><%= k.created %></td><td data-label="Last used"><%= k.lastUsed %></td><td><%~ include('@post-button', { action: '/settings/developers/keys/' + k.id + '/revoke', csrf: it.csrf, label: 'Revoke', describedBy: 'key-' + k.id }) %></td></tr>
<% } %></tbody></table></div><% } else { %><p>You have no API keys.</p><% } %>
<h2>New API key</h2><form class="stack" method="post" action="/settings/developers/keys"><input type="hidden" name="csrf" value="<%= it.csrf %>">
<label for="key-name">Name</label><input id="key-name" name="name" maxlength="100" required aria-describedby="key-name-hint" value="<%= it.name %>">
<p class="muted" id="key-name-hint">What uses the key, e.g. "Nightly export". At most <%= it.max %> active keys.</p>
<button class="primary" type="submit">Create key</button></form>
`;

const SESSIONS = `<% layout('@layout', { ...it.chrome, title: 'Sessions' }) %>
<h1>Sessions</h1><%~ include('@messages', it) %><p class="muted">Where you are signed in: the mobile app, this settings area and app sign-ins. Ending a session signs that device out at once.</p>
<div class="scroll" role="region" aria-label="Sessions" tabindex="0"><table class="cards"><thead><tr><th>Device</th><th>Signed in</th><th>Last used</th><th></th></tr></thead><tbody>
<% for (const s of it.items) { %><tr><td id="session-<%= s.id %>"><%= s.name %><% if (s.current) { %> <span class="tag">This browser</span><% } %></td><td data-label="Signed in"><%= s.created %></td><td data-label="Last used"><%= s.lastUsed %></td><td><% if (!s.current) { %><%~ include('@post-button', { action: '/settings/sessions/' + s.id + '/signout', csrf: it.csrf, label: 'End session', describedBy: 'session-' + s.id }) %><% } %></td></tr>
<% } %></tbody></table></div>
<% if (it.others) { %><div class="actions"><%~ include('@post-button', { action: '/settings/sessions/others/signout', csrf: it.csrf, label: 'Sign out all other sessions', cls: 'primary' }) %></div><% } else { %><p>No other sessions.</p><% } %>
`;

/** The fields of a connection form (create and edit). it: { form: { url, kind, events, filter, record }, events, kinds?, filterExample, recordKinds, withUrl } */
const CONNECTION_FIELDS = `<% if (it.kinds) { %><label for="kind">Kind</label><select id="kind" name="kind"><% for (const k of it.kinds) { %><option value="<%= k.value %>"<% if (k.value === it.form.kind) { %> selected<% } %>><%= k.label %></option><% } %></select>
<% } %><% if (it.withUrl) { %><label for="url">URL (https)</label><input id="url" name="url" type="url" maxlength="2000" value="<%= it.form.url %>" aria-describedby="url-hint">
<p class="muted" id="url-hint">A webhook receives signed JSON; a chat kind takes the channel's incoming-webhook URL (Telegram: the bot's sendMessage URL with chat_id). A record-creation kind takes no URL: fill in its settings below.</p>
<% } %><% if (it.recordKinds.length) { %><% if (it.kinds) { %><p class="muted">Record-creation kinds create a task, card, issue, spreadsheet row or mailing-list contact per event in that product, with your token. Fill in only the settings of the kind you chose.</p><% } %>
<% for (const r of it.recordKinds) { %><fieldset><legend><%= r.label %></legend><% for (const f of r.fields) { %><label for="<%= f.id %>"><%= f.label %><% if (!f.required) { %> (optional)<% } %></label><input id="<%= f.id %>" name="<%= f.name %>" maxlength="200" value="<%= it.form.record[f.name] || '' %>" aria-describedby="<%= f.id %>-hint"><p class="muted" id="<%= f.id %>-hint"><%= f.hint %></p>
<% } %></fieldset><% } %><label for="token">Product token</label><input id="token" name="token" type="password" autocomplete="new-password" maxlength="4096" aria-describedby="token-hint">
<p class="muted" id="token-hint">The product's API token or key. Stored encrypted and never shown again<% if (!it.kinds) { %>; leave empty to keep the stored one<% } %>.</p>
<% } %>
<fieldset><legend>Events</legend><% for (const e of it.events) { %><label class="inline"><input type="checkbox" name="events" value="<%= e %>"<% if (it.form.events.includes(e)) { %> checked<% } %>> <%= e %></label> <% } %></fieldset>
<label for="filter">Filter on the event data (optional)</label><textarea id="filter" name="filter" rows="4" maxlength="8000" spellcheck="false" aria-describedby="filter-hint"><%= it.form.filter %></textarea>
<p class="muted" id="filter-hint">Empty: every event of the selected kinds is sent. Otherwise JSON: only events whose data passes it are sent. Conditions {"field", "op", "value"}: field is a data field (stage, owner.id, customer_id…), op is eq, in (a list of values) or not; "match" is all or any; at most 10 conditions. Example: <code><%= it.filterExample %></code></p>`;

const APPS = `<% layout('@layout', { ...it.chrome, title: 'Apps' }) %>
<h1>Apps: webhook, chat and record-creation connections</h1><%~ include('@messages', it) %>
<% if (it.items.length) { %><table class="cards"><thead><tr><th>URL</th><th>Kind</th><th>Events</th><th>Active</th><th>Latest result</th><th></th></tr></thead><tbody>
<% for (const c of it.items) { %><tr><td class="wrap" id="conn-<%= c.id %>"><%= c.url %></td><td data-label="Kind"><%= c.kind %></td><td class="wrap" data-label="Events"><%= c.events %><% if (c.filter) { %><div class="muted">Filter: <%= c.filter %></div><% } %></td><td data-label="Active"><%= c.active ? 'yes' : 'paused' %></td><td class="wrap" data-label="Latest result"><%= c.latest %></td>
<td><div class="row-actions"><%~ include('@post-button', { action: '/settings/apps/' + c.id + '/test', csrf: it.csrf, label: 'Test', describedBy: 'conn-' + c.id }) %><a href="/settings/apps/<%= c.id %>/edit" aria-describedby="conn-<%= c.id %>">Edit</a><%~ include('@post-button', { action: '/settings/apps/' + c.id + (c.active ? '/pause' : '/resume'), csrf: it.csrf, label: c.active ? 'Pause' : 'Resume', describedBy: 'conn-' + c.id }) %><% if (c.signed) { %><%~ include('@post-button', { action: '/settings/apps/' + c.id + '/rotate', csrf: it.csrf, label: 'Rotate key', describedBy: 'conn-' + c.id }) %><% } %><a href="/settings/apps/<%= c.id %>/deliveries" aria-describedby="conn-<%= c.id %>">Delivery log</a><%~ include('@post-button', { action: '/settings/apps/' + c.id + '/delete', csrf: it.csrf, label: 'Delete', cls: 'danger', describedBy: 'conn-' + c.id }) %></div>
<form class="row-actions" method="post" action="/settings/apps/<%= c.id %>/replay"><input type="hidden" name="csrf" value="<%= it.csrf %>"><label for="since-<%= c.id %>">Send again everything since</label><input id="since-<%= c.id %>" name="since" type="datetime-local" required aria-describedby="conn-<%= c.id %>"><button type="submit" aria-describedby="conn-<%= c.id %>">Send again</button></form>
<%~ include('@post-button', { action: '/settings/apps/' + c.id + '/replay/failed', csrf: it.csrf, label: 'Send again what failed', describedBy: 'conn-' + c.id }) %></td></tr>
<% } %></tbody></table><% } else { %><p>No connections.</p><% } %>
<h2>New connection</h2><form class="stack" method="post" action="/settings/apps"><input type="hidden" name="csrf" value="<%= it.csrf %>">
<%~ include('@connection-fields', it) %><button class="primary" type="submit">Create</button></form>
`;

const APP_EDIT = `<% layout('@layout', { ...it.chrome, title: 'Edit connection' }) %>
<h1>Edit connection</h1><%~ include('@messages', it) %><p class="muted">Kind: <%= it.kind %>.<% if (it.signed) { %> Its signing key stays the same.<% } %></p>
<form class="stack" method="post" action="/settings/apps/<%= it.id %>"><input type="hidden" name="csrf" value="<%= it.csrf %>">
<%~ include('@connection-fields', it) %><button class="primary" type="submit">Save</button> <a href="/settings/apps">Cancel</a></form>
`;

const DELIVERIES = `<% layout('@layout', { ...it.chrome, title: 'Delivery log' }) %>
<h1>Delivery log</h1><%~ include('@messages', it) %><p class="muted wrap"><%= it.url %> — the last <%= it.items.length %> deliveries (at most 200).</p>
<% if (it.items.length) { %><table class="cards"><thead><tr><th>Created</th><th>Event</th><th>Status</th><th>OK</th><th>HTTP</th><th>Error</th><th>ms</th><th></th></tr></thead><tbody>
<% for (const d of it.items) { %><tr><td id="delivery-<%= d.id %>"><%= d.created %></td><td data-label="Event"><%= d.event %><% if (d.replay) { %> (replay)<% } %></td><td data-label="Status"><%= d.status %></td><td data-label="OK"><%= d.ok ? 'yes' : 'no' %></td><td data-label="HTTP"><%= d.http %></td><td class="wrap" data-label="Error"><%= d.error %></td><td data-label="ms"><%= d.ms %></td><td><%~ include('@post-button', { action: '/settings/apps/' + it.connectionId + '/deliveries/' + d.id + '/resend', csrf: it.csrf, label: 'Send again', describedBy: 'delivery-' + d.id }) %></td></tr>
<% } %></tbody></table><% } else { %><p>No deliveries yet.</p><% } %>
<p><a href="/settings/apps">Back to Apps</a></p>
`;

const SCIM = `<% layout('@layout', { ...it.chrome, title: 'SCIM' }) %>
<h1>SCIM provisioning</h1><%~ include('@messages', it) %>
<p>Base URL: <code><%= it.baseUrl %></code></p>
<p>Key: <% if (it.key) { %><code><%= it.key.prefix %>…</code> created <%= it.key.created %>, last used <%= it.key.lastUsed %><% } else { %>none<% } %></p>
<%~ include('@post-button', { action: '/settings/scim/key', csrf: it.csrf, label: it.key ? 'Rotate key' : 'Create key', cls: 'primary' }) %>
<h2>Last operations</h2><% if (it.operations.length) { %><table class="cards"><thead><tr><th>At</th><th>Operation</th><th>User</th></tr></thead><tbody>
<% for (const o of it.operations) { %><tr><td><%= o.at %></td><td data-label="Operation"><%= o.action %></td><td class="wrap" data-label="User"><%= o.subject %></td></tr>
<% } %></tbody></table><% } else { %><p>No provisioning operations yet.</p><% } %>
`;

const ERP = `<% layout('@layout', { ...it.chrome, title: 'ERP' }) %>
<h1>ERP connection</h1><%~ include('@messages', it) %>
<p>Base URL: <code><%= it.baseUrl %></code></p>
<h2>Keys</h2><% if (it.keys.length) { %><div class="scroll" role="region" aria-label="ERP keys" tabindex="0"><table><thead><tr><th>Prefix</th><th>Created</th><th>Last used</th></tr></thead><tbody>
<% for (const k of it.keys) { %><tr><td><code><%= k.prefix %>…</code></td><td><%= k.created %></td><td><%= k.lastUsed %></td></tr>
<% } %></tbody></table></div><% } else { %><p>No active ERP key.</p><% } %>
<div class="actions row-actions"><%~ include('@post-button', { action: '/settings/erp/key', csrf: it.csrf, label: it.keys.length ? 'Rotate key' : 'Create key', cls: 'primary' }) %><% if (it.keys.length) { %><%~ include('@post-button', { action: '/settings/erp/revoke', csrf: it.csrf, label: 'Revoke all keys', cls: 'danger' }) %><% } %></div>
<h2>Queue</h2><div class="scroll" role="region" aria-label="Queue" tabindex="0"><table><thead><tr><th>Waiting</th><th>Claimed</th><th>Retrying</th><th>Failed</th><th>Written</th></tr></thead>
<tbody><tr><td><%= it.counts.waiting %></td><td><%= it.counts.claimed %></td><td><%= it.counts.retrying %></td><td><%= it.counts.failed %></td><td><%= it.counts.written %></td></tr></tbody></table></div>
<p>Last poll: <%= it.lastPoll %></p>
<p>Last hour: <%= it.heartbeat.claimed %> claimed, <%= it.heartbeat.reported %> reported. Oldest waiting order queued: <%= it.heartbeat.oldest %></p>
<% if (it.heartbeat.stalledSince) { %><p id="erp-stalled"><span class="tag warn">Stalled</span> No poll while orders wait: the erp_stalled alert went out <%= it.heartbeat.stalledSince %>.</p><% } %>
<h2>Newest errors</h2><% if (it.errors.length) { %><table class="cards"><thead><tr><th>At</th><th>Order</th><th>State</th><th>Attempts</th><th>Error</th></tr></thead><tbody>
<% for (const e of it.errors) { %><tr><td><%= e.at %></td><td data-label="Order"><%= e.orderId %></td><td data-label="State"><%= e.state %></td><td data-label="Attempts"><%= e.attempts %></td><td class="wrap" data-label="Error"><%= e.error %></td></tr>
<% } %></tbody></table><% } else { %><p>No errors.</p><% } %>
<h2>Dead letters</h2><% if (it.deadLetters.length) { %><p class="muted">Orders the ERP will not write as they are: fix the data (customer ERP code, product), then requeue. <%= it.deadTotal %> in all.</p>
<table class="cards"><thead><tr><th>Order</th><th>Since</th><th>Reason</th><th>Attempts</th><th>Error</th><th></th></tr></thead><tbody>
<% for (const d of it.deadLetters) { %><tr><td id="dead-<%= d.id %>"><%= d.ref %></td><td data-label="Since"><%= d.at %></td><td data-label="Reason"><%= d.reason %></td><td data-label="Attempts"><%= d.attempts %></td><td class="wrap" data-label="Error"><%= d.error %></td><td><%~ include('@post-button', { action: '/settings/erp/requeue/' + d.id, csrf: it.csrf, label: 'Requeue', describedBy: 'dead-' + d.id }) %></td></tr>
<% } %></tbody></table>
<div class="actions row-actions"><%~ include('@post-button', { action: '/settings/erp/requeue', csrf: it.csrf, label: 'Requeue all', cls: 'primary' }) %></div><% } else { %><p>No dead letters.</p><% } %>
`;

/** The confirm step of a destructive action: the same POST again with confirm=yes, or back. */
const CONFIRM = `<% layout('@layout', { ...it.chrome, title: it.title }) %>
<h1><%= it.title %></h1><p><%= it.question %></p>
<form class="stack" method="post" action="<%= it.action %>"><input type="hidden" name="csrf" value="<%= it.csrf %>"><input type="hidden" name="confirm" value="yes">
<button class="primary danger" type="submit"><%= it.label %></button> <a href="<%= it.back %>">Cancel</a></form>
`;

const ERROR = `<% layout('@layout', { ...it.chrome, title: it.title }) %>
<h1><%= it.title %></h1><p class="error" role="alert"><%= it.message %></p><p><a href="/settings">Back to settings</a></p>
`;

const SIGNED_OUT = `<% layout('@layout', { title: 'Signed out', narrow: true }) %>
<h1>Signed out</h1><p><a href="/settings/signin">Sign in again</a></p>
`;

export const SETTINGS_TEMPLATES = {
  overview: OVERVIEW,
  connections: CONNECTIONS,
  developers: DEVELOPERS,
  sessions: SESSIONS,
  'connection-fields': CONNECTION_FIELDS,
  apps: APPS,
  appEdit: APP_EDIT,
  deliveries: DELIVERIES,
  scim: SCIM,
  erp: ERP,
  confirm: CONFIRM,
  error: ERROR,
  signedOut: SIGNED_OUT,
};
