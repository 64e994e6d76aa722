import { AddressInfo, connect } from 'node:net';
import { createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * Every per-minute limit keys on the path Express routes. An absolute-form request
 * target (`POST http://host/oauth/token HTTP/1.1`, which supertest cannot send) is routed like its
 * origin form, so it must be counted like it too; a target naming another host than Host is refused.
 */
let t: TestApp;
let a: Fixture;
let port: number;

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '3', RATE_LIMIT_ERP_PER_MINUTE: '3' } });
  a = await createWorkspace(t, 'abs-target');
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** One request written byte for byte on a fresh socket (Connection: close); the answer parsed. */
function send(method: string, target: string, headers: Record<string, string>, body = ''): Promise<RawAnswer> {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${a.host}:${port}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
      const out: Record<string, string> = {};
      for (const h of headerLines) out[h.slice(0, h.indexOf(':')).toLowerCase()] = h.slice(h.indexOf(':') + 1).trim();
      const raw = text.slice(split + 4);
      let parsed: unknown = raw;
      try {
        parsed = JSON.parse(raw);
      } catch {
        // not JSON: kept as text
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers: out, body: parsed });
    });
  });
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const absolute = (path: string) => `http://${a.host}:${port}${path}`;

describe('absolute-form request targets', () => {
  it('count against the OAuth limit like the origin form: after the 429, the absolute form is 429 too', async () => {
    const tokenRequest = () => send('POST', '/oauth/token', FORM, 'grant_type=client_credentials');
    for (let i = 0; i < 3; i++) expect((await tokenRequest()).status).toBe(400);
    const refused = await tokenRequest();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'slow_down', error_description: 'per-minute request limit exceeded' });

    for (const target of [absolute('/oauth/token'), absolute('/oauth/token?x=1'), `HTTP://${a.host.toUpperCase()}:${port}/oauth/token`]) {
      const again = await send('POST', target, FORM, 'grant_type=client_credentials');
      expect({ target, status: again.status, body: again.body }).toEqual({
        target,
        status: 429,
        body: { error: 'slow_down', error_description: 'per-minute request limit exceeded' },
      });
      expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Express routes paths case-insensitively: so do the limits
    const upper = await send('POST', '/OAUTH/TOKEN', {});
    expect(upper.status).toBe(429);
    expect(upper.body).toEqual({ error: 'slow_down', error_description: 'per-minute request limit exceeded' });
  });

  it('count against the ERP key limit: after the 429 the ERP list answers 429 in absolute form', async () => {
    const key = await issueKey(t, a, 'erp');
    const auth = { 'X-Service-Erp-Key': key };
    for (let i = 0; i < 3; i++) expect((await send('GET', '/api/erp/v1/orders', auth)).status).toBe(200);
    expect((await send('GET', '/api/erp/v1/orders', auth)).status).toBe(429);
    const again = await send('GET', absolute('/api/erp/v1/orders'), auth);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ ok: false, error: 'rate_limited', message: 'per-minute request limit exceeded' });
    expect(again.headers['ratelimit-limit']).toBe('3');
  });

  it('are routed like the origin form when they name the Host header host', async () => {
    const res = await send('GET', absolute('/api/v1/me'), {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ok: false, error: 'unauthorized', message: expect.any(String) });
    const health = await send('GET', `http://${a.host}:${port}/health`, {});
    expect(health.status).toBe(200);
  });

  it('are refused with 400 when they name another host than the Host header', async () => {
    for (const target of [`http://other.localhost:${port}/api/v1/me`, `http://${a.host}:1/api/v1/me`, `ftp://${a.host}:${port}/api/v1/me`]) {
      const res = await send('GET', target, {});
      expect({ target, status: res.status, body: res.body }).toEqual({
        target,
        status: 400,
        body: { ok: false, error: 'invalid', message: 'request target: an absolute URL must name the host of the Host header' },
      });
    }
  });
});
