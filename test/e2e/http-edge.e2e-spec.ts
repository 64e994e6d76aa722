import request from 'supertest';
import { api, createWorkspace, Fixture, startApp, TestApp } from '../helpers/test-app';

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
    await api(t, a.host).raw('delete', '/api/v1/me').expect(404);
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
    expect(res.body.paths['/api/v1/me'].get.operationId).toBe('Auth_me');
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
});
