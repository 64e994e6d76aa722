import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { AdminCommands } from '../../../src/interfaces/cli/admin-commands';
import { DemoSeedService } from '../../../src/domain/demo/demo-seed.service';
import { LogMailTransport, MAIL_TRANSPORT, MailSender } from '../../../src/platform/outbox/mail';
import { CredentialsService } from '../../../src/domain/identity/credentials.service';
import { Invitation } from '../../../src/domain/identity/invitation.entity';
import { InvitationsService } from '../../../src/domain/identity/invitations.service';
import { ProvisioningService } from '../../../src/domain/identity/provisioning.service';
import { UsersService } from '../../../src/domain/identity/users.service';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { Browser, formFields } from '../../helpers/oauth-flow';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * Invitation and reset links lead to a set-password page, "forgot password"
 * by e-mail, the admins' Users page hands out invitation links, CLI user:password; no token in the log.
 */
let t: TestApp;
let a: Fixture;
let b: Fixture;
let seq = 0;
const GOOD = 'Brand-New-Passw0rd';

beforeAll(async () => {
  // the forgot-password budget per address is the sign-in's (LOGIN_MAX_FAILURES): its own test below
  t = await startApp({ env: { LOGIN_MAX_FAILURES: '50' } });
  a = await createWorkspace(t);
  b = await createWorkspace(t);
});
afterAll(async () => {
  await t?.close();
});

const mails = (app: TestApp = t) => app.get<LogMailTransport>(MAIL_TRANSPORT).sent;

/** Delivers pending mail and returns the last link of `path` e-mailed to `to` (path and query, host dropped). */
async function linkFor(to: string, path: '/invite' | '/reset-password', app: TestApp = t): Promise<string> {
  await app.get(MailSender).deliver();
  const mail = [...mails(app)].reverse().find((m) => m.to === to);
  expect(mail).toBeDefined();
  const m = new RegExp(`https?://[^/\\s]+(${path}\\?token=[A-Za-z0-9_-]+)`).exec(mail!.text);
  expect(m).not.toBeNull();
  return m![1]!;
}

/** A user the identity provider creates over SCIM (active, no password, invitation e-mailed). */
async function scimUser(f: Fixture, name = `new${++seq}`): Promise<{ id: number; email: string }> {
  const email = `${name}@${f.ws.slug}.test`;
  const key = await issueKey(t, f, 'scim');
  const body = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: email,
    name: { givenName: 'Ayşe', familyName: `Newcomer${seq}` },
    emails: [{ primary: true, value: email, type: 'work' }],
    active: true,
  };
  const r = await request(t.app.getHttpServer()).post('/api/scim/v2/Users').set('Host', f.host).set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/scim+json').send(JSON.stringify(body)).expect(201);
  return { id: Number(r.body.id), email };
}

/** The hidden inputs of the form posting to `action`. */
function formOf(html: string, action: string): Record<string, string> {
  const i = html.indexOf(`action="${action}"`);
  if (i < 0) throw new Error(`no form ${action} in ${html.slice(0, 400)}`);
  return formFields(html.slice(i, html.indexOf('</form>', i)));
}

/** Opens a link's page in a fresh browser and sends its form with `password` (and `confirm`). */
async function setPassword(f: Fixture, link: string, password: string, confirm = password) {
  const br = new Browser(t, f.host);
  const page = await br.get(link);
  expect(page.status).toBe(200);
  const action = link.split('?')[0]!;
  const res = await br.post(action, { ...formOf(page.text, action), password, confirm });
  return { br, page, res };
}

