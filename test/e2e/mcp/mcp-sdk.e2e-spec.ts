import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { extractWWWAuthenticateParams, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { authorizeUrl, Browser, consent, pkce, register, signIn, token } from '../../helpers/oauth-flow';
import { listenLoopback, loopbackFetch } from '../../helpers/loopback-fetch';
import { loopbackCallback, signInWithPage, useChromium } from '../../helpers/browser';

/** The official MCP TypeScript SDK client against /mcp, over a real socket. */
const chromium = useChromium();
let t: TestApp;
let a: Fixture;
let port = 0;
const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1:33333/cb';

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
  port = (await listenLoopback(t)).port;
});
afterAll(() => t.close());

const mcpUrl = (f: Fixture) => new URL(`http://${f.host}:${port}/mcp`);

async function newUser(f: Fixture) {
  const email = `s${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  const u = await createUser(t, f, { email, password: PASSWORD });
  return { ...u, email };
}

/** An access token through the HTTP flow (as in mcp.e2e-spec), for clients configured with a static bearer. */
async function bearer(f: Fixture, scope: string) {
  const u = await newUser(f);
  const clientId = (await register(t, f.host, { client_name: 'Static', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
  const b = new Browser(t, f.host);
  const { verifier, challenge } = pkce();
  const url = authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, scope, code_challenge: challenge });
  await signIn(b, url, u.email, PASSWORD);
  const code = (await consent(b, url)).searchParams.get('code')!;
  const tok = await token(t, f.host, { grant_type: 'authorization_code', code, client_id: clientId, code_verifier: verifier, redirect_uri: REDIRECT }).expect(200);
  return { access: tok.body.access_token as string, user: u };
}

async function connect(f: Fixture, access: string) {
  const transport = new StreamableHTTPClientTransport(mcpUrl(f), { fetch: loopbackFetch, requestInit: { headers: { Authorization: `Bearer ${access}` } } });
  const client = new Client({ name: 'crm-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const textOf = (r: unknown) => (r as { content: { type: string; text: string }[] }).content[0]!.text;

/**
 * An in-memory OAuthClientProvider. `redirectToAuthorization` hands the URL to `browse` (the test drives a
 * real browser there), as a desktop MCP client opens the system browser and waits on its loopback redirect.
 */
class TestProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authUrl?: URL;
  readonly sentState = randomBytes(16).toString('base64url');
  constructor(
    readonly redirectUrl: string,
    private readonly browse: (url: URL) => Promise<void>,
  ) {}
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'SDK Client', redirect_uris: [this.redirectUrl], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] };
  }
  state() {
    return this.sentState;
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(i: OAuthClientInformationMixed) {
    this.info = i;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tk: OAuthTokens) {
    this.saved = tk;
  }
  async redirectToAuthorization(url: URL) {
    this.authUrl = url;
    await this.browse(url);
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe('MCP TypeScript SDK client', () => {
  it('without a token: 401 with the resource-metadata challenge the SDK parses', async () => {
    const transport = new StreamableHTTPClientTransport(mcpUrl(a), { fetch: loopbackFetch });
    const client = new Client({ name: 'crm-e2e', version: '1.0.0' });
    const err = await client.connect(transport).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamableHTTPError);
    expect((err as StreamableHTTPError).code).toBe(401);
    const raw = await loopbackFetch(mcpUrl(a), { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
    expect(raw.status).toBe(401);
    expect(extractWWWAuthenticateParams(raw).resourceMetadataUrl?.href).toBe(`http://${a.host}:${port}/.well-known/oauth-protected-resource/mcp`);
  });

  it('full SDK OAuth: discovery from the 401, dynamic registration, consent, token; then tools', async () => {
    const u = await newUser(a);
    const cb = await loopbackCallback('/cb');
    try {
      // the "system browser": headless Chromium signs in and clicks Allow; the loopback server gets the redirect
      let callback: URL | undefined;
      const provider = new TestProvider(cb.uri, async (url) => {
        const page = await chromium.page();
        await page.goto(url.href);
        expect(new URL(page.url()).pathname).toBe('/oauth/signin');
        await signInWithPage(page, u.email, PASSWORD);
        const allow = page.getByRole('button', { name: 'Allow' });
        await allow.waitFor();
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('SDK Client');
        [callback] = await Promise.all([cb.next(), allow.click()]);
      });
      const first = new StreamableHTTPClientTransport(mcpUrl(a), { fetch: loopbackFetch, authProvider: provider });
      await expect(new Client({ name: 'crm-e2e', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
      // the SDK registered a client and sent the user to our authorize endpoint with PKCE S256 and the resource
      expect(provider.info?.client_id).toMatch(/^cl_/);
      const authUrl = provider.authUrl!;
      expect(authUrl.origin + authUrl.pathname).toBe(`http://${a.host}:${port}/oauth/authorize`);
      expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authUrl.searchParams.get('resource')).toBe(mcpUrl(a).href);
      // the browser came back to the client's redirect URI with the code, its state and our issuer
      expect(callback!.origin + callback!.pathname).toBe(cb.uri);
      expect([callback!.searchParams.get('state'), callback!.searchParams.get('iss')]).toEqual([provider.sentState, `http://${a.host}:${port}`]);
      await first.finishAuth(callback!.searchParams.get('code')!);
      expect(provider.saved?.access_token).toMatch(/^mcp_/);

      const client = new Client({ name: 'crm-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(mcpUrl(a), { fetch: loopbackFetch, authProvider: provider }));
      expect(client.getServerVersion()?.name).toBe('crm');
      const { tools } = await client.listTools();
      expect(tools.map((x) => x.name)).toEqual(expect.arrayContaining(['search_companies', 'create_task']));
      await api(t, a.host, u.key).post('/api/v1/companies', { name: 'Sdk Oauth Gadgets' }).expect(201);
      const found = await client.callTool({ name: 'search_companies', arguments: { query: 'Gadgets' } });
      expect(JSON.parse(textOf(found))).toEqual([expect.objectContaining({ name: 'Sdk Oauth Gadgets' })]);
      await client.close();
    } finally {
      await cb.close();
    }
  });

  it('static bearer: initialize, listTools, callTool read and write; tool errors are MCP tool errors', async () => {
    const { access, user } = await bearer(a, 'crm.read crm.write');
    const client = await connect(a, access);
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    const { tools } = await client.listTools();
    const names = tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['search_companies', 'get_company', 'create_task', 'create_activity']));
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');

    const company = (await api(t, a.host, user.key).post('/api/v1/companies', { name: 'Sdk Widgets Ltd' }).expect(201)).body.company;
    const found = await client.callTool({ name: 'search_companies', arguments: { query: 'Sdk Widgets' } });
    expect(found.isError).toBeFalsy();
    expect(JSON.parse(textOf(found))).toEqual([expect.objectContaining({ id: company.id, name: 'Sdk Widgets Ltd' })]);

    const created = await client.callTool({ name: 'create_task', arguments: { title: 'Call back via SDK', customer_id: company.id } });
    expect(created.isError).toBeFalsy();
    const tasks = await api(t, a.host, user.key).get('/api/v1/tasks').expect(200);
    expect(tasks.body.items.map((x: { title: string }) => x.title)).toContain('Call back via SDK');

    const bad = await client.callTool({ name: 'get_company', arguments: {} });
    expect(bad).toMatchObject({ isError: true, content: [{ type: 'text', text: 'invalid: id: required' }] });
    await client.close();
  });

  it('a crm.read token reads, but a write tool is refused with 403 insufficient_scope', async () => {
    const { access } = await bearer(a, 'crm.read');
    const client = await connect(a, access);
    await client.callTool({ name: 'search_companies', arguments: {} });
    const err = await client.callTool({ name: 'create_task', arguments: { title: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamableHTTPError);
    expect((err as StreamableHTTPError).code).toBe(403);
    expect(String((err as Error).message)).toContain('insufficient_scope');
    const tasks = await api(t, a.host, (await createUser(t, a)).key).get('/api/v1/tasks').expect(200);
    expect(tasks.body.items.map((x: { title: string }) => x.title)).not.toContain('x');
    await client.close();
  });
});
