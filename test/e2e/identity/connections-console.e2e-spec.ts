import { NestExpressApplication } from '@nestjs/platform-express';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../../src/app.factory';
import { Credential } from '../../../src/domain/identity/credential.entity';
import { ConnectionUsageCounter, isUsageError } from '../../../src/domain/identity/connection-usage';
import { GrantUsage } from '../../../src/domain/identity/oauth/grant-usage';
import { CredentialRetention } from '../../../src/domain/identity/credential-retention';
import { ConnectionUsage } from '../../../src/domain/identity/connection-usage.entity';
import { AuthCache } from '../../../src/domain/workspace/auth-cache';
import { WebhookConnection } from '../../../src/domain/integrations/webhook-connection.entity';
import { WebhookDelivery } from '../../../src/domain/integrations/webhook-delivery.entity';
import { FIRST_PARTY_ONLY } from '../../../src/edge/auth.decorator';
import { codeFlowTokens, register } from '../../helpers/oauth-flow';
import { api, createUser, createWorkspace, db, Fixture, sameDb, startApp, TestApp } from '../../helpers/test-app';

/**
 * The connections console: one of each kind listed with its owner, last use and the last
 * 24 hours' requests and errors after a scripted mix of calls; a sales user sees only their own; a
 * third-party token is refused; revoking from the API (the app's Connections screen: web-settings-connections) stops the credential at once, also
 * on a second instance (PostgreSQL); counts of an instance reach the database at its shutdown.
 */
jest.setTimeout(60_000);

const onServer = !!process.env.DATABASE_URL;
const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1:4567/callback';

type Row = { kind: string; id: number; name: string; owner: { id: number; name: string } | null; last_used_at: string | null; requests_24h: number; errors_24h: number; scopes: string[]; state: string; actions: string[] };

let t: TestApp;
let a: Fixture;
let adminSession: string;

