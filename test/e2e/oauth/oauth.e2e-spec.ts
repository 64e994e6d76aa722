import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { GrantUsage } from '../../../src/domain/identity/oauth/grant-usage';
import { hashPassword } from '../../../src/domain/identity/password';
import { currentTotp } from '../../../src/domain/identity/totp';
import { UsersService } from '../../../src/domain/identity/users.service';
import { api, createUser, createWorkspace, db, Fixture, LOOPBACK_NETWORK, startApp, TestApp } from '../../helpers/test-app';
import { authorizeUrl, Browser, consent, formFields, pkce, register, revoke, signIn, token } from '../../helpers/oauth-flow';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let doc: Server;
let docUrl = '';
const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1:4567/callback';

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000' }, clientMetadataNetwork: LOOPBACK_NETWORK });
  a = await createWorkspace(t);
  b = await createWorkspace(t);
  // a client ID metadata document served by the test
  doc = createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'max-age=600');
    res.end(JSON.stringify({ client_id: docUrl, client_name: 'Doc Client', redirect_uris: ['http://localhost/cb'], token_endpoint_auth_method: 'none' }));
  });
  await new Promise<void>((r) => doc.listen(0, '127.0.0.1', r));
  docUrl = `http://127.0.0.1:${(doc.address() as AddressInfo).port}/client.json`;
});
afterAll(async () => {
  doc.close();
  await t.close();
});

async function publicClient(f: Fixture, redirect = REDIRECT) {
  const r = await register(t, f.host, { client_name: 'Test App', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }).expect(201);
  return r.body.client_id as string;
}

