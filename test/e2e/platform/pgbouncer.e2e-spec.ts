import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Redis from 'ioredis';
import { Client } from 'pg';
import pino from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ErpQueueEntry } from '../../../src/domain/crm/orders/erp-queue-entry.entity';
import type { ErpOrder } from '../../../src/domain/crm/orders/erp-order';
import { Credential } from '../../../src/domain/identity/credential.entity';
import { CredentialsService } from '../../../src/domain/identity/credentials.service';
import { WebhookDelivery } from '../../../src/domain/integrations/webhook-delivery.entity';
import { AuthCache } from '../../../src/domain/workspace/auth-cache';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { DbConnection } from '../../../src/platform/database/embedded';
import { GenericPlans } from '../../../src/platform/database/generic-plan';
import { REDIS } from '../../../src/platform/database/redis.module';
import type { JsonMap } from '../../../src/platform/database/tenant-entity';
import { PgBouncer, pgbouncerMissing, PGBOUNCER_POOL_SIZE, startPgBouncer } from '../../helpers/pgbouncer';
import { ProbeModule } from '../../helpers/probe.module';
import { openTestDb } from '../../helpers/test-db';
import { invalidationsDrained } from '../../helpers/auth-cache-sync';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp, uow } from '../../helpers/test-app';
import { waitFor } from '../../helpers/wait';

/**
 * The service behind PgBouncer 1.18 in transaction mode (DATABASE_POOL_MODE=transaction, LISTEN on
 * DATABASE_DIRECT_URL): the suite's multi-instance checks — cache invalidation, webhook workers, ERP
 * claimers, rate limits — with two instances on one database through one pooler whose pool holds fewer
 * server sessions than one instance's connections, so every instance's clients share sessions.
 * PostgreSQL only; skipped (with the reason in the title) when pgbouncer is not installed.
 */
const missing = pgbouncerMissing();
// jest lists nothing of a file whose tests are all skipped: say why here
if (missing) process.stderr.write(`PgBouncer tests skipped: ${missing}\n`);
const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `crmpgb-${process.pid}-${randomBytes(4).toString('hex')}`;

