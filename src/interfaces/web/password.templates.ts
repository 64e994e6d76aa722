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