async function userWithBrowser(f: Fixture) {
  const email = `u${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  const u = await createUser(t, f, { email, password: PASSWORD });
  return { ...u, email, browser: new Browser(t, f.host) };
}

/** Full code flow: returns the token response body. */
async function fullFlow(f: Fixture, opts: { clientId?: string; scope?: string; user?: Awaited<ReturnType<typeof userWithBrowser>> } = {}) {
  const clientId = opts.clientId ?? (await publicClient(f));
  const user = opts.user ?? (await userWithBrowser(f));
  const { verifier, challenge } = pkce();
  const url = authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, scope: opts.scope ?? 'crm.read crm.write', code_challenge: challenge });
  if (!user.browser.hasSession()) expect((await signIn(user.browser, url, user.email, PASSWORD)).status).toBe(303);
  const back = await consent(user.browser, url);
  const code = back.searchParams.get('code')!;
  const res = await token(t, f.host, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier }).expect(200);
  return { body: res.body, clientId, user, code, verifier };
}

describe('discovery and registration', () => {
  it('publishes RFC 8414 and RFC 9728 metadata with the workspace as issuer, CORS allowed', async () => {
    const r = await request(t.app.getHttpServer()).get('/.well-known/oauth-authorization-server').set('Host', a.host).set('Origin', 'https://x.test').expect(200);
    const base = `http://${a.host}`;
    expect(r.body).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
      scopes_supported: ['crm.read', 'crm.write'],
      client_id_metadata_document_supported: true,
    });
    expect(r.headers['access-control-allow-origin']).toBe('*');
    const prm = await request(t.app.getHttpServer()).get('/.well-known/oauth-protected-resource/mcp').set('Host', a.host).expect(200);
    expect(prm.body).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base] });
    await request(t.app.getHttpServer()).get('/.well-known/openid-configuration').set('Host', a.host).expect(404);
    // no CORS on authorize
    const az = await request(t.app.getHttpServer()).get('/oauth/authorize').set('Host', a.host).set('Origin', 'https://x.test');
    expect(az.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('registers public and confidential clients (RFC 7591) and refuses bad metadata', async () => {
    const pub = await register(t, a.host, { client_name: 'Pub', redirect_uris: ['https://app.example/cb'], token_endpoint_auth_method: 'none', software_id: 'ignored' }).expect(201);
    expect(pub.body).toEqual({
      client_id: expect.stringMatching(/^cl_/),
      client_id_issued_at: expect.any(Number),
      client_name: 'Pub',
      redirect_uris: ['https://app.example/cb'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
    const conf = await register(t, a.host, { client_name: 'Conf', redirect_uris: ['http://localhost/cb'], token_endpoint_auth_method: 'client_secret_post' }).expect(201);
    expect(conf.body).toMatchObject({ client_secret: expect.stringMatching(/^cs_/), client_secret_expires_at: 0 });
    for (const uri of ['http://app.example/cb', 'https://app.example/cb#frag', 'ftp://x/y', 'not a url']) {
      expect((await register(t, a.host, { redirect_uris: [uri] }).expect(400)).body.error).toBe('invalid_redirect_uri');
    }
    expect((await register(t, a.host, { redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'client_secret_basic' }).expect(400)).body.error).toBe('invalid_client_metadata');
    expect((await register(t, a.host, { redirect_uris: ['https://a.example/cb'], grant_types: ['password'] }).expect(400)).body.error).toBe('invalid_client_metadata');
  });
});

describe('authorization code flow', () => {
  it('signs in, shows consent, issues mcp_/mcpr_ tokens that work on REST with their scope', async () => {
    const { body } = await fullFlow(a);
    expect(body).toEqual({ access_token: expect.stringMatching(/^mcp_/), token_type: 'Bearer', expires_in: 3600, refresh_token: expect.stringMatching(/^mcpr_/), scope: 'crm.read crm.write' });
    await api(t, a.host, body.access_token).get('/api/v1/me').expect(200);
    await api(t, a.host, body.access_token).post('/api/v1/companies', { name: 'Written by OAuth' }).expect(201);
    // the refresh token is no bearer
    await api(t, a.host, body.refresh_token).get('/api/v1/me').expect(401);
  });

  it('consent page shows app name, redirect domain and scopes; deny redirects access_denied with state', async () => {
    const clientId = await publicClient(a);
    const u = await userWithBrowser(a);
    const url = authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, scope: 'crm.read', code_challenge: pkce().challenge });
    await signIn(u.browser, url, u.email, PASSWORD);
    const page = await u.browser.get(url);
    expect(page.text).toContain('Test App');
    expect(page.text).toContain('127.0.0.1');
    expect(page.text).toContain('crm.read');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // browsers apply form-action to the redirect after the POST: the client's origin is allowed on this page only
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://127.0.0.1:4567;");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    const denied = await consent(u.browser, url, 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('st-1');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('refuses a consent POST without the CSRF token or from another origin', async () => {
    const clientId = await publicClient(a);
    const u = await userWithBrowser(a);
    const url = authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, code_challenge: pkce().challenge });
    await signIn(u.browser, url, u.email, PASSWORD);
    const fields = formFields((await u.browser.get(url)).text);
    const noCsrf = await u.browser.post('/oauth/authorize', { ...fields, csrf: 'forged', decision: 'allow' });
    expect(noCsrf.status).toBe(400);
    expect(noCsrf.headers.location).toBeUndefined();
    const foreign = await u.browser.post('/oauth/authorize', { ...fields, decision: 'allow' }, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(400);
    expect((await u.browser.post('/oauth/authorize', { ...fields, decision: 'allow' }, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(400);
    // the token is bound to the session: another signed-in browser cannot use it with its own session
    const other = await userWithBrowser(a);
    await signIn(other.browser, url, other.email, PASSWORD);
    const jar = (br: Browser) => (br as unknown as { cookies: Map<string, string> }).cookies;
    jar(other.browser).set('crm_oauth_csrf', jar(u.browser).get('crm_oauth_csrf')!);
    const stolen = await other.browser.post('/oauth/authorize', { ...fields, decision: 'allow' });
    expect(stolen.status).toBe(400);
    expect(stolen.headers.location).toBeUndefined();
    // a same-origin form under Referrer-Policy: no-referrer is sent with `Origin: null`: accepted
    const ok = await u.browser.post('/oauth/authorize', { ...fields, decision: 'allow' }, { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' });
    expect(ok.status).toBe(302);
    expect(new URL(ok.headers.location as string).searchParams.get('code')).toMatch(/^mcpc_/);
    // a foreign return_to after sign-in is not followed
    const b2 = new Browser(t, a.host);
    const page = await b2.get('/oauth/signin?return_to=https%3A%2F%2Fevil.example%2F');
    const r = await b2.post('/oauth/signin', { ...formFields(page.text), username: u.email, password: PASSWORD });
    expect(r.headers.location).toBe('/oauth/authorize');
  });

  it('asks for the second factor on the sign-in page, without asking for the password again', async () => {
    const u = await userWithBrowser(a);
    const { secret } = await t.get(UsersService).enableTotp(a.ws.id, u.user.id);
    const clientId = await publicClient(a);
    const url = authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, code_challenge: pkce().challenge });
    const r = await signIn(u.browser, url, u.email, PASSWORD);
    expect(r.status).toBe(200);
    expect(r.text).toContain('name="otp"');
    expect(r.text).not.toContain('name="password"');
    expect(r.text).toContain(`Signing in as <strong>${u.email}</strong>. Enter the 6-digit code`);
    expect(r.text).not.toContain('role="alert"');
    expect(u.browser.hasSession()).toBe(false);
    const step = formFields(r.text);
    expect(step.pending).toMatch(/^v1\./);
    expect(Buffer.from(step.pending!.split('.')[3]!, 'base64url').toString()).not.toContain(u.email); // sealed, not readable
    // a wrong code: the code step again (same proof), no session
    const wrong = await u.browser.post('/oauth/signin', { ...step, otp: '000000' === currentTotp(secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Invalid code');
    expect(formFields(wrong.text).pending).toBe(step.pending);
    expect(u.browser.hasSession()).toBe(false);
    // a tampered proof: back to the password
    const tampered = await u.browser.post('/oauth/signin', { ...step, pending: step.pending!.slice(0, -4) + 'AAAA', otp: currentTotp(secret) });
    expect(tampered.text).toContain('name="password"');
    expect(tampered.text).toContain('took too long');
    // the right code with the proof: signed in, back to authorize
    const ok = await u.browser.post('/oauth/signin', { ...step, otp: currentTotp(secret) });
    expect(ok.status).toBe(303);
    expect(u.browser.hasSession()).toBe(true);
    // the proof is spent: the next code (accepted with one step of drift) does not sign in again with it
    const replay = new Browser(t, a.host);
    const replayPage = await replay.get('/oauth/signin');
    const again = await replay.post('/oauth/signin', { ...formFields(replayPage.text), pending: step.pending!, username: u.email, otp: currentTotp(secret, Date.now() + 30_000) });
    expect(again.text).toContain('took too long');
    expect(replay.hasSession()).toBe(false);
    // the wrong password never reaches the code step
    const b2 = new Browser(t, a.host);
    const bad = await signIn(b2, url, u.email, 'wrong-password-1');
    expect(bad.text).toContain('Invalid');
    expect(bad.text).not.toContain('name="pending"');
  });

  it('the proof of the password step expires after 5 minutes, and with a password change; it is bound to its workspace', async () => {
    const u = await userWithBrowser(a);
    const { secret } = await t.get(UsersService).enableTotp(a.ws.id, u.user.id);
    const clientId = await publicClient(a);
    const url = authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, code_challenge: pkce().challenge });
    const step = formFields((await signIn(u.browser, url, u.email, PASSWORD)).text);
    // another workspace does not take it
    const other = new Browser(t, b.host);
    const page = await other.get('/oauth/signin');
    const foreign = await other.post('/oauth/signin', { ...formFields(page.text), pending: step.pending!, username: u.email, otp: currentTotp(secret) });
    expect(foreign.text).toContain('took too long');
    expect(other.hasSession()).toBe(false);
    // a password change since the first step
    const setPassword = async (pw: string) => db(t).query('UPDATE users SET password_hash = $3 WHERE workspace_id = $1 AND id = $2', [a.ws.id, u.user.id, await hashPassword(pw)]);
    await setPassword('Another-Horse-43');
    const changed = await u.browser.post('/oauth/signin', { ...step, otp: currentTotp(secret) });
    expect(changed.text).toContain('took too long');
    expect(u.browser.hasSession()).toBe(false);
    // five minutes later
    await setPassword(PASSWORD);
    const fresh = formFields((await signIn(u.browser, url, u.email, PASSWORD)).text);
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now + 5 * 60_000 + 1000);
    try {
      const late = await u.browser.post('/oauth/signin', { ...fresh, otp: currentTotp(secret) });
      expect(late.text).toContain('took too long');
    } finally {
      spy.mockRestore();
    }
    expect(u.browser.hasSession()).toBe(false);
  });

  it('authorize: a bad client or redirect_uri shows a page and never redirects; other errors redirect with state (to a client a user authorized)', async () => {
    // errors redirect only to a client some user of the workspace has authorized (RFC 9700 4.11.2; oauth-untrusted-clients.e2e-spec.ts)
    const { clientId } = await fullFlow(a);
    const { challenge } = pkce();
    const unknown = await request(t.app.getHttpServer()).get(authorizeUrl({ client_id: 'cl_unknownunknownunknown', redirect_uri: REDIRECT, code_challenge: challenge })).set('Host', a.host).expect(400);
    expect(unknown.headers.location).toBeUndefined();
    await request(t.app.getHttpServer()).get(authorizeUrl({ client_id: clientId, redirect_uri: 'https://evil.example/cb', code_challenge: challenge })).set('Host', a.host).expect(400);
    const cases: [Record<string, string>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge: '' }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ scope: 'crm.admin' }, 'invalid_scope'],
      [{ resource: 'https://other.example/mcp' }, 'invalid_target'],
    ];
    for (const [extra, error] of cases) {
      const r = await request(t.app.getHttpServer()).get(authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge, ...extra })).set('Host', a.host).expect(302);
      const loc = new URL(r.headers.location as string);
      expect([loc.origin + loc.pathname, loc.searchParams.get('error'), loc.searchParams.get('state'), loc.searchParams.get('iss')]).toEqual([REDIRECT, error, 'st-1', `http://${a.host}`]);
    }
  });

  it('loopback redirect URIs match with any port (rule 4); https ones exactly', async () => {
    const clientId = await publicClient(a, 'http://127.0.0.1/callback');
    const u = await userWithBrowser(a);
    const { verifier, challenge } = pkce();
    const url = authorizeUrl({ client_id: clientId, redirect_uri: 'http://127.0.0.1:61234/callback', code_challenge: challenge });
    await signIn(u.browser, url, u.email, PASSWORD);
    const back = await consent(u.browser, url);
    expect(back.port).toBe('61234');
    await token(t, a.host, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: 'http://127.0.0.1:61234/callback', client_id: clientId, code_verifier: verifier }).expect(200);
    // other path on loopback: not registered
    await u.browser.get(authorizeUrl({ client_id: clientId, redirect_uri: 'http://127.0.0.1:61234/other', code_challenge: challenge })).then((r) => expect(r.status).toBe(400));
  });
});

