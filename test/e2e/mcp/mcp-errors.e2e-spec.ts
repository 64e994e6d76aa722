import request from 'supertest';
import { createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * On /mcp a body that is not JSON is a JSON-RPC parse error (-32700), not the REST
 * envelope; the transport needs `Accept: application/json, text/event-stream` (docs/oauth.md).
 */
let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' } });
  a = await createWorkspace(t, 'mcperr');
});
afterAll(() => t.close());

const ACCEPT = 'application/json, text/event-stream';
const post = (body: string, token?: string, type = 'application/json', accept = ACCEPT) => {
  const r = request(t.app.getHttpServer()).post('/mcp').set('Host', a.host).set('Accept', accept).set('Content-Type', type);
  if (token) r.set('Authorization', `Bearer ${token}`);
  return r.send(body);
};
const PARSE_ERROR = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };

describe('MCP errors in JSON-RPC', () => {
  it('malformed JSON is 400 with the JSON-RPC parse error, with or without a credential', async () => {
    for (const [body, token] of [
      ['{"jsonrpc":"2.0","id":1,"method":', a.adminKey],
      ['{bad', undefined],
      ['[{"jsonrpc":"2.0","id":1,"method":"ping"},]', a.adminKey],
    ] as const) {
      const res = await post(body, token).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual(PARSE_ERROR);
    }
    const upper = await request(t.app.getHttpServer()).post('/MCP').set('Host', a.host).set('Accept', ACCEPT).set('Content-Type', 'application/json').send('{').expect(400);
    expect(upper.body).toEqual(PARSE_ERROR);
  });

  it('REST keeps its envelope for the same body', async () => {
    const res = await request(t.app.getHttpServer()).post('/api/v1/login').set('Host', a.host).set('Content-Type', 'application/json').send('{bad').expect(400);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'body: malformed JSON' });
  });

  it('a well-formed request with the Accept header the transport needs is answered', async () => {
    const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }), a.adminKey).expect(200);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });

  it('without text/event-stream in Accept the transport answers 406 in JSON-RPC', async () => {
    const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }), a.adminKey, 'application/json', 'application/json').expect(406);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringContaining('text/event-stream') } });
  });
});
