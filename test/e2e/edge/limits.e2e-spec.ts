import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import request from 'supertest';
import { AuditLog } from '../../../src/platform/outbox/audit-log.entity';
import { currentTotp } from '../../../src/domain/identity/totp';
import { UsersService } from '../../../src/domain/identity/users.service';
import { REDIS } from '../../../src/platform/database/redis.module';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

const REDIS_URL = 'redis://127.0.0.1:6379';
const inventedKey = () => `sk_${randomBytes(32).toString('base64url').slice(0, 43)}`;
/** A request from a given client address (TRUST_PROXY=1 makes Express read X-Forwarded-For). */
const from = (r: request.Test, ip: string) => r.set('X-Forwarded-For', ip);

describe('API request limits (in memory)', () => {
  let t: TestApp;
  let a: Fixture;
  beforeAll(async () => {
    t = await startApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_ADDRESS_PER_MINUTE: '5', RATE_LIMIT_PER_MINUTE: '8' } });
    a = await createWorkspace(t, 'lim');
  });
  afterAll(() => t.close());

  it('sends the IETF RateLimit headers on API responses', async () => {
    const { key } = await createUser(t, a);
    const r1 = await from(api(t, a.host, key).get('/api/v1/me'), '10.1.0.1').expect(200);
    expect(r1.headers['ratelimit-limit']).toBe('8');
    expect(r1.headers['ratelimit-remaining']).toBe('7');
    expect(r1.headers['ratelimit-policy']).toBe('8;w=60');
    expect(Number(r1.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(r1.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    const r2 = await from(api(t, a.host, key).get('/api/v1/me'), '10.1.0.1').expect(200);
    expect(r2.headers['ratelimit-remaining']).toBe('6');
    // unauthenticated answers carry the address policy
    const anon = await from(api(t, a.host).get('/api/v1/me'), '10.1.0.2').expect(401);
    expect(anon.headers['ratelimit-policy']).toBe('5;w=60');
    expect(anon.headers['ratelimit-remaining']).toBe('4');
    // not on the health check
    const health = await request(t.app.getHttpServer()).get('/health');
    expect(health.headers['ratelimit-limit']).toBeUndefined();
  });

  it('counts invented bearer headers against the client address: a new header per request gains nothing', async () => {
    const ip = '10.2.0.1';
    const headers = [inventedKey(), inventedKey(), 'not-even-a-token', `xk_${'A'.repeat(43)}`, inventedKey()];
    for (const h of headers) await from(api(t, a.host, h).get('/api/v1/me'), ip).expect(401);
    const refused = await from(api(t, a.host, inventedKey()).get('/api/v1/me'), ip).expect(429);
    expect(refused.body).toEqual({ ok: false, error: 'rate_limited', message: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // no header at all, an unknown route, an unknown workspace host and a sign-in: the same bucket
    await from(api(t, a.host).get('/api/v1/me'), ip).expect(429);
    await from(api(t, a.host, inventedKey()).get('/api/v1/nowhere'), ip).expect(429);
    await from(api(t, 'guess.localhost', inventedKey()).get('/api/v1/me'), ip).expect(429);
    await from(api(t, a.host).post('/api/v1/login', { username: 'admin@lim.test', password: 'Admin-Password-123' }), ip).expect(429);
    // another address is not affected, and a verified credential from the same address has its own bucket
    await from(api(t, a.host, inventedKey()).get('/api/v1/me'), '10.2.0.2').expect(401);
    const { key } = await createUser(t, a);
    await from(api(t, a.host, key).get('/api/v1/me'), ip).expect(200);
  });

  it('refuses the routes that take no credential from an exhausted address too, as the document says (429)', async () => {
    const ip = '10.2.5.1';
    for (let i = 0; i < 5; i++) await from(api(t, a.host).get('/api/v1/me'), ip).expect(401);
    // each answer is checked against openapi.json (test/helpers/contract.ts): the 429 must be documented there
    const refused = [
      await from(api(t, a.host).post('/api/v1/invitations/accept', { token: 'x'.repeat(43), password: 'Long-Enough-Password-1' }), ip).expect(429),
      await from(request(t.app.getHttpServer()).get('/mcp').set('Host', a.host).set('Accept', 'text/event-stream'), ip).expect(429),
      await from(request(t.app.getHttpServer()).delete('/mcp').set('Host', a.host).set('Mcp-Session-Id', 'unknown'), ip).expect(429),
    ];
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]!.body).toEqual({ ok: false, error: 'rate_limited', message: expect.any(String) });
    // the same requests from another address pass the limit and get their own answers
    await from(api(t, a.host).post('/api/v1/invitations/accept', { token: 'x'.repeat(43), password: 'Long-Enough-Password-1' }), '10.2.5.2').expect((r) => expect(r.status).not.toBe(429));
  });

  it('counts unknown workspace hosts against the address', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 5; i++) await from(api(t, `nope${i}.localhost`).get('/api/v1/me'), ip).expect(404);
    await from(api(t, 'nope9.localhost').get('/api/v1/me'), ip).expect(429);
  });

  it('limits a verified credential by RATE_LIMIT_PER_MINUTE, per credential', async () => {
    const one = await createUser(t, a);
    const two = await createUser(t, a);
    for (let i = 0; i < 8; i++) await from(api(t, a.host, one.key).get('/api/v1/me'), `10.4.0.${i}`).expect(200);
    // a new address does not reset a credential's bucket
    const res = await from(api(t, a.host, one.key).get('/api/v1/me'), '10.4.1.1').expect(429);
    expect(res.body.error).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await from(api(t, a.host, two.key).get('/api/v1/me'), '10.4.1.1').expect(200);
  });
});

