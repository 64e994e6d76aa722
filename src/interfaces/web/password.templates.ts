/**
 * The password pages of signed-out visitors (set a password through an invitation or reset link, forgot
 * password) and the admins' Users page. Eta, autoescaped, the shared layout of
 * src/edge/pages/layout.templates.ts; no script. Data shapes: PasswordViews and UsersViews; words: `it.t`
 * (password.text.ts).
 */

/** it: { heading, intro: { before, workspace, after }, username, action, token, csrf, error?, t } */
const SET_PASSWORD = `<% layout('@layout', { title: it.heading, narrow: true }) %>
<h1><%= it.heading %></h1><%~ include('@messages', it) %>
<p><%= it.intro.before %><strong><%= it.intro.workspace %></strong><%= it.intro.after %></p>
<p><%= it.t.yourUsername %> <strong><%= it.username %></strong></p>
<form method="post" action="<%= it.action %>"><%~ include('@csrf', it) %><input type="hidden" name="token" value="<%= it.token %>">
<input type="text" name="username" value="<%= it.username %>" autocomplete="username" hidden>
<label for="password"><%= it.t.newPassword %></label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" maxlength="1024" required aria-describedby="password-rules" autofocus>
<p class="muted" id="password-rules"><%= it.t.rules %></p>
<label for="confirm"><%= it.t.repeatPassword %></label><input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="8" maxlength="1024" required>
<button class="primary" type="submit"><%= it.t.setAndSignIn %></button></form>
`;

/** it: { title, message, status } */
const LINK_ERROR = `<% layout('@layout', { title: it.title, narrow: true }) %>
<h1><%= it.title %></h1><p class="error" role="alert"><%= it.message %></p>
<p><a href="/forgot-password"><%= it.t.getNewLink %></a> · <a href="/settings/signin"><%= it.t.signIn %></a></p>
`;

/** it: { csrf, login, error?, notice? } */
const FORGOT = `<% layout('@layout', { title: it.t.forgotTitle, narrow: true }) %>
<h1><%= it.t.forgotHeading %></h1><%~ include('@messages', it) %>
<p><%= it.t.forgotAbout %></p>
<form method="post" action="/forgot-password"><%~ include('@csrf', it) %>
<label for="login"><%= it.t.forgotLogin %></label><input id="login" name="login" autocomplete="username" maxlength="254" required value="<%= it.login %>" autofocus>
<button class="primary" type="submit"><%= it.t.forgotSend %></button></form>
<p class="muted"><a href="/settings/signin"><%= it.t.backToSignIn %></a></p>
`;

/** it: { minutes } */
const FORGOT_SENT = `<% layout('@layout', { title: it.t.sentTitle, narrow: true }) %>
<h1><%= it.t.sentTitle %></h1><p role="status"><%= it.t.sentAbout(it.minutes) %></p>
<p class="muted"><%= it.t.sentNoMail %></p><p><a href="/settings/signin"><%= it.t.backToSignIn %></a></p>
`;

export const PASSWORD_TEMPLATES = { setPassword: SET_PASSWORD, linkError: LINK_ERROR, forgot: FORGOT, forgotSent: FORGOT_SENT };

/** it: { chrome, csrf, notice?, error?, secret?: {label, key, after} (the flash after a new link), smtp, items: [{id, username, name, email, state}] } */
const USERS = `<% layout('@layout', { ...it.chrome, title: it.t.usersTitle }) %>
<h1><%= it.t.usersHeading %></h1><%~ include('@messages', it) %>
<p class="muted"><%= it.smtp ? it.t.usersSmtp : it.t.usersNoSmtp %> <%= it.t.usersReplace %></p>
<h2><%= it.t.usersWaiting %></h2><% if (it.items.length) { %><div class="scroll" role="region" aria-label="<%= it.t.usersRegion %>" tabindex="0"><table class="cards"><thead><tr><th><%= it.t.colUser %></th><th><%= it.t.colEmail %></th><th><%= it.t.colInvitation %></th><th></th></tr></thead><tbody>
<% for (const u of it.items) { %><tr><td id="user-<%= u.id %>"><%= u.name %><div class="muted"><%= u.username %></div></td><td data-label="<%= it.t.colEmail %>"><%= u.email %></td><td data-label="<%= it.t.colInvitation %>"><%= u.state %></td><td><%~ include('@post-button', { action: '/settings/users/' + u.id + '/invitation', csrf: it.csrf, label: it.t.newInvitationLink, describedBy: 'user-' + u.id }) %></td></tr>
<% } %></tbody></table></div><% } else { %><p><%= it.t.usersAllSet %></p><% } %><h2><%= it.t.importHeading %></h2><p class="muted"><%= it.t.importIntro %></p><div class="scroll" role="region" aria-label="<%= it.t.importRegion %>" tabindex="0"><table class="cards"><thead><tr><th><%= it.t.colUser %></th><th><%= it.t.colImport %></th><th></th></tr></thead><tbody>
<% for (const u of it.permissions) { %><tr><td id="perm-<%= u.id %>"><%= u.name %><div class="muted"><%= u.username %></div></td><td data-label="<%= it.t.colImport %>"><%= u.admin ? it.t.importAdmin : u.import ? it.t.importYes : it.t.importNo %></td><td><% if (!u.admin) { %><%~ include('@post-button', { action: '/settings/users/' + u.id + '/import/' + (u.import ? 'withdraw' : 'grant'), csrf: it.csrf, label: u.import ? it.t.importWithdraw : it.t.importGrant, describedBy: 'perm-' + u.id }) %><% } %></td></tr>
<% } %></tbody></table></div>
`;

export const USERS_TEMPLATES = { users: USERS };
