import { IncomingMessage, request as httpRequest } from 'node:http';
import request from 'supertest';
import { createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { codeFlowTokens, register } from '../../helpers/oauth-flow';

/**
 * POST /oauth/token skips the router for ordinary requests (src/interfaces/oauth/token-fast-path.ts). Every
 * answer must be the one the routed endpoint gives: the same request is sent once as is (fast path)
 * and once with a query string, which the fast path leaves to Express, the guards and the controller.
 */
let t: TestApp;
let a: Fixture;
const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1:4567/callback';

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
});
afterAll(() => t.close());

/** Headers that differ from one answer to the next whatever the path. */
const VOLATILE = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'ratelimit-remaining', 'ratelimit-reset']);

function stable(res: request.Response): { status: number; body: unknown; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (!VOLATILE.has(k)) headers[k] = String(v);
  return { status: res.status, body: res.body, headers };
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  request(t.app.getHttpServer()).post(path).set('Host', a.host).set('Content-Type', 'application/x-www-form-urlencoded').set(headers).send(body);

async function refreshToken(clientId: string): Promise<string> {
  const email = `f${Math.random().toString(36).slice(2, 8)}@${a.ws.slug}.test`;
  await createUser(t, a, { email, password: PASSWORD });
  return (await codeFlowTokens(t, a.host, { clientId, redirectUri: REDIRECT, username: email, password: PASSWORD })).refresh_token;
}

describe('POST /oauth/token without the router', () => {
  it('answers every error exactly as the routed endpoint does: status, body and headers', async () => {
    const clientId = (await register(t, a.host, { client_name: 'Fast', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
    const many = Array.from({ length: 101 }, (_, i) => `p${i}=x`).join('&');
    const cases: [string, Record<string, string>?][] = [
      ['grant_type=password&client_id=' + clientId],
      ['client_id=' + clientId],
      [`grant_type=refresh_token&client_id=${clientId}&refresh_token=mcpr_${'A'.repeat(43)}`],
      [`grant_type=refresh_token&client_id=${clientId}&refresh_token=not-a-token`],
      ['grant_type=refresh_token&client_id=cl_unknown&refresh_token=x'],
      ['grant_type=authorization_code&code=x', { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
      [`grant_type=refresh_token&client_id=${clientId}&refresh_token=a%00b`],
      [`grant_type=refresh_token&grant_type=authorization_code&client_id=${clientId}`],
      [many],
      [''],
    ];
    // Express's app.handle runs for the routed request only
    const handle = jest.spyOn(t.app.getHttpAdapter().getInstance() as unknown as { handle: () => void }, 'handle');
    for (const [body, headers] of cases) {
      handle.mockClear();
      const fast = await post('/oauth/token', body, headers);
      expect(handle).not.toHaveBeenCalled();
      const routed = await post('/oauth/token?via=router', body, headers);
      expect(handle).toHaveBeenCalledTimes(1);
      expect(fast.status).toBeGreaterThanOrEqual(400);
      expect(stable(fast)).toEqual(stable(routed));
      expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    handle.mockRestore();
  });

  it('a refresh answers with the same headers both ways: security headers, CORS, no-store, rate limit; no ETag', async () => {
    const clientId = (await register(t, a.host, { client_name: 'Fast', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
    const [one, two] = [await refreshToken(clientId), await refreshToken(clientId)];
    const fast = await post('/oauth/token', `grant_type=refresh_token&client_id=${clientId}&refresh_token=${one}`).expect(200);
    const routed = await post('/oauth/token?via=router', `grant_type=refresh_token&client_id=${clientId}&refresh_token=${two}`).expect(200);
    expect(Object.keys(fast.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(Object.keys(routed.body).sort()).toEqual(Object.keys(fast.body).sort());
    const { headers: h } = stable(fast);
    const { headers: routedHeaders } = stable(routed);
    delete h['content-length'];
    delete routedHeaders['content-length'];
    expect(h).toEqual(routedHeaders);
    expect(h).toMatchObject({
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'content-type': 'application/json; charset=utf-8',
      'access-control-allow-origin': '*',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'ratelimit-limit': '100000',
    });
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h.etag).toBeUndefined();
    // both new pairs work
    await post('/oauth/token', `grant_type=refresh_token&client_id=${clientId}&refresh_token=${fast.body.refresh_token}`).expect(200);
    await post('/oauth/token', `grant_type=refresh_token&client_id=${clientId}&refresh_token=${routed.body.refresh_token}`).expect(200);
  });

  it('leaves to Express what is not an ordinary form post: chunked bodies, other charsets, unknown workspaces, other methods', async () => {
    const clientId = (await register(t, a.host, { client_name: 'Fast', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
    const rt = await refreshToken(clientId);
    // a chunked body (no Content-Length) is read by the body parser as before
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const server = t.app.getHttpServer();
      const { port } = (server.listening ? server : server.listen(0)).address() as { port: number };
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/oauth/token', agent: false, headers: { host: a.host, 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' } },
        (res: IncomingMessage) => {
          let b = '';
          res.on('data', (d: Buffer) => (b += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: b }));
        },
      );
      req.on('error', reject);
      req.write(`grant_type=refresh_token&client_id=${clientId}`);
      req.end(`&refresh_token=${rt}`);
    });
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body).refresh_token).toMatch(/^mcpr_/);
    // a charset the body parser does not know: 415 as before
    const latin = await post('/oauth/token', 'grant_type=password', { 'Content-Type': 'application/x-www-form-urlencoded; charset=klingon' });
    expect([latin.status, latin.body.error]).toEqual([415, 'unsupported_media_type']);
    // an unknown workspace: the routed 404
    const unknown = await request(t.app.getHttpServer()).post('/oauth/token').set('Host', 'nope.localhost').type('form').send({ grant_type: 'password' });
    expect(unknown.status).toBe(404);
    // the CORS preflight and GET are routed as before
    const pre = await request(t.app.getHttpServer()).options('/oauth/token').set('Host', a.host).set('Origin', 'https://app.example').set('Access-Control-Request-Method', 'POST');
    expect([pre.status, pre.headers['access-control-allow-origin']]).toEqual([204, '*']);
    // GET is routed too: 405, the path takes POST only
    expect((await request(t.app.getHttpServer()).get('/oauth/token').set('Host', a.host)).status).toBe(405);
  });
});