describe('sign-in protection', () => {
  let t: TestApp;
  let a: Fixture;
  const password = 'Str0ng-Passw0rd!';
  const login = (ip: string, username: string, pw: string, otp?: string) =>
    from(api(t, a.host).post('/api/v1/login', { username, password: pw, ...(otp ? { otp } : {}) }), ip);

  beforeAll(async () => {
    t = await startApp({ env: { TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '3', LOGIN_ADDRESS_MAX_FAILURES: '6', RATE_LIMIT_ADDRESS_PER_MINUTE: '1000' } });
    a = await createWorkspace(t, 'signin');
  });
  afterAll(() => t.close());

  it('refuses a (username, address) pair after LOGIN_MAX_FAILURES, while the right password works from another address', async () => {
    await createUser(t, a, { email: 'victim@signin.test', password });
    for (let i = 0; i < 3; i++) await login('10.10.0.1', 'victim@signin.test', `wrong-${i}`).expect(401);
    const refused = await login('10.10.0.1', 'victim@signin.test', password).expect(429);
    expect(refused.body).toMatchObject({ ok: false, error: 'rate_limited' });
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    // the owner, from another address, is not locked out
    const ok = await login('10.10.0.2', 'victim@signin.test', password).expect(200);
    expect(ok.body.token).toMatch(/^xk_/);
    // and the attacker's address stays refused for that username
    await login('10.10.0.1', 'victim@signin.test', password).expect(429);
    // every failure left an audit row with the address
    const rows = await db(t).getRepository(AuditLog).find({ where: { workspaceId: a.ws.id, action: 'login_failed', subject: 'victim@signin.test' } });
    expect(rows).toHaveLength(3);
    expect(rows[0].detail).toMatchObject({ reason: 'bad_credentials', address: '10.10.0.1' });
  });

  it('resets the pair counter on a successful sign-in', async () => {
    await createUser(t, a, { email: 'typo@signin.test', password });
    const ip = '10.11.0.1';
    for (let round = 0; round < 2; round++) {
      await login(ip, 'typo@signin.test', 'wrong-1').expect(401);
      await login(ip, 'typo@signin.test', 'wrong-2').expect(401);
      await login(ip, 'typo@signin.test', password).expect(200);
    }
  });

  it('only slows a username attacked from many addresses, never refuses its right password', async () => {
    await createUser(t, a, { email: 'popular@signin.test', password });
    // 3 addresses x 2 failures = 6 failures for the username, none of the pairs reaches the limit of 3
    for (const ip of ['10.12.0.1', '10.12.0.2', '10.12.0.3']) {
      await login(ip, 'popular@signin.test', 'wrong-a').expect(401);
      await login(ip, 'popular@signin.test', 'wrong-b').expect(401);
    }
    const started = Date.now();
    await login('10.12.0.9', 'popular@signin.test', password).expect(200);
    // (6 - 3) failures beyond LOGIN_MAX_FAILURES x 250 ms
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  it('refuses an address after LOGIN_ADDRESS_MAX_FAILURES failures over any usernames', async () => {
    await createUser(t, a, { email: 'bystander@signin.test', password });
    const ip = '10.13.0.1';
    for (let i = 0; i < 6; i++) await login(ip, `guess${i}@signin.test`, 'whatever-1').expect(401);
    const res = await login(ip, 'bystander@signin.test', password).expect(429);
    expect(res.body.message).toContain('from this address');
    await login('10.13.0.2', 'bystander@signin.test', password).expect(200);
  });

  it('accepts a TOTP code once: a replay is refused, also when both uses race', async () => {
    const u = await createUser(t, a, { email: 'otp@signin.test', password });
    const { secret } = await t.get(UsersService).enableTotp(a.ws.id, u.user.id);
    const code = currentTotp(secret);
    await login('10.14.0.1', 'otp@signin.test', password, code).expect(200);
    const replay = await login('10.14.0.2', 'otp@signin.test', password, code).expect(401);
    expect(replay.body).toEqual({ ok: false, error: 'unauthorized', message: 'invalid one-time code' });
    const audit = await db(t).getRepository(AuditLog).findOne({ where: { workspaceId: a.ws.id, action: 'login_failed', subject: 'otp@signin.test' } });
    expect(audit?.detail).toMatchObject({ reason: 'otp_reused' });

    const racer = await createUser(t, a, { email: 'race@signin.test', password });
    const s2 = (await t.get(UsersService).enableTotp(a.ws.id, racer.user.id)).secret;
    const c2 = currentTotp(s2);
    const results = await Promise.all([login('10.14.1.1', 'race@signin.test', password, c2), login('10.14.1.2', 'race@signin.test', password, c2)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });
});

describe('limits shared by two instances through Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let f1: Fixture;
  let f2: Fixture;
  const prefix = `crmtest-${process.pid}-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const env = { TRUST_PROXY: '1', REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_ADDRESS_PER_MINUTE: '6', LOGIN_MAX_FAILURES: '2' };
    one = await startApp({ env });
    two = await startApp({ env });
    f1 = await createWorkspace(one, 'shared');
    f2 = await createWorkspace(two, 'shared');
    // until its client is ready a Redis limiter counts in memory (insurance): wait for both clients
    for (const app of [one, two]) {
      const client = app.get<Redis>(REDIS);
      if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
    }
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}:*`);
    if (keys.length) await r.del(...keys);
    await r.quit();
  });

  it('counts an address once over both instances', async () => {
    const ip = '10.20.0.1';
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      seen.push((await from(api(one, f1.host, inventedKey()).get('/api/v1/me'), ip).expect(401)).headers['ratelimit-remaining']);
      seen.push((await from(api(two, f2.host, inventedKey()).get('/api/v1/me'), ip).expect(401)).headers['ratelimit-remaining']);
    }
    expect(seen).toEqual(['5', '4', '3', '2', '1', '0']);
    await from(api(one, f1.host).get('/api/v1/me'), ip).expect(429);
    await from(api(two, f2.host).get('/api/v1/me'), ip).expect(429);
    await from(api(two, f2.host).get('/api/v1/me'), '10.20.0.2').expect(401);
    const r = new Redis(REDIS_URL);
    expect((await r.keys(`${prefix}:rl:api:address:*`)).length).toBeGreaterThan(0);
    await r.quit();
  });

  it('counts sign-in failures of an address over both instances', async () => {
    const ip = '10.21.0.1';
    // the same workspace slug and user on both; the pair key is (workspace id, username, address)
    await createUser(one, f1, { email: 'both@shared.test', password: 'Str0ng-Passw0rd!' });
    await createUser(two, f2, { email: 'both@shared.test', password: 'Str0ng-Passw0rd!' });
    expect(f1.ws.id).toBe(f2.ws.id);
    await from(api(one, f1.host).post('/api/v1/login', { username: 'both@shared.test', password: 'wrong-1' }), ip).expect(401);
    await from(api(two, f2.host).post('/api/v1/login', { username: 'both@shared.test', password: 'wrong-2' }), ip).expect(401);
    await from(api(one, f1.host).post('/api/v1/login', { username: 'both@shared.test', password: 'Str0ng-Passw0rd!' }), ip).expect(429);
    await from(api(two, f2.host).post('/api/v1/login', { username: 'both@shared.test', password: 'Str0ng-Passw0rd!' }), ip).expect(429);
  });
});
