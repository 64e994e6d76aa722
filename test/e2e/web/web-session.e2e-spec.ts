import request from 'supertest';
import { currentTotp } from '../../../src/domain/identity/totp';
import { UsersService } from '../../../src/domain/identity/users.service';
import { ApiSessionCookies } from '../../../src/edge/api-session';
import { Browser, formFields } from '../../helpers/oauth-flow';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * The web app's cookie session: POST /api/v1/session sets `crm_session` (HttpOnly) and
 * `crm_csrf`; /api/v1 takes the cookie only with `X-CSRF-Token` equal to `crm_csrf`.
 */
let t: TestApp;
let a: Fixture;
let b: Fixture;
const PASSWORD = 'Correct-Horse-42';

beforeAll(async () => {
  // behind a trusted proxy, so one test can say https (X-Forwarded-Proto)
  t = await startApp({ env: { TRUST_PROXY: '1' } });
  a = await createWorkspace(t);
  b = await createWorkspace(t);
});
afterAll(() => t.close());

const server = () => t.app.getHttpServer();
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function user(f: Fixture = a) {
  const email = `w${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  const u = await createUser(t, f, { email, password: PASSWORD });
  return { ...u, email };
}

/** The Set-Cookie lines of a response by cookie name. */
function setCookies(res: request.Response): Map<string, string> {
  const lines = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return new Map(lines.map((l) => [l.slice(0, l.indexOf('=')), l]));
}
const valueOf = (line: string | undefined): string => (line ?? '').split(';')[0]!.split('=').slice(1).join('=');

interface Signed {
  session: string;
  csrf: string;
  res: request.Response;
}

async function signIn(f: Fixture, username: string, body: Record<string, string> = {}): Promise<Signed> {
  const res = await request(server()).post('/api/v1/session').set('Host', f.host).set('User-Agent', UA).send({ username, password: PASSWORD, ...body });
  expect(res.status).toBe(200);
  const c = setCookies(res);
  return { session: valueOf(c.get('crm_session')), csrf: valueOf(c.get('crm_csrf')), res };
}

/** A request with the session cookie and (unless `csrf` is null) the CSRF header. */
function withCookie(f: Fixture, s: Signed, method: 'get' | 'post' | 'delete', path: string, csrf: string | null = s.csrf) {
  const r = request(server())[method](path).set('Host', f.host).set('Cookie', `crm_session=${s.session}; crm_csrf=${s.csrf}`);
  return csrf === null ? r : r.set('X-CSRF-Token', csrf);
}

describe('POST /api/v1/session', () => {
  it('sets the HttpOnly session cookie and the readable CSRF cookie, and never answers the token', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    expect(s.session).toMatch(/^xk_[A-Za-z0-9_-]{43}$/);
    expect(s.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(s.res.body).sort()).toEqual(['app', 'license', 'ok', 'user', 'weak_password']);
    expect(s.res.body.user).toMatchObject({ id: u.user.id, email: u.email });
    expect(JSON.stringify(s.res.body)).not.toContain(s.session);
    const c = setCookies(s.res);
    const session = c.get('crm_session')!;
    const days = t.config.apiTokenDays * 86_400;
    const maxAge = Number(/Max-Age=(\d+)/.exec(session)?.[1]);
    expect(maxAge).toBeGreaterThan(days - 60);
    expect(maxAge).toBeLessThanOrEqual(days);
    expect(session).toMatch(/; Path=\/; /);
    expect(session).toContain('; HttpOnly');
    expect(session).toContain('; SameSite=Strict');
    expect(session).not.toContain('Secure'); // plain http here
    const csrf = c.get('crm_csrf')!;
    expect(csrf).toMatch(/; Path=\/; /);
    expect(csrf).toContain('; SameSite=Strict');
    expect(csrf).not.toContain('HttpOnly');
    // over https (the trusted proxy of this app says so) both are Secure and `__Host-` (Path=/, no Domain)
    const r = await request(server()).post('/api/v1/session').set('Host', a.host).set('X-Forwarded-Proto', 'https').send({ username: u.email, password: PASSWORD }).expect(200);
    expect([...setCookies(r).keys()].sort()).toEqual(['__Host-crm_csrf', '__Host-crm_session']);
    for (const line of setCookies(r).values()) {
      expect(line).toContain('; Secure');
      expect(line).toContain('; Path=/');
      expect(line).not.toMatch(/; Domain=/i);
    }
  });

  it('over https takes the session only from its __Host- cookie, also on the settings pages', async () => {
    const u = await user();
    const r = await request(server()).post('/api/v1/session').set('Host', a.host).set('X-Forwarded-Proto', 'https').send({ username: u.email, password: PASSWORD }).expect(200);
    const session = valueOf(setCookies(r).get('__Host-crm_session'));
    const csrf = valueOf(setCookies(r).get('__Host-crm_csrf'));
    const https = (path: string, cookie: string) => request(server()).get(path).set('Host', a.host).set('X-Forwarded-Proto', 'https').set('Cookie', cookie).set('X-CSRF-Token', csrf);
    await https('/api/v1/me', `__Host-crm_session=${session}`).expect(200);
    expect((await https('/settings', `__Host-crm_session=${session}`)).status).toBe(200);
    // a plain-named cookie (what another host of the site could plant) is not the session over https
    await https('/api/v1/me', `crm_session=${session}`).expect(401);
    expect((await https('/settings', `crm_session=${session}`)).status).toBe(302);
  });

  it('names the session after the browser, or the given device', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    await signIn(a, u.email, { device: 'Kitchen tablet' });
    const list = (await withCookie(a, s, 'get', '/api/v1/sessions').expect(200)).body;
    expect(list.items.map((i: { device: string }) => i.device).sort()).toEqual(['Firefox on Linux (app)', 'Kitchen tablet']);
  });

  it('has the two-factor step and the errors of POST /api/v1/login', async () => {
    const u = await user();
    const { secret } = await t.get(UsersService).enableTotp(a.ws.id, u.user.id);
    const first = await api(t, a.host).post('/api/v1/session', { username: u.email, password: PASSWORD }).expect(401);
    expect(first.body).toMatchObject({ ok: false, error: 'otp_required', otp_required: true });
    expect(first.headers['set-cookie']).toBeUndefined();
    const wrongCode = currentTotp(secret) === '000000' ? '111111' : '000000';
    expect((await api(t, a.host).post('/api/v1/session', { username: u.email, password: PASSWORD, otp: wrongCode }).expect(401)).body.error).toBe('unauthorized');
    const ok = await signIn(a, u.email, { otp: currentTotp(secret) });
    expect((await withCookie(a, ok, 'get', '/api/v1/me').expect(200)).body.user.id).toBe(u.user.id);
    const bad = await api(t, a.host).post('/api/v1/session', { username: u.email, password: 'wrong-password' }).expect(401);
    expect(bad.body.error).toBe('unauthorized');
    expect(bad.headers['set-cookie']).toBeUndefined();
  });
});

describe('the cookie on /api/v1', () => {
  it('works with the CSRF header; without it or with another value it is 403 csrf', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    expect((await withCookie(a, s, 'get', '/api/v1/me').expect(200)).body.user.id).toBe(u.user.id);
    const none = await withCookie(a, s, 'get', '/api/v1/me', null).expect(403);
    expect(none.body).toMatchObject({ ok: false, error: 'csrf' });
    const wrong = await withCookie(a, s, 'get', '/api/v1/me', `${s.csrf.slice(0, -1)}${s.csrf.endsWith('A') ? 'B' : 'A'}`).expect(403);
    expect(wrong.body.error).toBe('csrf');
    // the CSRF token of another session does not open this one
    const other = await signIn(a, u.email);
    expect((await withCookie(a, s, 'get', '/api/v1/me', other.csrf).expect(403)).body.error).toBe('csrf');
    // a write needs it too
    const create = withCookie(a, s, 'post', '/api/v1/companies', null).send({ name: 'Cookie Ltd.' });
    expect((await create.expect(403)).body.error).toBe('csrf');
    // public routes do not care: a browser with a cookie signs in again without the header
    await withCookie(a, s, 'post', '/api/v1/session', null).send({ username: u.email, password: PASSWORD }).expect(200);
  });

  it('the Authorization header wins over the cookie; the bearer still works alone', async () => {
    const u = await user();
    const other = await user();
    const s = await signIn(a, u.email);
    const me = await withCookie(a, s, 'get', '/api/v1/me', null).set('Authorization', `Bearer ${other.key}`).expect(200);
    expect(me.body.user.id).toBe(other.user.id);
    const bearer = await api(t, a.host).post('/api/v1/login', { username: u.email, password: PASSWORD }).expect(200);
    expect((await api(t, a.host, bearer.body.token).get('/api/v1/me').expect(200)).body.user.id).toBe(u.user.id);
  });

  it('is another workspace\'s unknown session there', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    expect((await withCookie(b, s, 'get', '/api/v1/me').expect(401)).body.error).toBe('unauthorized');
  });

  it('holds sessions only: an API key put into the cookie is refused', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    const forged = { ...s, session: u.key };
    const sameCsrf = t.get(ApiSessionCookies).csrfFor(u.key);
    expect((await withCookie(a, forged, 'get', '/api/v1/me', sameCsrf).expect(401)).body.error).toBe('unauthorized');
  });

  it('is refused on /mcp, SCIM and ERP (their bearer rules stay)', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    const mcp = await withCookie(a, s, 'post', '/mcp').set('Accept', 'application/json, text/event-stream').send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(mcp.status).toBe(401);
    expect((await withCookie(a, s, 'get', '/api/scim/v2/Users').expect(401)).status).toBe(401);
    expect((await withCookie(a, s, 'get', '/api/erp/v1/orders').expect(401)).status).toBe(401);
  });

  it('counts against the session\'s own rate-limit bucket', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    const first = await withCookie(a, s, 'get', '/api/v1/me').expect(200);
    const second = await withCookie(a, s, 'get', '/api/v1/me').expect(200);
    expect(Number(second.headers['ratelimit-remaining'] ?? NaN)).toBe(Number(first.headers['ratelimit-remaining']) - 1);
    // the bearer of the same session shares the bucket
    const third = await api(t, a.host, s.session).get('/api/v1/me').expect(200);
    expect(Number(third.headers['ratelimit-remaining'])).toBe(Number(second.headers['ratelimit-remaining']) - 1);
  });
});

describe('signing out', () => {
  it('DELETE /api/v1/session revokes the session and clears both cookies', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    const out = await withCookie(a, s, 'delete', '/api/v1/session').expect(200);
    expect(out.body).toEqual({ ok: true });
    const c = setCookies(out);
    for (const name of ['crm_session', 'crm_csrf']) {
      expect(c.get(name)).toMatch(new RegExp(`^${name}=; Path=/; Expires=Thu, 01 Jan 1970`));
    }
    expect((await withCookie(a, s, 'get', '/api/v1/me').expect(401)).body.error).toBe('unauthorized');
    expect((await api(t, a.host, s.session).get('/api/v1/me').expect(401)).body.error).toBe('unauthorized');
  });

  it('POST /api/v1/logout with the cookie does the same', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    const out = await withCookie(a, s, 'post', '/api/v1/logout').expect(200);
    expect([...setCookies(out).keys()].sort()).toEqual(['crm_csrf', 'crm_session']);
    expect(valueOf(setCookies(out).get('crm_session'))).toBe('');
    await withCookie(a, s, 'get', '/api/v1/me').expect(401);
  });

  it('a deactivated user\'s cookie stops working', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    await withCookie(a, s, 'get', '/api/v1/me').expect(200);
    await t.get(UsersService).deactivate(a.ws.id, u.user.id, a.admin.id);
    expect((await withCookie(a, s, 'get', '/api/v1/me').expect(401)).body.error).toBe('unauthorized');
    expect((await api(t, a.host).post('/api/v1/session', { username: u.email, password: PASSWORD }).expect(403)).body.error).toBe('inactive');
  });
});

describe('GET and DELETE /api/v1/sessions', () => {
  it('lists the caller\'s sign-ins with the current one, and revokes one', async () => {
    const u = await user();
    const mobile = await api(t, a.host).post('/api/v1/login', { username: u.email, password: PASSWORD, device: 'Phone' }).expect(200);
    const s = await signIn(a, u.email);
    const someoneElse = await signIn(a, (await user()).email);
    const list = (await withCookie(a, s, 'get', '/api/v1/sessions').expect(200)).body;
    expect(list.ok).toBe(true);
    expect(list.items).toHaveLength(2);
    const [mine, phone] = list.items;
    expect(Object.keys(mine).sort()).toEqual(['created_at', 'current', 'device', 'id', 'last_used_at']);
    expect(mine).toMatchObject({ device: 'Firefox on Linux (app)', current: true });
    expect(phone).toMatchObject({ device: 'Phone', current: false });
    expect(mine.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    // another user's session is not found, and stays signed in
    const theirs = (await withCookie(a, someoneElse, 'get', '/api/v1/sessions').expect(200)).body.items[0];
    expect((await withCookie(a, s, 'delete', `/api/v1/sessions/${theirs.id}`).expect(404)).body.error).toBe('not_found');
    await withCookie(a, someoneElse, 'get', '/api/v1/me').expect(200);
    // revoking the phone's session ends it, this one stays
    await withCookie(a, s, 'delete', `/api/v1/sessions/${phone.id}`).expect(200);
    await api(t, a.host, mobile.body.token).get('/api/v1/me').expect(401);
    expect((await withCookie(a, s, 'get', '/api/v1/sessions').expect(200)).body.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    await withCookie(a, s, 'delete', `/api/v1/sessions/${phone.id}`).expect(404);
    // an API key lists them too (none is current)
    expect((await api(t, a.host, u.key).get('/api/v1/sessions').expect(200)).body.items).toEqual([expect.objectContaining({ id: mine.id, current: false })]);
  });

  it('an OAuth token cannot list or revoke sessions', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    const id = (await withCookie(a, s, 'get', '/api/v1/sessions').expect(200)).body.items[0].id;
    const oauth = await issueKey(t, a, 'oauth', u.user.id, ['crm.read', 'crm.write']);
    expect((await api(t, a.host, oauth).get('/api/v1/sessions').expect(403)).body.error).toBe('insufficient_scope');
    expect((await api(t, a.host, oauth).delete(`/api/v1/sessions/${id}`).expect(403)).body.error).toBe('insufficient_scope');
    await withCookie(a, s, 'get', '/api/v1/me').expect(200);
  });
});

describe('the settings pages share the session', () => {
  it('a sign-in of the app opens the settings; signing out of the settings signs the app out', async () => {
    const u = await user();
    const s = await signIn(a, u.email);
    const br = new Browser(t, a.host);
    br.cookies.set('crm_session', s.session);
    br.cookies.set('crm_csrf', s.csrf);
    const page = await br.get('/settings');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Signed in as');
    const out = await br.post('/settings/signout', formFields(page.text));
    expect(out.status).toBe(303);
    expect(br.cookies.get('crm_session')).toBe('');
    await withCookie(a, s, 'get', '/api/v1/me').expect(401);
  });

  it('a sign-in of the settings opens the app; signing out of the app signs the settings out', async () => {
    const u = await user();
    const br = new Browser(t, a.host);
    const form = await br.get('/settings/signin');
    const r = await br.post('/settings/signin', { ...formFields(form.text), username: u.email, password: PASSWORD });
    expect(r.status).toBe(303);
    const s: Signed = { session: br.cookies.get('crm_session')!, csrf: br.cookies.get('crm_csrf')!, res: r };
    expect(s.session).toMatch(/^xk_/);
    expect((await withCookie(a, s, 'get', '/api/v1/me').expect(200)).body.user.id).toBe(u.user.id);
    expect((await br.get('/settings')).status).toBe(200);
    await withCookie(a, s, 'delete', '/api/v1/session').expect(200);
    const after = await br.get('/settings');
    expect(after.status).toBe(302);
    expect(after.headers.location).toContain('/settings/signin');
  });
});