describe('the invitation link', () => {
  it('opens a set-password page with the user and workspace; sets the password under the workspace rules, signs in, works once', async () => {
    const u = await scimUser(a);
    const link = await linkFor(u.email, '/invite');
    const br = new Browser(t, a.host);
    const page = await br.get(link);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('<h1>Set your password</h1>');
    expect(page.text).toContain(`<strong>${a.ws.name}</strong> CRM, Ayşe Newcomer`);
    expect(page.text).toContain(`Your user name: <strong>${u.email}</strong>`);
    expect(page.text).toContain('<label for="password">New password</label>');
    const form = formOf(page.text, '/invite');
    expect(Object.keys(form).sort()).toEqual(['csrf', 'token']);

    // CSRF: no token, a forged one, or a cross-site origin are refused; the password stays unset
    expect((await br.post('/invite', { token: form.token!, password: GOOD, confirm: GOOD })).status).toBe(403);
    expect((await br.post('/invite', { ...form, csrf: 'forged', password: GOOD, confirm: GOOD })).status).toBe(403);
    expect((await br.post('/invite', { ...form, password: GOOD, confirm: GOOD }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    // the password rules of the workspace; the two fields must match
    const differ = await br.post('/invite', { ...form, password: GOOD, confirm: `${GOOD}x` });
    expect(differ.status).toBe(400);
    expect(differ.text).toContain('The two passwords are not the same.');
    const weak = await br.post('/invite', { ...form, password: 'password123', confirm: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain('Password: too weak.');
    const short = await br.post('/invite', { ...form, password: 'Ab1!', confirm: 'Ab1!' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('Password: at least 8 characters');
    await api(t, a.host).post('/api/v1/login', { username: u.email, password: GOOD }).expect(401);

    const done = await br.post('/invite', { ...form, password: GOOD, confirm: GOOD });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/settings/connections');
    expect(String(done.headers['set-cookie'])).toMatch(/crm_session=xk_[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict/);
    const home = await br.get('/settings');
    expect(home.status).toBe(200);
    expect(home.text).toContain(`Signed in as Ayşe Newcomer`);
    await api(t, a.host).post('/api/v1/login', { username: u.email, password: GOOD }).expect(200);

    // once: the page and the API say so
    const again = await new Browser(t, a.host).get(link);
    expect(again.status).toBe(410);
    expect(again.text).toContain('The link was already used or has expired.');
    expect(again.text).toContain('href="/forgot-password"');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    expect((await api(t, a.host).post('/api/v1/invitations/accept', { token, password: 'Other-Passw0rd!' }).expect(400)).body).toMatchObject({ ok: false, error: 'invalid', field: 'token' });
    // not in another workspace; a made-up or malformed token is 400
    expect((await new Browser(t, b.host).get(link)).status).toBe(400);
    expect((await new Browser(t, a.host).get(`/invite?token=inv_${'A'.repeat(43)}`)).status).toBe(400);
    const junk = await new Browser(t, a.host).get('/invite?token=<script>');
    expect(junk.status).toBe(400);
    expect(junk.text).toContain('The link is not valid.');
    expect((await new Browser(t, a.host).get('/invite')).status).toBe(400);
  });

  it('an expired link is 410; the API applies the same password rules', async () => {
    const u = await scimUser(a);
    const link = await linkFor(u.email, '/invite');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const weak = await api(t, a.host).post('/api/v1/invitations/accept', { token, password: 'qwerty123' }).expect(400);
    expect(weak.body).toMatchObject({ ok: false, error: 'invalid', field: 'password' });
    await db(t).getRepository(Invitation).update({ workspaceId: a.ws.id, userId: u.id }, { expiresAt: new Date(Date.now() - 1000) });
    const page = await new Browser(t, a.host).get(link);
    expect(page.status).toBe(410);
    expect(page.text).toContain('<h1>This link has expired</h1>');
  });

  it("a user with two-factor who resets is sent to the sign-in page, not signed in by the link alone", async () => {
    const email = `totp${++seq}@${a.ws.slug}.test`;
    const u = await createUser(t, a, { email, password: 'Old-Passw0rd-123' });
    await t.get(UsersService).enableTotp(a.ws.id, u.user.id);
    await new Browser(t, a.host).post('/forgot-password', {}); // (refused: no CSRF token) — counts nothing else
    const br = new Browser(t, a.host);
    const f = await br.get('/forgot-password');
    expect((await br.post('/forgot-password', { ...formOf(f.text, '/forgot-password'), login: email })).status).toBe(200);
    const { res } = await setPassword(a, await linkFor(email, '/reset-password'), GOOD);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/settings/signin?return_to=%2Fsettings%2Fconnections');
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('crm_session=xk_');
  });
});

describe('forgot password', () => {
  it('the sign-in pages link to it; the answer is the same for known and unknown names; the mailed link resets once and ends the sessions', async () => {
    const email = `forgetful${++seq}@${a.ws.slug}.test`;
    const u = await createUser(t, a, { email, password: 'Old-Passw0rd-123', fullName: 'Forgetful Fred' });
    const session = (await api(t, a.host).post('/api/v1/login', { username: email, password: 'Old-Passw0rd-123' }).expect(200)).body.token as string;
    expect((await api(t, a.host).get('/settings/signin')).text).toContain('<a href="/forgot-password">Forgot your password?</a>');
    expect((await api(t, a.host).get('/oauth/signin')).text).toContain('<a href="/forgot-password">Forgot your password?</a>');

    const br = new Browser(t, a.host);
    const page = await br.get('/forgot-password');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<label for="login">Username or e-mail</label>');
    const form = formOf(page.text, '/forgot-password');
    expect((await br.post('/forgot-password', { login: email })).status).toBe(403);
    const before = mails().length;
    const known = await br.post('/forgot-password', { ...form, login: email.toUpperCase() });
    const unknown = await br.post('/forgot-password', { ...form, login: `nobody@${a.ws.slug}.test` });
    const otherWs = await new Browser(t, b.host).post('/forgot-password', { ...formOf((await new Browser(t, b.host).get('/forgot-password')).text, '/forgot-password'), login: email });
    expect(otherWs.status).toBe(403); // a token of another browser (cookie jar) is refused
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(known.text).toContain('If the user name or address is known, we sent an e-mail');
    await t.get(MailSender).deliver();
    expect(mails().slice(before).map((m) => m.to)).toEqual([email]);

    const link = await linkFor(email, '/reset-password');
    const row = await db(t).getRepository(Invitation).findOneByOrFail({ workspaceId: a.ws.id, userId: u.user.id, purpose: 'reset' });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(61 * 60_000);
    expect(row.tokenHash).not.toContain(new URL(link, 'http://x').searchParams.get('token')!);
    const { page: resetPage, res } = await setPassword(a, link, GOOD);
    expect(resetPage.text).toContain('<h1>Choose a new password</h1>');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/settings/connections');
    // the old password and every earlier session stop working
    await api(t, a.host, session).get('/api/v1/me').expect(401);
    await api(t, a.host).post('/api/v1/login', { username: email, password: 'Old-Passw0rd-123' }).expect(401);
    await api(t, a.host).post('/api/v1/login', { username: email, password: GOOD }).expect(200);
    expect((await new Browser(t, a.host).get(link)).status).toBe(410);
  });

  it('a reset request leaves an open invitation working; setting the password spends both', async () => {
    const u = await scimUser(a);
    const invite = await linkFor(u.email, '/invite');
    const br = new Browser(t, a.host);
    await br.post('/forgot-password', { ...formOf((await br.get('/forgot-password')).text, '/forgot-password'), login: u.email });
    const reset = await linkFor(u.email, '/reset-password');
    expect((await new Browser(t, a.host).get(invite)).status).toBe(200);
    expect((await setPassword(a, reset, GOOD)).res.status).toBe(303);
    expect((await new Browser(t, a.host).get(invite)).status).toBe(410);
  });
});

describe('forgot password limits', () => {
  let t2: TestApp;
  let c: Fixture;
  beforeAll(async () => {
    t2 = await startApp({ env: { LOGIN_MAX_FAILURES: '5' } });
    c = await createWorkspace(t2);
  });
  afterAll(async () => {
    await t2?.close();
  });

  it('one user gets at most 3 mails an hour (same answer); an address is refused after 5 requests like the sign-in (429)', async () => {
    const email = `limited@${c.ws.slug}.test`;
    await createUser(t2, c, { email, password: 'Old-Passw0rd-123' });
    const br = new Browser(t2, c.host);
    const form = formOf((await br.get('/forgot-password')).text, '/forgot-password');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await br.post('/forgot-password', { ...form, login: email }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
    await t2.get(MailSender).deliver();
    expect(mails(t2).filter((m) => m.to === email)).toHaveLength(3);
    const refused = await br.post('/forgot-password', { ...form, login: email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.text).toContain('Too many attempts. Please wait and try again.');
  });
});

describe('Users (GET /api/v1/users/pending, POST /api/v1/users/{id}/invitation): invitation links for admins', () => {
  it('lists users without a password; a new invitation link is in the answer once and the earlier one stops working', async () => {
    const u = await scimUser(a);
    const mailed = await linkFor(u.email, '/invite');
    const admin = api(t, a.host, a.adminKey);
    const list = (await admin.get('/api/v1/users/pending').expect(200)).body;
    expect(list.mail).toBe(false); // this server sends no e-mail (SMTP_URL is not set): the admin hands out links
    const row = list.items.find((i: { id: number }) => i.id === u.id);
    expect(row).toMatchObject({ email: u.email, invitation: { created_at: expect.any(String), expires_at: expect.any(String) } });
    const made = (await admin.post(`/api/v1/users/${u.id}/invitation`).expect(201)).body;
    expect(made.link).toBe(`http://${a.host}:3000/invite?token=${/token=(inv_[A-Za-z0-9_-]{43})/.exec(made.link)?.[1]}`);
    expect(made.invitation_hours).toBe(72);
    // the link is not kept: the list shows its dates, never the link
    expect(JSON.stringify((await admin.get('/api/v1/users/pending').expect(200)).body)).not.toContain(made.link);
    expect((await new Browser(t, a.host).get(mailed)).status).toBe(410);
    expect((await setPassword(a, made.link.slice(`http://${a.host}:3000`.length), GOOD)).res.status).toBe(303);
    // the user has a password now: gone from the list, no new link for them
    expect((await admin.get('/api/v1/users/pending').expect(200)).body.items.map((i: { id: number }) => i.id)).not.toContain(u.id);
    await admin.post(`/api/v1/users/${u.id}/invitation`).expect(404);
  });

  it("is for admins only; another workspace's user is not found", async () => {
    const other = await scimUser(b);
    await api(t, a.host, a.adminKey).post(`/api/v1/users/${other.id}/invitation`).expect(404);
    const mine = await scimUser(a);
    const { key } = await createUser(t, a, { email: `sales${++seq}@${a.ws.slug}.test`, password: 'Sales-Passw0rd-1' });
    expect((await api(t, a.host, key).get('/api/v1/users/pending').expect(403)).body.error).toBe('forbidden');
    await api(t, a.host, key).post(`/api/v1/users/${mine.id}/invitation`).expect(403);
  });
});

describe('no usable token in the log without SMTP_URL', () => {
  it('warns once at start; the invitation e-mail is logged without its text', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const t3 = await startApp({ logger: pino({ level: 'info' }, sink) });
    try {
      const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
      expect(warnings.map((w) => w.msg)).toEqual(['SMTP_URL is not set: invitation and password-reset e-mails cannot be sent; admins copy invitation links from Settings, Users']);
      const c = await t3.get(ProvisioningService).provision({ slug: `logs${process.pid}`, name: 'Logs Ltd.', adminEmail: `admin@logs${process.pid}.test`, adminPassword: 'Admin-Password-123' });
      const key = (await t3.get(CredentialsService).issue({ workspaceId: c.workspace.id, kind: 'scim' })).token;
      const email = `quiet@logs${process.pid}.test`;
      await request(t3.app.getHttpServer())
        .post('/api/scim/v2/Users')
        .set('Host', `logs${process.pid}.localhost`)
        .set('Authorization', `Bearer ${key}`)
        .set('Content-Type', 'application/scim+json')
        .send(JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: email, emails: [{ primary: true, value: email }], active: true }))
        .expect(201);
      expect(await t3.get(MailSender).deliver()).toBe(1);
      expect(mails(t3).find((m) => m.to === email)!.text).toMatch(/\/invite\?token=inv_/);
      const log = lines.join('\n');
      expect(log).toContain('e-mail not sent (no SMTP_URL)');
      expect(log).not.toMatch(/inv_[A-Za-z0-9_-]{20}/);
      expect(log).not.toContain('token=');
    } finally {
      await t3.close();
    }
  });
});

describe('CLI user:password', () => {
  const cli = () => new AdminCommands(t.get(WorkspaceService), t.get(ProvisioningService), t.get(UsersService), t.get(CredentialsService), t.get(DemoSeedService), t.get(InvitationsService));

  it('sets a generated password (printed once) or one read from stdin, under the rules, and ends the sessions', async () => {
    const email = `cli-pw${++seq}@${a.ws.slug}.test`;
    await createUser(t, a, { email, password: 'Old-Passw0rd-123' });
    const session = (await api(t, a.host).post('/api/v1/login', { username: email, password: 'Old-Passw0rd-123' }).expect(200)).body.token as string;
    const out = (await cli().run('user:password', { workspace: a.ws.slug, user: email })) as { ok: boolean; password: string; sessions_ended: number };
    expect(out).toMatchObject({ ok: true, user: { username: email }, sessions_ended: 1 });
    expect(out.password.length).toBeGreaterThanOrEqual(16);
    await api(t, a.host, session).get('/api/v1/me').expect(401);
    await api(t, a.host).post('/api/v1/login', { username: email, password: out.password }).expect(200);

    const typed = cli();
    typed.stdinLine = async () => 'weakling';
    await expect(typed.run('user:password', { workspace: a.ws.slug, user: email, 'password-stdin': true })).rejects.toMatchObject({ code: 'invalid' });
    typed.stdinLine = async () => 'Typed-Passw0rd-42';
    const set = await typed.run('user:password', { workspace: a.ws.slug, user: email, 'password-stdin': true });
    expect(set).toEqual({ ok: true, user: expect.objectContaining({ username: email }), sessions_ended: 1 });
    await api(t, a.host).post('/api/v1/login', { username: email, password: 'Typed-Passw0rd-42' }).expect(200);
    await expect(cli().run('user:password', { workspace: a.ws.slug, user: 'nobody@nowhere.test' })).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the e-mails in the person’s language', () => {
  it('a Turkish-speaking user gets the reset e-mail in Turkish, an English-speaking one in English', async () => {
    const sent: Record<string, { subject: string; text: string }> = {};
    for (const locale of ['tr', 'en'] as const) {
      const email = `lang-${locale}${++seq}@${a.ws.slug}.test`;
      const u = await createUser(t, a, { email, password: 'Old-Passw0rd-123', fullName: 'Deniz Dil' });
      await t.get(UsersService).setLocale(a.ws.id, u.user.id, locale);
      await t.get(InvitationsService).requestReset(a.ws, email, '203.0.113.9');
      await linkFor(email, '/reset-password');
      sent[locale] = [...mails()].reverse().find((m) => m.to === email)!;
    }
    expect(sent.tr!.subject).toBe(`${a.ws.name} CRM şifrenizi yenileyin`);
    expect(sent.tr!.text).toContain('Merhaba Deniz Dil,');
    expect(sent.en!.subject).toBe(`Reset your ${a.ws.name} CRM password`);
  });
});