describe('token endpoint errors (7.2)', () => {
  it('code: reuse revokes every token of the grant; wrong client, redirect_uri, verifier are invalid_grant', async () => {
    const clientId = await publicClient(a);
    const u = await userWithBrowser(a);
    const { verifier, challenge } = pkce();
    const url = authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge });
    await signIn(u.browser, url, u.email, PASSWORD);
    const code = (await consent(u.browser, url)).searchParams.get('code')!;
    const other = await publicClient(a);
    const base = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier };
    expect((await token(t, a.host, { ...base, client_id: other }).expect(400)).body.error).toBe('invalid_grant');
    expect((await token(t, a.host, { ...base, redirect_uri: 'http://127.0.0.1:4567/other' }).expect(400)).body.error).toBe('invalid_grant');
    const bad = await token(t, a.host, { ...base, code_verifier: 'x'.repeat(43) }).expect(400);
    expect(bad.body).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('PKCE') });
    expect(bad.headers['cache-control']).toBe('no-store');
    const ok = await token(t, a.host, base).expect(200);
    await api(t, a.host, ok.body.access_token).get('/api/v1/me').expect(200);
    expect((await token(t, a.host, base).expect(400)).body.error).toBe('invalid_grant');
    await api(t, a.host, ok.body.access_token).get('/api/v1/me').expect(401);
    expect((await token(t, a.host, { grant_type: 'refresh_token', refresh_token: ok.body.refresh_token, client_id: clientId }).expect(400)).body.error).toBe('invalid_grant');
  });

  it('an expired code (5 min) and a refresh token unused for 60 days are invalid_grant', async () => {
    const clientId = await publicClient(a);
    const u = await userWithBrowser(a);
    const { verifier, challenge } = pkce();
    const url = authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge });
    await signIn(u.browser, url, u.email, PASSWORD);
    const code = (await consent(u.browser, url)).searchParams.get('code')!;
    const row = await db(t).query(`SELECT expires_at - created_at AS ttl FROM oauth_codes WHERE workspace_id = $1 ORDER BY id DESC LIMIT 1`, [a.ws.id]);
    expect(row[0].ttl).toMatchObject({ minutes: 5 });
    await db(t).query(`UPDATE oauth_codes SET expires_at = now() - interval '1 second' WHERE workspace_id = $1`, [a.ws.id]);
    const r = await token(t, a.host, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier }).expect(400);
    expect(r.body).toEqual({ error: 'invalid_grant', error_description: 'authorization code expired' });

    const { body, clientId: c2 } = await fullFlow(a);
    const days = await db(t).query(`SELECT round(extract(epoch FROM expires_at - created_at) / 86400) AS d FROM credentials WHERE workspace_id = $1 AND kind = 'oauth_refresh' ORDER BY id DESC LIMIT 1`, [a.ws.id]);
    expect(Number(days[0].d)).toBe(60);
    await db(t).query(`UPDATE credentials SET expires_at = now() - interval '1 second' WHERE workspace_id = $1 AND kind = 'oauth_refresh'`, [a.ws.id]);
    expect((await token(t, a.host, { grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: c2 }).expect(400)).body.error).toBe('invalid_grant');
  });

  it('unsupported grant types, missing parameters, Basic auth and bad secrets', async () => {
    const clientId = await publicClient(a);
    for (const g of ['password', 'client_credentials', 'implicit']) {
      expect((await token(t, a.host, { grant_type: g, client_id: clientId }).expect(400)).body.error).toBe('unsupported_grant_type');
    }
    expect((await token(t, a.host, { client_id: clientId }).expect(400)).body.error).toBe('invalid_request');
    expect((await token(t, a.host, { grant_type: 'authorization_code', client_id: clientId, code: 'x' }).expect(400)).body.error).toBe('invalid_request');
    expect((await token(t, a.host, { grant_type: 'authorization_code', client_id: clientId, code: 'nope', redirect_uri: REDIRECT, code_verifier: 'v'.repeat(43) }).expect(400)).body.error).toBe('invalid_grant');
    const basic = await token(t, a.host, { grant_type: 'authorization_code', code: 'x' }, { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }).expect(401);
    expect(basic.body.error).toBe('invalid_client');
    expect(basic.headers['www-authenticate']).toMatch(/^Basic/);
    const conf = (await register(t, a.host, { client_name: 'Conf', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_post' }).expect(201)).body;
    expect((await token(t, a.host, { grant_type: 'refresh_token', refresh_token: 'x', client_id: conf.client_id, client_secret: 'wrong' }).expect(401)).body.error).toBe('invalid_client');
    expect((await token(t, a.host, { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'cl_nonexistentnonexisten' }).expect(401)).body.error).toBe('invalid_client');
  });

  it('a confidential client needs its secret for the code exchange', async () => {
    const conf = (await register(t, a.host, { client_name: 'Conf', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_post' }).expect(201)).body;
    const f = await fullFlow(a, { clientId: conf.client_id }).catch((e: Error) => e);
    expect(f).toBeInstanceOf(Error); // the helper sends no secret: 401
    const u = await userWithBrowser(a);
    const { verifier, challenge } = pkce();
    const url = authorizeUrl({ client_id: conf.client_id, redirect_uri: REDIRECT, code_challenge: challenge });
    await signIn(u.browser, url, u.email, PASSWORD);
    const code = (await consent(u.browser, url)).searchParams.get('code')!;
    await token(t, a.host, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: conf.client_id, client_secret: conf.client_secret, code_verifier: verifier }).expect(200);
  });

  it('refresh rotates: new pair, old refresh token invalid_grant; concurrent refreshes: exactly one wins', async () => {
    const { body, clientId } = await fullFlow(a);
    const r1 = await token(t, a.host, { grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: clientId }).expect(200);
    expect(r1.body.refresh_token).not.toBe(body.refresh_token);
    expect(r1.body.access_token).toMatch(/^mcp_/);
    expect((await token(t, a.host, { grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: clientId }).expect(400)).body.error).toBe('invalid_grant');
    const both = await Promise.all([1, 2].map(() => token(t, a.host, { grant_type: 'refresh_token', refresh_token: r1.body.refresh_token, client_id: clientId })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    // narrowing on refresh; widening refused
    const good = both.find((r) => r.status === 200)!.body;
    const narrow = await token(t, a.host, { grant_type: 'refresh_token', refresh_token: good.refresh_token, client_id: clientId, scope: 'crm.read' }).expect(200);
    expect(narrow.body.scope).toBe('crm.read');
  });

  it('answers 429 slow_down with Retry-After over the per-address OAuth limit', async () => {
    const t2 = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '3' } });
    try {
      const f = await createWorkspace(t2);
      const codes: number[] = [];
      let last: request.Response | undefined;
      for (let i = 0; i < 5; i++) {
        last = await token(t2, f.host, { grant_type: 'password' });
        codes.push(last.status);
      }
      expect(codes).toEqual([400, 400, 400, 429, 429]);
      expect(last!.body.error).toBe('slow_down');
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t2.close();
    }
  });
});

describe('scopes, revocation, app connections, deactivation, isolation', () => {
  it('a crm.read token reads but gets 403 insufficient_scope with WWW-Authenticate on writes', async () => {
    const { body } = await fullFlow(a, { scope: 'crm.read' });
    expect(body.scope).toBe('crm.read');
    await api(t, a.host, body.access_token).get('/api/v1/companies').expect(200);
    const w = await api(t, a.host, body.access_token).post('/api/v1/companies', { name: 'Nope' }).expect(403);
    expect(w.body.error).toBe('insufficient_scope');
    expect(w.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="crm.write"');
  });

  it('a new consent replaces the grant scope (one grant per user and app), also on issued tokens', async () => {
    const first = await fullFlow(a, { scope: 'crm.read crm.write' });
    const second = await fullFlow(a, { clientId: first.clientId, user: first.user, scope: 'crm.read' });
    await api(t, a.host, first.body.access_token).post('/api/v1/companies', { name: 'Old token now read-only' }).expect(403);
    await api(t, a.host, second.body.access_token).get('/api/v1/me').expect(200);
    const list = await api(t, a.host, first.user.key).get('/api/v1/apps').expect(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ app_name: 'Test App', scope: 'crm.read' });
  });

  it('revocation (RFC 7009): access token alone; refresh token revokes the grant; unknown tokens 200', async () => {
    const { body, clientId } = await fullFlow(a);
    await revoke(t, a.host, { token: 'mcp_unknownunknownunknownunknownunknownunknown1', client_id: clientId }).expect(200);
    await revoke(t, a.host, { token: body.access_token, client_id: clientId, token_type_hint: 'access_token' }).expect(200);
    await api(t, a.host, body.access_token).get('/api/v1/me').expect(401);
    const r = await token(t, a.host, { grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: clientId }).expect(200);
    await revoke(t, a.host, { token: r.body.refresh_token, client_id: clientId }).expect(200);
    await api(t, a.host, r.body.access_token).get('/api/v1/me').expect(401);
    expect((await token(t, a.host, { grant_type: 'refresh_token', refresh_token: r.body.refresh_token, client_id: clientId }).expect(400)).body.error).toBe('invalid_grant');
    // another client's revocation changes nothing
    const again = await fullFlow(a);
    await revoke(t, a.host, { token: again.body.access_token, client_id: clientId }).expect(200);
    await api(t, a.host, again.body.access_token).get('/api/v1/me').expect(200);
    expect((await revoke(t, a.host, { client_id: clientId }).expect(400)).body.error).toBe('invalid_request');
  });

  it('App connections list grants with last use and call count; removing one revokes all its tokens', async () => {
    const { body, user } = await fullFlow(a);
    for (let i = 0; i < 3; i++) await api(t, a.host, body.access_token).get('/api/v1/me').expect(200);
    await t.get(GrantUsage).flush();
    const list = await api(t, a.host, user.key).get('/api/v1/apps').expect(200);
    expect(list.body).toEqual({
      ok: true,
      next_cursor: null,
      items: [
        {
          id: expect.any(Number),
          app_name: 'Test App',
          client_id: expect.stringMatching(/^cl_/),
          scope: 'crm.read crm.write',
          scope_words: expect.any(Array),
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
          last_used_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
          call_count: 3,
        },
      ],
    });
    const id = list.body.items[0].id;
    // another user of the workspace does not see or remove it
    const other = await createUser(t, a);
    expect((await api(t, a.host, other.key).get('/api/v1/apps').expect(200)).body.items).toEqual([]);
    await api(t, a.host, other.key).delete(`/api/v1/apps/${id}`).expect(404);
    await api(t, b.host, b.adminKey).delete(`/api/v1/apps/${id}`).expect(404);
    await api(t, a.host, user.key).delete(`/api/v1/apps/${id}`).expect(200);
    await api(t, a.host, body.access_token).get('/api/v1/me').expect(401);
    expect((await api(t, a.host, user.key).get('/api/v1/apps').expect(200)).body.items).toEqual([]);
    await api(t, a.host, user.key).delete(`/api/v1/apps/${id}`).expect(404);
  });

  it('a deactivated user\'s tokens stop working at once, refresh included', async () => {
    const { body, clientId, user } = await fullFlow(a);
    await t.get(UsersService).deactivate(a.ws.id, user.user.id);
    await api(t, a.host, body.access_token).get('/api/v1/me').expect(401);
    expect((await token(t, a.host, { grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: clientId }).expect(400)).body.error).toBe('invalid_grant');
  });

  it('a token of workspace A is 401 on B\'s host; A\'s client is unknown on B', async () => {
    const { body, clientId } = await fullFlow(a);
    await api(t, b.host, body.access_token).get('/api/v1/me').expect(401);
    expect((await token(t, b.host, { grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: clientId }).expect(401)).body.error).toBe('invalid_client');
  });

  it('client ID metadata documents: the URL is the client_id, redirect_uri must be listed', async () => {
    const u = await userWithBrowser(a);
    const { verifier, challenge } = pkce();
    const url = `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: docUrl, redirect_uri: 'http://localhost:7777/cb', code_challenge: challenge, code_challenge_method: 'S256', state: 's' })}`;
    await signIn(u.browser, url, u.email, PASSWORD);
    const page = await u.browser.get(url);
    expect(page.text).toContain('Doc Client');
    const back = await consent(u.browser, url);
    const r = await token(t, a.host, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, client_id: docUrl, code_verifier: verifier, redirect_uri: 'http://localhost:7777/cb' }).expect(200);
    expect(r.body.access_token).toMatch(/^mcp_/);
    const bad = await u.browser.get(url.replace('localhost%3A7777%2Fcb', 'localhost%3A7777%2Fother'));
    expect(bad.status).toBe(400);
  });
});
