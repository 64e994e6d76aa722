import * as oauth from 'oauth4webapi';
import { createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { Browser, consent, signIn } from '../../helpers/oauth-flow';
import { listenLoopback, loopbackFetch } from '../../helpers/loopback-fetch';

/** The authorization server driven by a real client library (oauth4webapi), over a real socket. */
let t: TestApp;
let a: Fixture;
let port = 0;
const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1:4567/callback';
// loopback issuers are http: oauth4webapi needs this to talk to them at all
const opts = { [oauth.customFetch]: loopbackFetch, [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
  port = (await listenLoopback(t)).port;
});
afterAll(() => t.close());

const hostOf = (f: Fixture) => `${f.host}:${port}`;
const issuerOf = (f: Fixture) => new URL(`http://${hostOf(f)}`);

async function discover(f: Fixture): Promise<oauth.AuthorizationServer> {
  const res = await oauth.discoveryRequest(issuerOf(f), { ...opts, algorithm: 'oauth2' });
  return oauth.processDiscoveryResponse(issuerOf(f), res);
}

async function registerClient(as: oauth.AuthorizationServer, method: 'none' | 'client_secret_post') {
  const res = await oauth.dynamicClientRegistrationRequest(as, { client_name: 'o4w App', redirect_uris: [REDIRECT], token_endpoint_auth_method: method }, opts);
  return oauth.processDynamicClientRegistrationResponse(res);
}

async function signedInBrowser(f: Fixture) {
  const email = `o${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  await createUser(t, f, { email, password: PASSWORD });
  return { email, browser: new Browser(t, hostOf(f)) };
}

/** Authorization request built by the library; sign-in and consent pages driven over HTTP like a browser. */
async function authorize(as: oauth.AuthorizationServer, client: oauth.Client, scope = 'crm.read crm.write') {
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({ client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', scope, state, code_challenge: challenge, code_challenge_method: 'S256' }).toString();
  const { email, browser } = await signedInBrowser(a);
  const path = url.pathname + url.search;
  expect((await signIn(browser, path, email, PASSWORD)).status).toBe(303);
  const back = await consent(browser, path);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  return { params: oauth.validateAuthResponse(as, client, back, state), verifier };
}

describe('oauth4webapi against the authorization server', () => {
  it('discovery: RFC 8414 metadata accepted with the workspace as issuer', async () => {
    const as = await discover(a);
    expect(as).toMatchObject({
      issuer: `http://${hostOf(a)}`,
      token_endpoint: `http://${hostOf(a)}/oauth/token`,
      registration_endpoint: `http://${hostOf(a)}/oauth/register`,
      revocation_endpoint: `http://${hostOf(a)}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
    });
    // the library refuses metadata of another issuer (a workspace's metadata is not another's)
    const other = await createWorkspace(t);
    const res = await oauth.discoveryRequest(issuerOf(other), { ...opts, algorithm: 'oauth2' });
    await expect(oauth.processDiscoveryResponse(issuerOf(a), res)).rejects.toThrow(/issuer/);
  });

  it('public client: DCR, code + PKCE, refresh with rotation, revocation', async () => {
    const as = await discover(a);
    const client = await registerClient(as, 'none');
    expect(client).toMatchObject({ client_id: expect.stringMatching(/^cl_/), token_endpoint_auth_method: 'none' });
    expect(client.client_secret).toBeUndefined();
    const auth = oauth.None();

    const { params, verifier } = await authorize(as, client);
    expect(params.get('iss')).toBe(as.issuer);
    const codeRes = await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, verifier, opts);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, codeRes);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'crm.read crm.write', access_token: expect.stringMatching(/^mcp_/), refresh_token: expect.stringMatching(/^mcpr_/) });
    expect((await loopbackFetch(`${as.issuer}/api/v1/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);

    // the code is single use: the library surfaces invalid_grant
    const again = await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, verifier, opts);
    await expect(oauth.processAuthorizationCodeResponse(as, client, again)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    // ...and its reuse revoked the grant's tokens
    expect((await loopbackFetch(`${as.issuer}/api/v1/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);

    // a fresh grant for refresh and revocation
    const second = await authorize(as, client);
    const t2 = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, auth, second.params, REDIRECT, second.verifier, opts));
    const r1 = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, t2.refresh_token!, opts));
    expect(r1.refresh_token).toMatch(/^mcpr_/);
    expect(r1.refresh_token).not.toBe(t2.refresh_token);
    expect(r1.access_token).not.toBe(t2.access_token);
    // rotation: the old refresh token is spent
    const stale = await oauth.refreshTokenGrantRequest(as, client, auth, t2.refresh_token!, opts);
    await expect(oauth.processRefreshTokenResponse(as, client, stale)).rejects.toMatchObject({ error: 'invalid_grant' });
    // narrowing the scope on refresh
    const narrow = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, r1.refresh_token!, { ...opts, additionalParameters: { scope: 'crm.read' } }));
    expect(narrow.scope).toBe('crm.read');

    // revocation (RFC 7009) of the refresh token ends the grant's access tokens too
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, narrow.refresh_token!, { ...opts, additionalParameters: { token_type_hint: 'refresh_token' } }));
    expect((await loopbackFetch(`${as.issuer}/api/v1/me`, { headers: { Authorization: `Bearer ${narrow.access_token}` } })).status).toBe(401);
    const dead = await oauth.refreshTokenGrantRequest(as, client, auth, narrow.refresh_token!, opts);
    await expect(oauth.processRefreshTokenResponse(as, client, dead)).rejects.toMatchObject({ error: 'invalid_grant' });
    // unknown tokens: 200 for the library too
    await expect(oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, 'mcp_unknown', opts))).resolves.toBeUndefined();
  });

  it('confidential client: DCR with a secret, client_secret_post at token and revocation; a wrong secret is invalid_client', async () => {
    const as = await discover(a);
    const client = await registerClient(as, 'client_secret_post');
    expect(client).toMatchObject({ client_secret: expect.stringMatching(/^cs_/), client_secret_expires_at: 0 });
    const auth = oauth.ClientSecretPost(client.client_secret as string);

    const { params, verifier } = await authorize(as, client, 'crm.read');
    const wrong = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretPost('cs_wrong'), params, REDIRECT, verifier, opts);
    await expect(oauth.processAuthorizationCodeResponse(as, client, wrong)).rejects.toMatchObject({ error: 'invalid_client', status: 401 });
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, verifier, opts));
    expect(tokens.scope).toBe('crm.read');
    const r = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, opts));
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, r.access_token, { ...opts, additionalParameters: { token_type_hint: 'access_token' } }));
    expect((await loopbackFetch(`${as.issuer}/api/v1/me`, { headers: { Authorization: `Bearer ${r.access_token}` } })).status).toBe(401);
  });

  it('wrong PKCE verifier and a denied consent come back as errors the library understands', async () => {
    const as = await discover(a);
    const client = await registerClient(as, 'none');
    const { params } = await authorize(as, client);
    const bad = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, oauth.generateRandomCodeVerifier(), opts);
    await expect(oauth.processAuthorizationCodeResponse(as, client, bad)).rejects.toMatchObject({ error: 'invalid_grant' });

    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({ client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', state, code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()), code_challenge_method: 'S256' }).toString();
    const { email, browser } = await signedInBrowser(a);
    await signIn(browser, url.pathname + url.search, email, PASSWORD);
    const denied = await consent(browser, url.pathname + url.search, 'deny');
    expect(() => oauth.validateAuthResponse(as, client, denied, state)).toThrow(expect.objectContaining({ error: 'access_denied' }));
  });
});
