import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { createUser, createWorkspace, db, Fixture, LOOPBACK_NETWORK, startApp, TestApp } from '../../helpers/test-app';
import { Browser, consent, signIn } from '../../helpers/oauth-flow';
import { listenLoopback, loopbackFetch } from '../../helpers/loopback-fetch';

/**
 * Every error of spec 7.2, loopback port matching and a client ID metadata document, as a real client
 * library (oauth4webapi) sees them over a real socket. The library's own checks run on every response:
 * an error it cannot parse, a missing `iss` or a wrong `state` would fail these tests too.
 */
let t: TestApp;
let a: Fixture;
let port = 0;
let doc: Server;
let docUrl = '';
const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1:4567/callback';
const opts = { [oauth.customFetch]: loopbackFetch, [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000' }, clientMetadataNetwork: LOOPBACK_NETWORK });
  a = await createWorkspace(t);
  port = (await listenLoopback(t)).port;
  // the client ID metadata document, served by the test on loopback (reachable through the test-only LOOPBACK_NETWORK seam)
  doc = createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'max-age=600');
    res.end(JSON.stringify({ client_id: docUrl, client_name: 'Metadata Doc App', redirect_uris: ['http://127.0.0.1/cb'], token_endpoint_auth_method: 'none' }));
  });
  await new Promise<void>((r) => doc.listen(0, '127.0.0.1', r));
  docUrl = `http://127.0.0.1:${(doc.address() as AddressInfo).port}/client.json`;
});
afterAll(async () => {
  doc.close();
  await t.close();
});

const issuerOf = (f: Fixture) => new URL(`http://${f.host}:${port}`);

async function discover(f: Fixture): Promise<oauth.AuthorizationServer> {
  return oauth.processDiscoveryResponse(issuerOf(f), await oauth.discoveryRequest(issuerOf(f), { ...opts, algorithm: 'oauth2' }));
}

async function registerPublic(as: oauth.AuthorizationServer, redirect = REDIRECT): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(as, { client_name: 'Errors App', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }, opts);
  return oauth.processDynamicClientRegistrationResponse(res);
}

