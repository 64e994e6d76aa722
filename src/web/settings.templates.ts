/**
 * The settings pages' templates (eta, autoescaped; layout and partials in
 * src/common/http/pages/layout.templates.ts). Every page starts with the shared layout and its
 * `chrome` (navigation, sign-out). Tables scroll inside their own box on a phone (`.scroll`).
 * Data shapes: SettingsViews in pages.ts.
 */

const CONNECTIONS = `<% layout('@layout', { ...it.chrome, title: 'App connections' }) %>
<h1>App connections</h1><%~ include('@messages', it) %><p class="muted">Signed in as <%= it.userName %>. Apps you allowed to use your CRM account.</p>
<% if (it.items.length) { %><div class="scroll" role="region" aria-label="Connected apps" tabindex="0"><table class="cards"><thead><tr><th>App</th><th>Scope</th><th>Last used</th><th>Calls</th><th></th></tr></thead><tbody>
<% for (const g of it.items) { %><tr><td id="app-<%= g.id %>"><%= g.clientName %></td><td data-label="Scope"><%= g.scopes %><div class="muted"><%= g.scopeWords %></div></td><td data-label="Last used"><%= g.lastUsed %></td><td data-label="Calls"><%= g.calls %></td><td><%~ include('@post-button', { action: '/settings/connections/' + g.id + '/remove', csrf: it.csrf, label: 'Remove', describedBy: 'app-' + g.id }) %></td></tr>
<% } %></tbody></table></div><% } else { %><p>No apps are connected.</p><% } %>
`;

