import request from 'supertest';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { authorizeUrl, Browser, consent, pkce, register, signIn, token } from '../../helpers/oauth-flow';

let t: TestApp;
let a: Fixture;
let b: Fixture;
const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1/cb';

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
  b = await createWorkspace(t);
});
afterAll(() => t.close());

/** An access token through the real flow (discovery from the 401 challenge, registration, consent). */
async function oauthToken(f: Fixture, scope: string, modules?: string[]) {
  const email = `m${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  const u = await createUser(t, f, { email, password: PASSWORD, modules });
  const challenge401 = await request(t.app.getHttpServer()).post('/mcp').set('Host', f.host).send({ jsonrpc: '2.0', id: 1, method: 'ping' }).expect(401);
  const metaUrl = /resource_metadata="([^"]+)"/.exec(challenge401.headers['www-authenticate'] as string)![1]!;
  const prm = await request(t.app.getHttpServer()).get(new URL(metaUrl).pathname).set('Host', f.host).expect(200);
  expect(prm.body.resource).toBe(`http://${f.host}/mcp`);
  const asMeta = await request(t.app.getHttpServer()).get('/.well-known/oauth-authorization-server').set('Host', f.host).expect(200);
  expect(asMeta.body.issuer).toBe(prm.body.authorization_servers[0]);
  const clientId = (await register(t, f.host, { client_name: 'MCP Client', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
  const browser = new Browser(t, f.host);
  const { verifier, challenge } = pkce();
  const url = authorizeUrl({ client_id: clientId, redirect_uri: 'http://127.0.0.1:33333/cb', scope, code_challenge: challenge, resource: prm.body.resource });
  await signIn(browser, url, email, PASSWORD);
  const code = (await consent(browser, url)).searchParams.get('code')!;
  const tok = await token(t, f.host, { grant_type: 'authorization_code', code, client_id: clientId, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:33333/cb', resource: prm.body.resource }).expect(200);
  return { access: tok.body.access_token as string, user: u };
}

const rpc = (f: Fixture, tokenValue: string | undefined, body: unknown, headers: Record<string, string> = {}) => {
  const r = request(t.app.getHttpServer()).post('/mcp').set('Host', f.host).set('Accept', 'application/json, text/event-stream').set(headers);
  if (tokenValue) r.set('Authorization', `Bearer ${tokenValue}`);
  return r.send(body as object);
};

describe('MCP endpoint', () => {
  it('401 with the protected-resource challenge without a token; GET is 405', async () => {
    const r = await rpc(a, undefined, { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }).expect(401);
    expect(r.headers['www-authenticate']).toBe(`Bearer realm="crm", resource_metadata="http://${a.host}/.well-known/oauth-protected-resource/mcp"`);
    await request(t.app.getHttpServer()).get('/mcp').set('Host', a.host).expect(405);
  });

  it('initialize, tools/list and tools/call with an OAuth token; writes go through the domain services', async () => {
    const { access, user } = await oauthToken(a, 'crm.read crm.write');
    const init = await rpc(a, access, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }).expect(200);
    expect(init.body.result).toMatchObject({ protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'crm' } });
    await rpc(a, access, { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'MCP-Protocol-Version': '2025-06-18' }).expect(202);
    const list = await rpc(a, access, { jsonrpc: '2.0', id: 2, method: 'tools/list' }).expect(200);
    const names = list.body.result.tools.map((x: { name: string }) => x.name);
    expect(names).toEqual(expect.arrayContaining(['search_companies', 'get_company', 'list_opportunities', 'get_opportunity', 'list_tasks', 'create_activity', 'create_task', 'add_opportunity_note']));

    const company = (await api(t, a.host, user.key).post('/api/v1/companies', { name: 'Mcp Widgets Ltd' }).expect(201)).body.company;
    const found = await rpc(a, access, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_companies', arguments: { query: 'Widgets' } } }).expect(200);
    expect(JSON.parse(found.body.result.content[0].text)).toEqual([expect.objectContaining({ id: company.id, name: 'Mcp Widgets Ltd' })]);

    const task = await rpc(a, access, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'create_task', arguments: { title: 'Call back', customer_id: company.id } } }).expect(200);
    expect(task.body.result.isError).toBeUndefined();
    const tasks = await api(t, a.host, user.key).get('/api/v1/tasks').expect(200);
    expect(tasks.body.items.map((x: { title: string }) => x.title)).toContain('Call back');

    const visitType = a.ws.constants.visit_types[0]!;
    const act = await rpc(a, access, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'create_activity', arguments: { customer_id: company.id, type: visitType, date: '2026-03-02', note: 'via MCP' } } }).expect(200);
    expect(JSON.parse(act.body.result.content[0].text)).toMatchObject({ type: visitType, date: '2026-03-02' });
  });

  it('tool errors: bad arguments, records of others (not_found), unknown tools, unknown methods', async () => {
    const { access } = await oauthToken(a, 'crm.read crm.write');
    const call = async (name: string, args: unknown) => (await rpc(a, access, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name, arguments: args } }).expect(200)).body.result;
    expect(await call('get_company', {})).toMatchObject({ isError: true, content: [{ text: 'invalid: id: required' }] });
    expect(await call('get_company', { id: 'x' })).toMatchObject({ isError: true });
    expect(await call('create_task', { title: 'x', extra: 1 })).toMatchObject({ isError: true, content: [{ text: 'invalid: extra: unknown argument' }] });
    const other = (await api(t, b.host, b.adminKey).post('/api/v1/companies', { name: 'B secret' }).expect(201)).body.company;
    expect((await call('get_company', { id: other.id })).content[0].text).toMatch(/^not_found/);
    expect(await call('no_such_tool', {})).toMatchObject({ isError: true });
    expect((await rpc(a, access, { jsonrpc: '2.0', id: 10, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'x' }, argument: { name: 'a', value: 'b' } } }).expect(200)).body.error.code).toBe(-32601);
    // not a JSON-RPC message (no jsonrpc): the SDK transport refuses the POST (400, -32700) before any handler
    expect((await rpc(a, access, { id: 1, method: 'ping' }).expect(400)).body.error.code).toBe(-32700);
    await rpc(a, access, { jsonrpc: '2.0', id: 1, method: 'ping' }, { 'MCP-Protocol-Version': '1999-01-01' }).expect(400);
    await rpc(a, access, { jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: 'https://evil.example' }).expect(403);
  });

  it('a crm.read token lists and reads but a write tool is 403 insufficient_scope with the challenge', async () => {
    const { access } = await oauthToken(a, 'crm.read');
    await rpc(a, access, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_companies', arguments: {} } }).expect(200);
    const r = await rpc(a, access, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_task', arguments: { title: 'x' } } }).expect(403);
    expect(r.headers['www-authenticate']).toContain('error="insufficient_scope"');
    expect(r.headers['www-authenticate']).toContain('scope="crm.write"');
  });

  it('module rule: a tool of a module the user lacks is an error and not listed', async () => {
    const { access } = await oauthToken(a, 'crm.read crm.write', ['Customers']);
    const list = await rpc(a, access, { jsonrpc: '2.0', id: 1, method: 'tools/list' }).expect(200);
    expect(list.body.result.tools.map((x: { name: string }) => x.name)).not.toContain('list_opportunities');
    const r = await rpc(a, access, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_opportunities', arguments: {} } }).expect(200);
    expect(r.body.result.content[0].text).toMatch(/^module/);
  });

  it('A\'s token is 401 on B\'s MCP endpoint; session tokens are not accepted', async () => {
    const { access } = await oauthToken(a, 'crm.read');
    await rpc(b, access, { jsonrpc: '2.0', id: 1, method: 'ping' }).expect(401);
    const login = await api(t, a.host).post('/api/v1/login', { username: `admin@${a.ws.slug}.test`, password: 'Admin-Password-123' }).expect(200);
    await rpc(a, login.body.token, { jsonrpc: '2.0', id: 1, method: 'ping' }).expect(401);
  });
});