async function browserFor(f: Fixture) {
  const email = `e${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  await createUser(t, f, { email, password: PASSWORD });
  return { email, browser: new Browser(t, `${f.host}:${port}`) };
}

/** The library builds the request; the pages are driven like a browser. Returns the validated callback. */
async function authorize(as: oauth.AuthorizationServer, client: oauth.Client, redirect = REDIRECT, decision: 'allow' | 'deny' = 'allow') {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirect,
    response_type: 'code',
    scope: 'crm.read crm.write',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const { email, browser } = await browserFor(a);
  const path = url.pathname + url.search;
  expect((await signIn(browser, path, email, PASSWORD)).status).toBe(303);
  const back = await consent(browser, path, decision);
  return { back, state, verifier, params: decision === 'allow' ? oauth.validateAuthResponse(as, client, back, state) : undefined };
}

const none = oauth.None();

async function exchange(as: oauth.AuthorizationServer, client: oauth.Client, params: URLSearchParams, redirect: string, verifier: string) {
  return oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, none, params, redirect, verifier, opts));
}

async function me(as: oauth.AuthorizationServer, accessToken: string): Promise<number> {
  return (await loopbackFetch(`${as.issuer}/api/v1/me`, { headers: { Authorization: `Bearer ${accessToken}` } })).status;
}

describe('spec 7.2 errors through oauth4webapi', () => {
  it('code expired: 400 invalid_grant', async () => {
    const as = await discover(a);
    const client = await registerPublic(as);
    const { params, verifier } = await authorize(as, client);
    await db(t).query(`UPDATE oauth_codes SET expires_at = now() - interval '1 second' WHERE workspace_id = $1 AND client_id = $2`, [a.ws.id, client.client_id]);
    await expect(exchange(as, client, params!, REDIRECT, verifier)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('code of another client, and redirect_uri mismatch: 400 invalid_grant (the code survives both)', async () => {
    const as = await discover(a);
    const client = await registerPublic(as);
    const other = await registerPublic(as);
    const { params, verifier } = await authorize(as, client);
    await expect(exchange(as, other, params!, REDIRECT, verifier)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    await expect(exchange(as, client, params!, 'http://127.0.0.1:4567/elsewhere', verifier)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    const tokens = await exchange(as, client, params!, REDIRECT, verifier);
    expect(tokens.access_token).toMatch(/^mcp_/);
  });

  it('PKCE verification failed: 400 invalid_grant with an error_description', async () => {
    const as = await discover(a);
    const client = await registerPublic(as);
    const { params } = await authorize(as, client);
    const err = await exchange(as, client, params!, REDIRECT, oauth.generateRandomCodeVerifier()).catch((e: unknown) => e);
    expect(err).toMatchObject({ error: 'invalid_grant', status: 400, error_description: expect.stringMatching(/PKCE|code_verifier/) });
  });

  it('same code a second time: 400 invalid_grant, and every token of that grant is revoked (refresh included)', async () => {
    const as = await discover(a);
    const client = await registerPublic(as);
    const { params, verifier } = await authorize(as, client);
    const tokens = await exchange(as, client, params!, REDIRECT, verifier);
    expect(await me(as, tokens.access_token)).toBe(200);
    await expect(exchange(as, client, params!, REDIRECT, verifier)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    expect(await me(as, tokens.access_token)).toBe(401);
    const refresh = await oauth.refreshTokenGrantRequest(as, client, none, tokens.refresh_token!, opts);
    await expect(oauth.processRefreshTokenResponse(as, client, refresh)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('old refresh token: 400 invalid_grant; the rotated one keeps working', async () => {
    const as = await discover(a);
    const client = await registerPublic(as);
    const { params, verifier } = await authorize(as, client);
    const first = await exchange(as, client, params!, REDIRECT, verifier);
    const second = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, none, first.refresh_token!, opts));
    const stale = await oauth.refreshTokenGrantRequest(as, client, none, first.refresh_token!, opts);
    await expect(oauth.processRefreshTokenResponse(as, client, stale)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    const third = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, none, second.refresh_token!, opts));
    expect(await me(as, third.access_token)).toBe(200);
  });

  it('unsupported grant types (password, client_credentials): 400 unsupported_grant_type', async () => {
    const as = await discover(a);
    const client = await registerPublic(as);
    const password = await oauth.genericTokenEndpointRequest(as, client, none, 'password', { username: 'x', password: 'y' }, opts);
    await expect(oauth.processGenericTokenEndpointResponse(as, client, password)).rejects.toMatchObject({ error: 'unsupported_grant_type', status: 400 });
    const cc = await oauth.clientCredentialsGrantRequest(as, client, none, { scope: 'crm.read' }, opts);
    await expect(oauth.processClientCredentialsResponse(as, client, cc)).rejects.toMatchObject({ error: 'unsupported_grant_type', status: 400 });
  });

  it('user declines consent: redirect with error=access_denied and state, which the library validates', async () => {
    const as = await discover(a);
    const client = await registerPublic(as);
    const { back, state } = await authorize(as, client, REDIRECT, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
    expect(() => oauth.validateAuthResponse(as, client, back, state)).toThrow(expect.objectContaining({ error: 'access_denied' }));
    // a wrong state is caught by the library (the response carries the real one)
    expect(() => oauth.validateAuthResponse(as, client, back, 'another-state')).toThrow();
  });

  it('too many requests: 429 slow_down with Retry-After', async () => {
    const t2 = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '2' } });
    try {
      const f = await createWorkspace(t2);
      const p2 = (await listenLoopback(t2)).port;
      const as: oauth.AuthorizationServer = { issuer: `http://${f.host}:${p2}`, token_endpoint: `http://${f.host}:${p2}/oauth/token` };
      const client: oauth.Client = { client_id: 'cl_whoever' };
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await oauth.refreshTokenGrantRequest(as, client, none, 'mcpr_x', opts);
        statuses.push(last.status);
      }
      expect(statuses.slice(2)).toEqual([429, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      await expect(oauth.processRefreshTokenResponse(as, client, last!)).rejects.toMatchObject({ error: 'slow_down', status: 429 });
    } finally {
      await t2.close();
    }
  });
});

describe('redirect URIs and client ID metadata documents through oauth4webapi', () => {
  it('loopback: registered without a port, used with any port (rule 4), at authorize and at the token endpoint', async () => {
    const as = await discover(a);
    const client = await registerPublic(as, 'http://127.0.0.1/callback');
    const used = 'http://127.0.0.1:61234/callback';
    const { back, params, verifier } = await authorize(as, client, used);
    expect(back.port).toBe('61234');
    const tokens = await exchange(as, client, params!, used, verifier);
    expect(await me(as, tokens.access_token)).toBe(200);
  });

  it('a metadata document URL served by the test is the client_id (http on loopback: the test-only LOOPBACK_NETWORK): no registration, token works', async () => {
    const as = await discover(a);
    expect(as.client_id_metadata_document_supported).toBe(true);
    const client: oauth.Client = { client_id: docUrl, token_endpoint_auth_method: 'none' };
    const { email, browser } = await browserFor(a);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    const redirect = 'http://127.0.0.1:9999/cb';
    url.search = new URLSearchParams({ client_id: docUrl, redirect_uri: redirect, response_type: 'code', scope: 'crm.read', state, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' }).toString();
    await signIn(browser, url.pathname + url.search, email, PASSWORD);
    const page = await browser.get(url.pathname + url.search);
    expect(page.text).toContain('Metadata Doc App');
    const back = await consent(browser, url.pathname + url.search);
    const params = oauth.validateAuthResponse(as, client, back, state);
    const tokens = await exchange(as, client, params, redirect, verifier);
    expect(tokens.scope).toBe('crm.read');
    expect(await me(as, tokens.access_token)).toBe(200);
    // a redirect_uri the document does not list is an error page, never a redirect
    url.searchParams.set('redirect_uri', 'http://127.0.0.1:9999/other');
    const bad = await browser.get(url.pathname + url.search);
    expect(bad.status).toBe(400);
    expect(bad.headers.location).toBeUndefined();
  });
});