const DEVELOPERS = `<% layout('@layout', { ...it.chrome, title: 'Developers' }) %>
<h1>Developers: API keys</h1><%~ include('@messages', it) %>
<% if (it.created) { %><%~ include('@shown-once', { label: 'New API key "' + it.created.name + '"', key: it.created.key, after: 'it is not shown again' }) %>
<p class="muted">Use it as <code>Authorization: Bearer &lt;key&gt;</code> on <code><%= it.apiBase %></code>. It acts as you, with your permissions.</p>
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

const APPS = `<% layout('@layout', { ...it.chrome, title: 'Apps' }) %>
<h1>Apps: webhook connections</h1><%~ include('@messages', it) %><% if (it.shownOnce) { %><%~ include('@shown-once', it.shownOnce) %><% } %>
<% if (it.items.length) { %><div class="scroll" role="region" aria-label="Webhook connections" tabindex="0"><table><thead><tr><th>URL</th><th>Events</th><th>Active</th><th>Latest result</th><th></th></tr></thead><tbody>
<% for (const c of it.items) { %><tr><td><%= c.url %></td><td><%= c.events %></td><td><%= c.active ? 'yes' : 'no' %></td><td><%= c.latest %></td><td><%~ include('@post-button', { action: '/settings/apps/' + c.id + '/test', csrf: it.csrf, label: 'Test' }) %> <%~ include('@post-button', { action: '/settings/apps/' + c.id + '/rotate', csrf: it.csrf, label: 'Rotate key' }) %> <a href="/settings/apps/<%= c.id %>/deliveries">Delivery log</a></td></tr>
<% } %></tbody></table></div><% } else { %><p>No webhook connections.</p><% } %>
<h2>New webhook</h2><form method="post" action="/settings/apps"><input type="hidden" name="csrf" value="<%= it.csrf %>">
<label for="url">URL (https)</label><input id="url" name="url" type="url" required>
<fieldset><legend>Events</legend><% for (const e of it.events) { %><label class="inline"><input type="checkbox" name="events" value="<%= e %>"> <%= e %></label> <% } %></fieldset><button class="primary" type="submit">Create</button></form>
`;

const DELIVERIES = `<% layout('@layout', { ...it.chrome, title: 'Delivery log' }) %>
<h1>Delivery log</h1><%~ include('@messages', it) %><p class="muted"><%= it.url %> — the last <%= it.items.length %> deliveries (at most 200).</p>
<% if (it.items.length) { %><div class="scroll" role="region" aria-label="Deliveries" tabindex="0"><table><thead><tr><th>Created</th><th>Event</th><th>Status</th><th>OK</th><th>HTTP</th><th>Error</th><th>ms</th><th></th></tr></thead><tbody>
<% for (const d of it.items) { %><tr><td><%= d.created %></td><td><%= d.event %></td><td><%= d.status %></td><td><%= d.ok ? 'yes' : 'no' %></td><td><%= d.http %></td><td><%= d.error %></td><td><%= d.ms %></td><td><%~ include('@post-button', { action: '/settings/apps/' + it.connectionId + '/deliveries/' + d.id + '/resend', csrf: it.csrf, label: 'Send again' }) %></td></tr>
<% } %></tbody></table></div><% } else { %><p>No deliveries yet.</p><% } %>
<p><a href="/settings/apps">Back to Apps</a></p>
`;

const SCIM = `<% layout('@layout', { ...it.chrome, title: 'SCIM' }) %>
<h1>SCIM provisioning</h1>
<% if (it.newKey) { %><%~ include('@shown-once', { label: 'New SCIM key', key: it.newKey, after: 'earlier keys are revoked' }) %>
<% } %><p>Base URL: <code><%= it.baseUrl %></code></p>
<p>Key: <% if (it.key) { %><code><%= it.key.prefix %>…</code> created <%= it.key.created %>, last used <%= it.key.lastUsed %><% } else { %>none<% } %></p>
<%~ include('@post-button', { action: '/settings/scim/key', csrf: it.csrf, label: it.key ? 'Rotate key' : 'Create key', cls: 'primary' }) %>
<h2>Last operations</h2><% if (it.operations.length) { %><div class="scroll" role="region" aria-label="Last operations" tabindex="0"><table><thead><tr><th>At</th><th>Operation</th><th>User</th></tr></thead><tbody>
<% for (const o of it.operations) { %><tr><td><%= o.at %></td><td><%= o.action %></td><td><%= o.subject %></td></tr>
<% } %></tbody></table></div><% } else { %><p>No provisioning operations yet.</p><% } %>
`;

const ERP = `<% layout('@layout', { ...it.chrome, title: 'ERP' }) %>
<h1>ERP connection</h1><%~ include('@messages', it) %>
<% if (it.newKey) { %><%~ include('@shown-once', { label: 'New ERP key', key: it.newKey, after: 'earlier keys are revoked' }) %>
<% } %><p>Base URL: <code><%= it.baseUrl %></code></p>
<h2>Keys</h2><% if (it.keys.length) { %><div class="scroll" role="region" aria-label="ERP keys" tabindex="0"><table><thead><tr><th>Prefix</th><th>Created</th><th>Last used</th></tr></thead><tbody>
<% for (const k of it.keys) { %><tr><td><code><%= k.prefix %>…</code></td><td><%= k.created %></td><td><%= k.lastUsed %></td></tr>
<% } %></tbody></table></div><% } else { %><p>No active ERP key.</p><% } %>
<div class="actions"><%~ include('@post-button', { action: '/settings/erp/key', csrf: it.csrf, label: it.keys.length ? 'Rotate key' : 'Create key', cls: 'primary' }) %><% if (it.keys.length) { %> <%~ include('@post-button', { action: '/settings/erp/revoke', csrf: it.csrf, label: 'Revoke all keys' }) %><% } %></div>
<h2>Queue</h2><div class="scroll" role="region" aria-label="Queue" tabindex="0"><table><thead><tr><th>Waiting</th><th>Claimed</th><th>Retrying</th><th>Failed</th><th>Written</th></tr></thead>
<tbody><tr><td><%= it.counts.waiting %></td><td><%= it.counts.claimed %></td><td><%= it.counts.retrying %></td><td><%= it.counts.failed %></td><td><%= it.counts.written %></td></tr></tbody></table></div>
<p>Last poll: <%= it.lastPoll %></p>
<h2>Newest errors</h2><% if (it.errors.length) { %><div class="scroll" role="region" aria-label="Newest errors" tabindex="0"><table><thead><tr><th>At</th><th>Order</th><th>State</th><th>Attempts</th><th>Error</th></tr></thead><tbody>
<% for (const e of it.errors) { %><tr><td><%= e.at %></td><td><%= e.orderId %></td><td><%= e.state %></td><td><%= e.attempts %></td><td><%= e.error %></td></tr>
<% } %></tbody></table></div><% } else { %><p>No errors.</p><% } %>
`;

const ERROR = `<% layout('@layout', { ...it.chrome, title: it.title }) %>
<h1><%= it.title %></h1><p class="error" role="alert"><%= it.message %></p><p><a href="/settings/connections">Back to settings</a></p>
`;

const SIGNED_OUT = `<% layout('@layout', { title: 'Signed out', narrow: true }) %>
<h1>Signed out</h1><p><a href="/settings/signin">Sign in again</a></p>
`;

export const SETTINGS_TEMPLATES = {
  connections: CONNECTIONS,
  developers: DEVELOPERS,
  sessions: SESSIONS,
  apps: APPS,
  deliveries: DELIVERIES,
  scim: SCIM,
  erp: ERP,
  error: ERROR,
  signedOut: SIGNED_OUT,
};