beforeAll(async () => {
  // counts are written every 100 ms here (30 s by default), so the console shows them as soon as the test asks
  t = await startApp({ env: { USAGE_FLUSH_MS: '100', RATE_LIMIT_OAUTH_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
  adminSession = (await api(t, a.host).post('/api/v1/login', { username: a.admin.email, password: 'Admin-Password-123' }).expect(200)).body.token;
});
afterAll(() => t.close());

const list = async (token: string): Promise<Row[]> => (await api(t, a.host, token).get('/api/v1/connections').expect(200)).body.items;

/** Polls until `check` holds (the state the test waits for), for at most `ms`. */
async function until<T>(what: string, get: () => Promise<T>, check: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (check(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function salesUser(f: Fixture, fullName: string) {
  const email = `s${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  const u = await createUser(t, f, { email, password: PASSWORD, fullName });
  return { ...u, email };
}

async function appToken(f: Fixture, user: { email: string }, name: string): Promise<string> {
  const clientId = (await register(t, f.host, { client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
  return (await codeFlowTokens(t, f.host, { clientId, redirectUri: REDIRECT, username: user.email, password: PASSWORD })).access_token;
}

describe('what counts as an error', () => {
  it.each([
    [200, false], [201, false], [304, false], [400, true], [401, true], [403, true], [404, false], [409, true], [422, true], [429, true], [500, true], [503, true],
  ])('%i → %s', (status, error) => expect(isUsageError(status)).toBe(error));
});

describe('the console after a scripted mix of calls', () => {
  let dana: Awaited<ReturnType<typeof salesUser>>;
  let app: string;
  let erpKey: string;
  let scimKey: string;
  let hookId: number;
  let chatId: number;

  beforeAll(async () => {
    dana = await salesUser(a, 'Dana Example');
    app = await appToken(a, dana, 'Field Notes');
    // the app: 3 good calls, a 404 (not an error), a 400 and a 403 (errors)
    for (let i = 0; i < 3; i++) await api(t, a.host, app).get('/api/v1/me').expect(200);
    await api(t, a.host, app).get('/api/v1/companies/999999').expect(404);
    await api(t, a.host, app).post('/api/v1/companies', { name: '' }).expect(400);
    const refused = await api(t, a.host, app).get('/api/v1/connections').expect(403);
    expect(refused.body).toEqual({ ok: false, error: 'insufficient_scope', message: FIRST_PARTY_ONLY });
    // Dana's API key: 2 good calls and one 400
    await api(t, a.host, dana.key).get('/api/v1/me').expect(200);
    await api(t, a.host, dana.key).get('/api/v1/companies').expect(200);
    await api(t, a.host, dana.key).post('/api/v1/companies', { name: '' }).expect(400);
    // ERP and SCIM keys made by the admin, each used
    erpKey = (await api(t, a.host, adminSession).post('/api/v1/settings/erp/key').expect(201)).body.key;
    await api(t, a.host, erpKey).get('/api/erp/v1/orders').expect(200);
    await api(t, a.host, erpKey).get('/api/erp/v1/orders').expect(200);
    scimKey = (await api(t, a.host, adminSession).post('/api/v1/settings/scim/key').expect(201)).body.key;
    await api(t, a.host, scimKey).get('/api/scim/v2/Users').expect(200);
    await api(t, a.host, scimKey).get('/api/scim/v2/Users?filter=bogus%20%22').expect(400);
    // a webhook (two deliveries, one failed) and a chat connection (one delivery), from the delivery log
    const hook = await db(t).getRepository(WebhookConnection).save({ workspaceId: a.ws.id, url: 'https://hooks.example.com/crm', events: ['opp_won'], signingKey: 'v1.x.y.z', active: true, createdBy: a.admin.id, lastAt: new Date(), lastOk: true });
    const chat = await db(t).getRepository(WebhookConnection).save({ workspaceId: a.ws.id, kind: 'slack', url: 'https://hooks.slack.com/services/T/B/C', events: ['opp_won'], signingKey: 'v1.x.y.z', active: true, createdBy: a.admin.id });
    hookId = hook.id;
    chatId = chat.id;
    const delivered = (connectionId: number, ok: boolean, minutesAgo: number) => ({
      workspaceId: a.ws.id, connectionId, event: 'opp_won', messageId: `msg_${Math.random()}`, body: '{}', status: 'done', ok, httpStatus: ok ? 200 : 500, finishedAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await db(t).getRepository(WebhookDelivery).save([delivered(hook.id, true, 5), delivered(hook.id, false, 3), delivered(chat.id, true, 1), delivered(hook.id, false, 60 * 25)]);
    await t.get(GrantUsage).flush();
  });

  it('lists one of each kind with owner, last use, requests and errors over 24 hours, scopes and state', async () => {
    const rows = await until('the counts', () => list(adminSession), (r) => r.find((x) => x.kind === 'app')?.requests_24h === 6 && r.find((x) => x.kind === 'scim')?.requests_24h === 2);
    const of = (kind: string) => rows.filter((r) => r.kind === kind);
    expect(of('app')).toEqual([expect.objectContaining({ name: 'Field Notes', owner: { id: dana.user.id, name: 'Dana Example' }, requests_24h: 6, errors_24h: 2, scopes: ['crm.read', 'crm.write'], state: 'failing', actions: ['revoke'] })]);
    expect(of('app')[0]!.last_used_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const danaKey = of('api_key').find((r) => r.owner?.id === dana.user.id)!;
    expect(danaKey).toMatchObject({ requests_24h: 3, errors_24h: 1, scopes: ['crm.read', 'crm.write'], state: 'failing', actions: ['revoke'] });
    expect(of('erp')).toEqual([expect.objectContaining({ owner: null, requests_24h: 2, errors_24h: 0, scopes: ['erp'], state: 'healthy', actions: ['revoke', 'rotate'] })]);
    expect(of('scim')).toEqual([expect.objectContaining({ owner: null, requests_24h: 2, errors_24h: 1, scopes: ['scim'], state: 'failing', actions: ['revoke', 'rotate'] })]);
    // the delivery of 25 hours ago is outside the window
    expect(of('webhook')).toEqual([expect.objectContaining({ id: hookId, name: 'https://hooks.example.com/crm', owner: { id: a.admin.id, name: expect.any(String) }, requests_24h: 2, errors_24h: 1, scopes: ['opp_won'], state: 'failing', actions: ['revoke', 'rotate'] })]);
    expect(of('chat')).toEqual([expect.objectContaining({ id: chatId, requests_24h: 1, errors_24h: 0, state: 'healthy', actions: ['revoke'], last_used_at: null })]);
    // last used: what the credentials table holds (written at most once a minute per key, off the request path)
    await until('last use written', () => db(t).getRepository(Credential).findOneByOrFail({ workspaceId: a.ws.id, id: danaKey.id }), (c) => c.lastUsedAt !== null);
    const again = (await list(adminSession)).find((r) => r.kind === 'api_key' && r.id === danaKey.id)!;
    expect(again.last_used_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    // an unused key: idle, never used
    const { key: unused } = await createUser(t, a);
    expect(unused).toMatch(/^sk_/);
    const idle = (await list(adminSession)).filter((r) => r.kind === 'api_key' && r.requests_24h === 0 && r.last_used_at === null);
    expect(idle.length).toBeGreaterThanOrEqual(1);
    expect(idle.every((r) => r.state === 'idle')).toBe(true);
  });

  it('a sales user sees only their own grants and keys, and cannot act on others', async () => {
    const login = await api(t, a.host).post('/api/v1/login', { username: dana.email, password: PASSWORD }).expect(200);
    const own = await list(login.body.token);
    expect(own.map((r) => r.kind).sort()).toEqual(['api_key', 'app']);
    expect(own.every((r) => r.owner?.id === dana.user.id)).toBe(true);
    const admins = (await list(adminSession)).find((r) => r.kind === 'api_key' && r.owner?.id === a.admin.id)!;
    await api(t, a.host, login.body.token).post(`/api/v1/connections/api_key/${admins.id}/revoke`).expect(404);
    const erp = (await list(adminSession)).find((r) => r.kind === 'erp')!;
    expect((await api(t, a.host, login.body.token).post(`/api/v1/connections/erp/${erp.id}/rotate`).expect(403)).body.error).toBe('forbidden');
    await api(t, a.host, a.adminKey).get('/api/v1/me').expect(200);
  });

  it('rotates the ERP key: the old one stops, the new one works', async () => {
    const erp = (await list(adminSession)).find((r) => r.kind === 'erp')!;
    const r = await api(t, a.host, adminSession).post(`/api/v1/connections/erp/${erp.id}/rotate`).expect(201);
    expect(r.body).toMatchObject({ ok: true, kind: 'erp', secret: expect.stringMatching(/^erp_/) });
    await api(t, a.host, erpKey).get('/api/erp/v1/orders').expect(401);
    await api(t, a.host, r.body.secret).get('/api/erp/v1/orders').expect(200);
    await api(t, a.host, adminSession).post('/api/v1/connections/api_key/1/rotate').expect(404);
    await api(t, a.host, adminSession).post('/api/v1/connections/nonsense/1/revoke').expect(404);
  });

  it('revokes from the API: the key stops at once and shows as revoked', async () => {
    const login = await api(t, a.host).post('/api/v1/login', { username: dana.email, password: PASSWORD }).expect(200);
    const key = (await list(login.body.token)).find((r) => r.kind === 'api_key')!;
    const r = await api(t, a.host, login.body.token).post(`/api/v1/connections/api_key/${key.id}/revoke`).expect(201);
    expect(r.body.connection).toMatchObject({ kind: 'api_key', id: key.id, state: 'revoked', actions: [] });
    await api(t, a.host, dana.key).get('/api/v1/me').expect(401);
    expect((await list(adminSession)).find((x) => x.kind === 'api_key' && x.id === key.id)).toMatchObject({ state: 'revoked', actions: [] });
  });
});

describe('an OAuth grant used over REST and MCP', () => {
  it('shows its last use and request count without an explicit flush', async () => {
    const u = await salesUser(a, 'Mo Mcp');
    const token = await appToken(a, u, 'Research Assistant');
    await api(t, a.host, token).get('/api/v1/me').expect(200);
    const rpc = (body: object) =>
      request(t.app.getHttpServer()).post('/mcp').set('Host', a.host).set('Accept', 'application/json, text/event-stream').set('Authorization', `Bearer ${token}`).send(body);
    await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }).expect(200);
    await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'today', arguments: {} } }).expect(200);
    // the grant's last use is batched (GrantUsage, every 5 s) and its counts too (USAGE_FLUSH_MS): both arrive on their own
    const row = await until(
      'the grant used',
      () => list(adminSession).then((rows) => rows.find((r) => r.kind === 'app' && r.owner?.id === u.user.id)),
      (r) => !!r && r.last_used_at !== null && r.requests_24h === 3,
      15_000,
    );
    expect(row).toMatchObject({ name: 'Research Assistant', requests_24h: 3, errors_24h: 0, state: 'healthy', last_used_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) });
  });
});

describe('usage buckets', () => {
  it('are deleted by housekeeping after 48 hours; the last 24 hours count, older buckets do not', async () => {
    const u = await createUser(t, a, { fullName: 'Old Counts' });
    const cred = await db(t).getRepository(Credential).findOneByOrFail({ workspaceId: a.ws.id, userId: u.user.id, kind: 'api' });
    const hourAgo = (h: number) => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - h * 3_600_000);
    const bucket = (h: number, requests: number) => ({ workspaceId: a.ws.id, subject: 'credential' as const, subjectId: cred.id, hour: hourAgo(h), requests, errors: 0 });
    await db(t).getRepository(ConnectionUsage).save([bucket(1, 7), bucket(30, 100), bucket(50, 1000)]);
    expect((await list(adminSession)).find((r) => r.kind === 'api_key' && r.id === cred.id)).toMatchObject({ requests_24h: 7 });
    expect((await t.get(CredentialRetention).prune()).usageBuckets).toBe(1);
    const left = await db(t).getRepository(ConnectionUsage).findBy({ workspaceId: a.ws.id, subjectId: cred.id, subject: 'credential' });
    expect(left.map((b) => b.requests).sort((x, y) => x - y)).toEqual([7, 100]);
  });
});

(onServer ? describe : describe.skip)('two instances on one PostgreSQL database', () => {
  let b: NestExpressApplication;
  let bOpen = false;
  const onB = (token: string) => request(b.getHttpServer()).get('/api/v1/me').set('Host', a.host).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    // B writes its counts only at shutdown (USAGE_FLUSH_MS=0)
    b = await createApp({ config: { ...t.config, usageFlushMs: 0 }, db: sameDb(t), logger: pino({ level: 'silent' }) });
    await b.init();
    bOpen = true;
    await until('both instances listening', async () => b.get(AuthCache).isListening && t.get(AuthCache).isListening, (v) => v, 5_000);
  });
  afterAll(async () => {
    if (bOpen) await b.close();
  });

  it('a key revoked from the console on A is refused on B at once', async () => {
    const u = await salesUser(a, 'Bea Twoinstances');
    await onB(u.key).expect(200);
    await onB(u.key).expect(200); // cached on B now
    const row = (await list(adminSession)).find((r) => r.kind === 'api_key' && r.owner?.id === u.user.id)!;
    await api(t, a.host, adminSession).post(`/api/v1/connections/api_key/${row.id}/revoke`).expect(201);
    await until('refused on B', async () => (await onB(u.key)).status, (s) => s === 401, 1_000);
  });

  it("an app revoked on A (the call of the app's Connections screen) is refused on B at once", async () => {
    const u = await salesUser(a, 'Cai Twoinstances');
    const token = await appToken(a, u, 'Second Instance App');
    await onB(token).expect(200);
    await onB(token).expect(200);
    const grant = (await list(adminSession)).find((r) => r.kind === 'app' && r.owner?.id === u.user.id)!;
    await api(t, a.host, adminSession).post(`/api/v1/connections/app/${grant.id}/revoke`).expect(201);
    await until('refused on B', async () => (await onB(token)).status, (s) => s === 401, 1_000);
  });

  it("B's counts reach the console when B shuts down", async () => {
    const u = await salesUser(a, 'Dee Counted');
    const app = await appToken(a, u, 'Counted On B');
    for (let i = 0; i < 4; i++) await onB(u.key).expect(200);
    for (let i = 0; i < 2; i++) await onB(app).expect(200);
    const appRow = () => list(adminSession).then((rows) => rows.find((r) => r.kind === 'app' && r.owner?.id === u.user.id)!);
    expect(await appRow()).toMatchObject({ requests_24h: 0 });
    await request(b.getHttpServer()).post('/api/v1/companies').set('Host', a.host).set('Authorization', `Bearer ${u.key}`).send({ name: '' }).expect(400);
    const row = () => list(adminSession).then((rows) => rows.find((r) => r.kind === 'api_key' && r.owner?.id === u.user.id)!);
    expect((await row()).requests_24h).toBe(0);
    expect(b.get(ConnectionUsageCounter)).toBeDefined();
    bOpen = false;
    await b.close();
    expect(await row()).toMatchObject({ requests_24h: 5, errors_24h: 1, state: 'failing' });
    // the grant's last use too: GrantUsage writes its last batch before the data source closes
    expect(await appRow()).toMatchObject({ requests_24h: 2, last_used_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) });
  });
});
