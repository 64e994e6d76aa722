import request from 'supertest';
import { api, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp({ env: { BODY_LIMIT_BYTES: '65536', RATE_LIMIT_PER_MINUTE: '40' } });
  a = await createWorkspace(t, 'edge');
});
afterAll(() => t.close());

describe('error envelope and hostile input', () => {
  it('answers malformed JSON with 400 invalid', async () => {
    const res = await api(t, a.host).raw('post', '/api/v1/login').set('Content-Type', 'application/json').send('{"username": "x",').expect(400);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'body: malformed JSON' });
  });

  it('answers unknown routes with 404 not_found', async () => {
    const res = await api(t, a.host, a.adminKey).get('/api/v1/does-not-exist').expect(404);
    expect(res.body).toEqual({ ok: false, error: 'not_found', message: 'no such route' });
  });

  it('answers oversized bodies with 413', async () => {
    const res = await api(t, a.host).post('/api/v1/login', { username: 'x', password: 'y'.repeat(70_000) }).expect(413);
    expect(res.body).toMatchObject({ ok: false, error: 'payload_too_large' });
  });

  it('refuses a wrong content type with 415', async () => {
    const res = await api(t, a.host).raw('post', '/api/v1/login').set('Content-Type', 'text/plain').send('username=x&password=y').expect(415);
    expect(res.body).toMatchObject({ ok: false, error: 'unsupported_media_type' });
    await api(t, a.host).raw('post', '/api/v1/login').set('Content-Type', 'application/x-www-form-urlencoded').send('username=x&password=y').expect(415);
  });

  it('refuses JSON nested thousands deep with 400, without a 500', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await api(t, a.host).raw('post', '/api/v1/login').set('Content-Type', 'application/json').send(`{"username":${deep},"password":"x"}`).expect(400);
    expect(res.body.error).toBe('invalid');
    expect(res.body.message).toContain('nested deeper');
  });

  it('refuses __proto__ keys', async () => {
    const res = await api(t, a.host).raw('post', '/api/v1/login').set('Content-Type', 'application/json').send('{"username":"x","password":"y","__proto__":{"admin":true}}').expect(400);
    expect(res.body.message).toContain('__proto__');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses 100k-character strings by field length (within the body limit)', async () => {
    const res = await api(t, a.host).post('/api/v1/login', { username: 'u'.repeat(60_000), password: 'x' }).expect(400);
    expect(res.body.fields).toEqual(['username']);
  });

  it('sends X-Request-Id on every response, echoing a sane incoming one', async () => {
    const r1 = await api(t, a.host).get('/api/v1/me');
    expect(r1.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const r2 = await api(t, a.host).get('/api/v1/me').set('X-Request-Id', 'client-req-12345');
    expect(r2.headers['x-request-id']).toBe('client-req-12345');
    const r3 = await api(t, a.host).get('/api/v1/me').set('X-Request-Id', 'bad id with spaces <script>');
    expect(r3.headers['x-request-id']).not.toContain('script');
  });
});

describe('service endpoints', () => {
  it('GET /health answers ready with the database and migrations', async () => {
    const res = await request(t.app.getHttpServer()).get('/health').expect(200);
    expect(res.body).toEqual({ ok: true, status: 'ready', database: 'up', migrations: 'applied' });
  });

  it('serves an OpenAPI 3 document generated from the code and the docs UI', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/openapi.json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/v1/login', '/api/v1/logout', '/api/v1/me']));
    expect(res.body.paths['/api/v1/me'].get.operationId).toBe('getMe');
    await request(t.app.getHttpServer()).get('/api/docs/').expect(200).expect('Content-Type', /html/);
  });
});

describe('rate limiting', () => {
  it('answers 429 rate_limited with Retry-After past the per-minute limit', async () => {
    let limited: request.Response | undefined;
    for (let i = 0; i < 60 && !limited; i++) {
      const res = await api(t, a.host, a.adminKey).get('/api/v1/me');
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expect(limited!.body).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits the administration and report routes by the same key: 429 rate_limited, documented, with Retry-After', async () => {
    // the limit is per verified identity and routed path family, not per route: once the key is spent, these answer
    // 429 before any work (each answer is checked against openapi.json by the contract helper)
    const routes: Array<[string, string, object?]> = [
      ['get', '/api/v1/settings/weekly-targets'],
      ['put', '/api/v1/settings/weekly-targets', { weekly_visit_target: 5, weekly_task_target: 5 }],
      ['get', '/api/v1/permissions'],
      ['get', '/api/v1/users/pending'],
      ['get', '/api/v1/quotas'],
      ['get', '/api/v1/forecast-adjustments'],
      ['get', '/api/v1/reports/forecast-accuracy'],
      ['get', '/api/v1/reports/activity'],
      ['get', '/api/v1/reports/teams'],
    ];
    for (const [method, path, body] of routes) {
      let res: request.Response | undefined;
      // a few more requests if the minute's window turned over since the last test
      for (let i = 0; i < 60 && res?.status !== 429; i++) {
        const c = api(t, a.host, a.adminKey);
        res = await (method === 'put' ? c.put(path, body) : c.get(path));
      }
      expect([path, res!.status]).toEqual([path, 429]);
      expect(res!.body).toMatchObject({ ok: false, error: 'rate_limited' });
      expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that forbids framing, nosniff, no HSTS without a TLS proxy', async () => {
    const res = await api(t, a.host, a.adminKey).get('/api/v1/me');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('keeps the OpenAPI UI working under the CSP (scripts from the same origin)', async () => {
    const page = await request(t.app.getHttpServer()).get('/api/docs/').expect(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:/);
      await request(t.app.getHttpServer()).get(src.startsWith('/') ? src : `/api/docs/${src.replace(/^\.\//, '')}`).expect(200);
    }
    expect(page.text).not.toMatch(/<script>[^<]/);
  });

  it('sends no CORS headers when CORS_ORIGINS is not set', async () => {
    const res = await api(t, a.host, a.adminKey).get('/api/v1/me').set('Origin', 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await request(t.app.getHttpServer()).options('/api/v1/me').set('Host', a.host).set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'GET');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.status).toBeGreaterThanOrEqual(400);
  });
});

describe('behind a TLS proxy, with CORS_ORIGINS', () => {
  let p: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    p = await startApp({ env: { TRUST_PROXY: '1', CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' } });
    f = await createWorkspace(p, 'edgeproxy');
  });
  afterAll(() => p.close());

  it('sends HSTS', async () => {
    const res = await api(p, f.host, f.adminKey).get('/api/v1/me').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('allows the configured origins on /api/v1 only, without credentials', async () => {
    const ok = await api(p, f.host, f.adminKey).get('/api/v1/me').set('Origin', 'https://app.example.com').expect(200);
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    expect(ok.headers.vary).toMatch(/Origin/);
    expect(ok.headers['access-control-expose-headers']).toContain('X-Request-Id');

    const pre = await request(p.app.getHttpServer())
      .options('/api/v1/companies')
      .set('Host', f.host)
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type')
      .expect(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(pre.headers['access-control-allow-methods']).toContain('POST');
    expect(pre.headers['access-control-allow-headers']).toMatch(/Authorization/i);

    const other = await api(p, f.host, f.adminKey).get('/api/v1/me').set('Origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const health = await request(p.app.getHttpServer()).get('/health').set('Origin', 'https://app.example.com');
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
  });
});
