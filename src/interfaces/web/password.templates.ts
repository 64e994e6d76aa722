/**
 * The password pages of signed-out visitors (set a password through an invitation or reset link, forgot
 * password) and the admins' Users page. Eta, autoescaped, the shared layout of
 * src/edge/pages/layout.templates.ts; no script. Data shapes: PasswordViews and UsersViews.
 */

/** it: { heading, intro, workspaceName, fullName, username, action, token, csrf, rules, error? } */
const SET_PASSWORD = `<% layout('@layout', { title: it.heading, narrow: true }) %>
<h1><%= it.heading %></h1><%~ include('@messages', it) %>
<p><%= it.intro %> <strong><%= it.workspaceName %></strong> CRM, <%= it.fullName %>.</p>
<p>Your user name: <strong><%= it.username %></strong></p>
<form method="post" action="<%= it.action %>"><%~ include('@csrf', it) %><input type="hidden" name="token" value="<%= it.token %>">
<input type="text" name="username" value="<%= it.username %>" autocomplete="username" hidden>
<label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" maxlength="1024" required aria-describedby="password-rules" autofocus>
<p class="muted" id="password-rules"><%= it.rules %></p>
<label for="confirm">Repeat the password</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="8" maxlength="1024" required>
<button class="primary" type="submit">Set password and sign in</button></form>
`;

/** it: { title, message, status } */
const LINK_ERROR = `<% layout('@layout', { title: it.title, narrow: true }) %>
<h1><%= it.title %></h1><p class="error" role="alert"><%= it.message %></p>
<p><a href="/forgot-password">Get a new link by e-mail</a> · <a href="/settings/signin">Sign in</a></p>
`;

/** it: { csrf, login, error?, notice? } */
const FORGOT = `<% layout('@layout', { title: 'Forgot password', narrow: true }) %>
<h1>Forgot your password?</h1><%~ include('@messages', it) %>
<p>Enter your user name or e-mail address. If we know it, we send you an e-mail with a link to choose a new password.</p>
<form method="post" action="/forgot-password"><%~ include('@csrf', it) %>
<label for="login">Username or e-mail</label><input id="login" name="login" autocomplete="username" maxlength="254" required value="<%= it.login %>" autofocus>
<button class="primary" type="submit">Send the link</button></form>
<p class="muted"><a href="/settings/signin">Back to sign-in</a></p>
`;

/** it: { minutes } */
const FORGOT_SENT = `<% layout('@layout', { title: 'Check your e-mail', narrow: true }) %>
<h1>Check your e-mail</h1><p role="status">If the user name or address is known, we sent an e-mail with a link to choose a new password. The link works once, for <%= it.minutes %> minutes.</p>
<p class="muted">No e-mail? Check the spam folder, or ask an admin of your workspace.</p><p><a href="/settings/signin">Back to sign-in</a></p>
`;

export const PASSWORD_TEMPLATES = { setPassword: SET_PASSWORD, linkError: LINK_ERROR, forgot: FORGOT, forgotSent: FORGOT_SENT };

/** it: { chrome, csrf, notice?, error?, secret?: {label, key, after} (the flash after a new link), smtp, items: [{id, username, name, email, state}] } */
const USERS = `<% layout('@layout', { ...it.chrome, title: 'Users' }) %>
<h1>Users: invitations</h1><%~ include('@messages', it) %>
<p class="muted"><% if (it.smtp) { %>Users your identity provider creates get an invitation by e-mail.<% } else { %>This server sends no e-mail (SMTP_URL is not set): give each new user their invitation link yourself.<% } %> A new link replaces the earlier ones of that user.</p>
<h2>Waiting for a password</h2><% if (it.items.length) { %><div class="scroll" role="region" aria-label="Users without a password" tabindex="0"><table class="cards"><thead><tr><th>User</th><th>E-mail</th><th>Invitation</th><th></th></tr></thead><tbody>
<% for (const u of it.items) { %><tr><td id="user-<%= u.id %>"><%= u.name %><div class="muted"><%= u.username %></div></td><td data-label="E-mail"><%= u.email %></td><td data-label="Invitation"><%= u.state %></td><td><%~ include('@post-button', { action: '/settings/users/' + u.id + '/invitation', csrf: it.csrf, label: 'New invitation link', describedBy: 'user-' + u.id }) %></td></tr>
<% } %></tbody></table></div><% } else { %><p>Every active user has set a password.</p><% } %>
`;

export const USERS_TEMPLATES = { users: USERS };