/** Polls until `check` holds; fails after `limitMs` plus one poll interval on a loaded machine (as in auth-cache.e2e-spec.ts). */
const POLL_SLACK_MS = 400;
async function within(limitMs: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > limitMs + POLL_SLACK_MS) throw new Error(`not within ${limitMs} ms (+${POLL_SLACK_MS} ms poll slack)`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A complete ERP order snapshot (spec 2.9) of an order that does not exist (as in erp.e2e-spec.ts). */
function fakeErpOrder(orderId: number): ErpOrder {
  return {
    ref: `ORD-${orderId}`, po: '', date: '2026-03-02', due: null, kind: 'sale', currency: 'EUR', note: null, order_id: orderId, payment_days: 30,
    owner: { email: '', name: '' },
    customer: { id: 1, rid: 'C-1', name: 'Fake Co', code: '', ext_id: '', tax_no: '', tax_office: '', address: '', city: '', phone: '', email: '' },
    lines: [{ code: '', ext_id: '', name: 'sale', unit: 'kg', qty: 1, price: 1 }],
  };
}

/** A pino destination that keeps the lines in `lines`. */
function sink(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
}

/** A statement on the PostgreSQL server itself, past the pooler. */
async function withServer<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const dbName = (conn: DbConnection) => new URL(conn.url!).pathname.slice(1);

(missing ? describe.skip : describe)(`behind PgBouncer in transaction mode${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let bouncer: PgBouncer;
  let direct: DbConnection;
  let one: TestApp;
  let two: TestApp;
  const oneLog: string[] = [];
  let f: Fixture;
  const received: { path: string; title: string }[] = [];
  let receiver: Server;
  let receiverBase: string;

  /** The test database through the pooler, LISTEN on the server itself. */
  const pooled = (conn: DbConnection, over: Partial<DbConnection> = {}): DbConnection => ({
    url: bouncer.url(dbName(conn)),
    directUrl: conn.url,
    poolMode: 'transaction',
    embedded: false,
    close: async () => undefined,
    ...over,
  });
  const env = {
    TRUST_PROXY: '1',
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    RATE_LIMIT_ADDRESS_PER_MINUTE: '10',
    LOGIN_MAX_FAILURES: '2',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_ERP_PER_MINUTE: '100000',
    ALLOW_PRIVATE_NETWORK_URLS: '1',
    WEBHOOK_WORKER: '1',
    WEBHOOK_POLL_MS: '30',
  };

  beforeAll(async () => {
    receiver = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', title: (JSON.parse(body) as { title: string }).title });
        res.writeHead(200).end('thanks');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    bouncer = await startPgBouncer(process.env.DATABASE_URL!);
    direct = await openTestDb();
    // the statement timeout the service cannot send through the pooler, on the database (docs/configuration.md)
    await withServer((c) => c.query(`ALTER DATABASE ${dbName(direct)} SET statement_timeout = '30s'`));
    // the first instance runs the migrations through the pooler
    one = await startApp({ db: pooled(direct), env, imports: [ProbeModule], logger: pino({ level: 'warn' }, sink(oneLog)) });
    two = await startApp({ db: pooled(direct), env, imports: [ProbeModule] });
    f = await createWorkspace(one, 'pgb');
    for (const app of [one, two]) {
      const client = app.get<Redis>(REDIS);
      if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
    }
    await within(5_000, async () => one.get(AuthCache).isListening && two.get(AuthCache).isListening);
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await bouncer?.stop();
    await direct?.close();
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}:*`);
    if (keys.length) await r.del(...keys);
    await r.quit();
  });

  const timeoutWarnings = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { msg: string }).msg).filter((m) => /statement_timeout/.test(m));

  it('takes the statement timeout from the database (none can be sent through the pooler)', async () => {
    expect(await db(one).query('SHOW statement_timeout')).toEqual([{ statement_timeout: '30s' }]);
    expect(timeoutWarnings(oneLog)).toEqual([]);
  });

  it('serves both instances from fewer server sessions than they hold pooler connections', async () => {
    // eight transactions at once on each instance: each holds a pool connection to PgBouncer
    const hold = (t: TestApp) => Promise.all(Array.from({ length: 8 }, () => t.get(DataSource).transaction((m) => m.query('SELECT pg_sleep(0.05)'))));
    await Promise.all([hold(one), hold(two)]);
    const clients = (t: TestApp) => (t.get(DataSource).driver as unknown as { master: { totalCount: number } }).master.totalCount;
    expect(clients(one) + clients(two)).toBeGreaterThan(2 * PGBOUNCER_POOL_SIZE);
    const { rows } = await withServer((c) =>
      c.query<{ query: string }>('SELECT query FROM pg_stat_activity WHERE datname = $1 AND backend_type = $2', [dbName(direct), 'client backend']),
    );
    const listeners = rows.filter((r) => /^LISTEN /.test(r.query));
    expect(listeners).toHaveLength(2); // one direct session per instance
    expect(rows.length - listeners.length).toBeLessThanOrEqual(PGBOUNCER_POOL_SIZE);
  });

  describe('a database with no settings of its own and no background work', () => {
    // a pool of its own, so that PgBouncer's choice of server session is known: it hands out the most
    // recently released one (server_round_robin = 0)
    let own: DbConnection;
    let app: TestApp;
    const log: string[] = [];
    beforeAll(async () => {
      own = await openTestDb();
      app = await startApp({ db: pooled(own), env: { WEBHOOK_WORKER: '0' }, logger: pino({ level: 'warn' }, sink(log)) });
    });
    afterAll(async () => {
      await app?.close();
      await own?.close();
    });

    it('warns at start that the server sets no statement timeout', () => {
      expect(timeoutWarnings(log)).toEqual([expect.stringMatching(/^DATABASE_POOL_MODE=transaction and no statement_timeout on the server: set one on the role/)]);
    });

    const spec = { name: 'pgb_probe', planOk: () => true };
    const text = 'SELECT count(*)::int AS n FROM companies WHERE workspace_id = $1';

    /** A hot statement, then another client's transaction takes the server session it ran on, then the statement again. */
    async function twiceAroundAnotherClient(run: () => Promise<unknown>): Promise<{ second: unknown; otherSaw: string }> {
      await run();
      const other = new Client({ connectionString: bouncer.url(dbName(own)) });
      await other.connect();
      try {
        await other.query('BEGIN');
        const otherSaw = (await other.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]!.plan_cache_mode;
        const second = await run().catch((e: Error) => e);
        await other.query('COMMIT');
        return { second, otherSaw };
      } finally {
        await other.end();
      }
    }

    it('uses no prepared statement with DATABASE_POOL_MODE=transaction; generic plans (session mode) break on this pooler', async () => {
      expect(await twiceAroundAnotherClient(() => uow(app).statement(1, text, [], spec))).toEqual({ second: [{ n: 0 }], otherSaw: 'auto' });
      // the control: what session mode does for that statement (a checked generic plan, a named statement) through the same pooler
      const client = new Client({ connectionString: bouncer.url(dbName(own)) });
      await client.connect();
      try {
        const { second, otherSaw } = await twiceAroundAnotherClient(() => new GenericPlans().query(client, spec, text, [1]));
        expect(otherSaw).toBe('force_generic_plan'); // one client's SET leaked into another client's transaction
        expect(String(second)).toMatch(/prepared statement "pgb_probe" does not exist/);
      } finally {
        await client.end();
      }
    });
  });

  describe('cache invalidation (LISTEN on the direct connection)', () => {
    const onTwo = (token: string) => request(two.app.getHttpServer()).get('/api/v1/me').set('Host', f.host).set('Authorization', `Bearer ${token}`);

    it('a key revoked on instance one is refused on instance two within 1 s', async () => {
      const u = await createUser(one, f);
      await onTwo(u.key).expect(200);
      await onTwo(u.key).expect(200); // cached on two
      const cred = await db(one).getRepository(Credential).findOneByOrFail({ workspaceId: f.ws.id, userId: u.user.id, kind: 'api' });
      await one.get(CredentialsService).revoke(f.ws.id, cred.id);
      await within(1_000, async () => (await onTwo(u.key)).status === 401);
    });

    it('a licence change on instance one takes effect on instance two within 1 s', async () => {
      const probe = () => request(two.app.getHttpServer()).get('/api/v1/probe/opportunities').set('Host', f.host).set('Authorization', `Bearer ${f.adminKey}`);
      await probe().expect(200);
      await one.get(WorkspaceService).setLicense('pgb', { blocked: true });
      await within(1_000, async () => (await probe()).status === 403);
      await one.get(WorkspaceService).setLicense('pgb', { blocked: false });
      await within(1_000, async () => (await probe()).status === 200);
    });

    it('keeps entries while listening: a write without invalidation is still served after the 1 s safety TTL', async () => {
      const u = await createUser(one, f);
      // two drops the workspace's credentials when it hears of the new user: hearing that after caching the
      // key below would drop the entry (seen on a loaded CI machine)
      await invalidationsDrained(one, two);
      await onTwo(u.key).expect(200);
      await db(one).update(Credential, { workspaceId: f.ws.id, userId: u.user.id }, { revokedAt: new Date() });
      await new Promise((r) => setTimeout(r, 1_200));
      await onTwo(u.key).expect(200);
      await two.get(AuthCache).invalidateUser(f.ws.id, u.user.id);
      await onTwo(u.key).expect(401);
    });

    it('without DATABASE_DIRECT_URL an instance does not LISTEN through the pooler and keeps entries 1 s', async () => {
      const three = await startApp({ db: pooled(direct, { directUrl: undefined }), env: { WEBHOOK_WORKER: '0' } });
      try {
        expect(three.get(AuthCache).isListening).toBe(false);
        const u = await createUser(one, f);
        const onThree = () => api(three, f.host, u.key).get('/api/v1/me');
        await onThree().expect(200);
        await db(one).update(Credential, { workspaceId: f.ws.id, userId: u.user.id }, { revokedAt: new Date() });
        await within(1_000, async () => (await onThree()).status === 401);
      } finally {
        await three.close();
      }
    });
  });

  it('webhook workers on both instances deliver each event exactly once', async () => {
    const w = await createWorkspace(one);
    const res = await api(one, w.host, w.adminKey).post('/api/v1/webhooks', { url: `${receiverBase}/twice`, events: ['customer_created'] }).expect(201);
    const N = 100;
    for (let i = 0; i < N; i += 20) {
      await uow(one).run(async () => {
        for (let j = i; j < i + 20; j++) uow(one).recordEvent({ workspaceId: w.ws.id, event: 'customer_created', title: `Twice ${j}`, text: '', url: `/companies/${j}`, data: { id: j }, recordType: 'company', recordId: j });
      });
    }
    const at = () => received.filter((r) => r.path === '/twice').map((r) => r.title);
    await waitFor(() => at().length >= N, 20_000);
    // a double delivery would come from the other instance's claim of the same rows: give it a few polls
    await new Promise((r) => setTimeout(r, 300));
    expect(at()).toHaveLength(N);
    expect(new Set(at()).size).toBe(N);
    expect(await db(one).getRepository(WebhookDelivery).count({ where: { workspaceId: w.ws.id, connectionId: res.body.webhook.id } })).toBe(N);
  });

  it('ERP claimers on both instances never receive one entry twice', async () => {
    const w = await createWorkspace(one);
    const key = await issueKey(one, w, 'erp');
    const rows = Array.from({ length: 300 }, (_, i) => ({ workspaceId: w.ws.id, orderId: i + 1, payload: fakeErpOrder(i + 1) as unknown as JsonMap }));
    for (let i = 0; i < rows.length; i += 100) await db(one).insert(ErpQueueEntry, rows.slice(i, i + 100));
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, n) => {
        const t = n % 2 ? two : one;
        for (;;) {
          const r = await api(t, w.host, key).get('/api/erp/v1/orders?claim=1').expect(200);
          if (r.body.orders.length === 0) return;
          seen.push(...r.body.orders.map((o: { id: number }) => o.id));
        }
      }),
    );
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
  });

  it('advisory locks inside transactions serialize creates on both instances: one company, the others duplicates', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) => api(n % 2 ? two : one, f.host, f.adminKey).post('/api/v1/companies', { name: 'Pooled Twins Ltd' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(5).fill('duplicate'));
  });

  describe('rate limits shared through Redis', () => {
    const from = (r: request.Test, ip: string) => r.set('X-Forwarded-For', ip);
    const invented = () => `sk_${randomBytes(32).toString('base64url').slice(0, 43)}`;

    it('counts an address once over both instances', async () => {
      const seen: string[] = [];
      for (let i = 0; i < 5; i++) {
        seen.push((await from(api(one, f.host, invented()).get('/api/v1/me'), '10.30.0.1').expect(401)).headers['ratelimit-remaining']);
        seen.push((await from(api(two, f.host, invented()).get('/api/v1/me'), '10.30.0.1').expect(401)).headers['ratelimit-remaining']);
      }
      expect(seen).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
      await from(api(one, f.host).get('/api/v1/me'), '10.30.0.1').expect(429);
      await from(api(two, f.host).get('/api/v1/me'), '10.30.0.2').expect(401);
    });

    it('counts sign-in failures of a user and address over both instances', async () => {
      await createUser(one, f, { email: 'both@pgb.test', password: 'Str0ng-Passw0rd!' });
      await from(api(one, f.host).post('/api/v1/login', { username: 'both@pgb.test', password: 'wrong-1' }), '10.31.0.1').expect(401);
      await from(api(two, f.host).post('/api/v1/login', { username: 'both@pgb.test', password: 'wrong-2' }), '10.31.0.1').expect(401);
      await from(api(one, f.host).post('/api/v1/login', { username: 'both@pgb.test', password: 'Str0ng-Passw0rd!' }), '10.31.0.1').expect(429);
      await from(api(two, f.host).post('/api/v1/login', { username: 'both@pgb.test', password: 'Str0ng-Passw0rd!' }), '10.31.0.1').expect(429);
    });
  });
});
