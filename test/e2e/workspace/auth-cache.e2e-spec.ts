import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../../src/app.factory';
import { AdminCommands } from '../../../src/interfaces/cli/admin-commands';
import { CliModule } from '../../../src/interfaces/cli/cli.module';
import { CredentialsService } from '../../../src/domain/identity/credentials.service';
import { Credential } from '../../../src/domain/identity/credential.entity';
import { AuthCache } from '../../../src/domain/workspace/auth-cache';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { ProbeModule } from '../../helpers/probe.module';
import { api, createUser, createWorkspace, db, Fixture, sameDb, startApp, TestApp } from '../../helpers/test-app';
import { invalidationsDrained } from '../../helpers/auth-cache-sync';

const onServer = !!process.env.DATABASE_URL;
const logger = pino({ level: 'silent' });

/**
 * Polls until `check` holds and returns when the change was first seen: the milliseconds from the start
 * to the moment the succeeding check was sent. The promise under test (`limitMs`) is broken when a check
 * sent after it still sees the old state; POLL_SLACK_MS is the time between the start and the change
 * itself (the command's own commit). A check's answer may take long on a loaded machine, so what counts
 * is when a check was sent, not when the loop gives up: a slow answer is never taken for a late change.
 */
const POLL_SLACK_MS = 400;
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    const sent = Date.now() - started;
    if (await check()) return sent;
    if (sent > limitMs + POLL_SLACK_MS) throw new Error(`a check sent ${sent} ms after the change still saw the old state (promise: ${limitMs} ms, +${POLL_SLACK_MS} ms slack)`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let a: TestApp;
let f: Fixture;
let cli: INestApplicationContext;

beforeAll(async () => {
  a = await startApp({ imports: [ProbeModule] });
  f = await createWorkspace(a, 'cache');
  // the admin CLI beside the running server: its own application context on the same database
  cli = await NestFactory.createApplicationContext(CliModule.forRoot({ config: a.config, db: sameDb(a), logger }), { logger: false });
});
afterAll(async () => {
  await cli.close();
  await a.close();
});

describe('auth cache on one instance', () => {
  it('serves repeated requests from the cache and drops a revoked key at once', async () => {
    const u = await createUser(a, f);
    await api(a, f.host, u.key).get('/api/v1/me').expect(200);
    const cred = await db(a).getRepository(Credential).findOneByOrFail({ workspaceId: f.ws.id, userId: u.user.id, kind: 'api' });
    await a.get(CredentialsService).revoke(f.ws.id, cred.id);
    await api(a, f.host, u.key).get('/api/v1/me').expect(401);
  });

  it('applies a licence change through the service at once', async () => {
    await api(a, f.host, f.adminKey).get('/api/v1/probe/opportunities').expect(200);
    await a.get(WorkspaceService).setLicense('cache', { modules: ['Customers'] });
    expect((await api(a, f.host, f.adminKey).get('/api/v1/probe/opportunities').expect(403)).body.error).toBe('module');
    await a.get(WorkspaceService).setLicense('cache', { modules: ['Customers', 'Opportunities', 'Visits / Activities', 'Fair leads'] });
    await api(a, f.host, f.adminKey).get('/api/v1/probe/opportunities').expect(200);
  });

  (onServer ? it.skip : it)('embedded: entries live at most 1 s, so any write of another process is seen within 1 s', async () => {
    expect(a.get(AuthCache).isListening).toBe(false);
    const u = await createUser(a, f);
    await api(a, f.host, u.key).get('/api/v1/me').expect(200);
    // a write that bypasses every service (no invalidation at all): only the safety net applies
    await db(a).update(Credential, { workspaceId: f.ws.id, userId: u.user.id }, { revokedAt: new Date() });
    await within(1_000, async () => (await api(a, f.host, u.key).get('/api/v1/me')).status === 401);
  });
});

describe('changes made by the admin CLI reach the running server within 1 s', () => {
  it('user:deactivate', async () => {
    const u = await createUser(a, f, { email: 'leaver@cache.test' });
    await api(a, f.host, u.key).get('/api/v1/me').expect(200);
    const out = await cli.get(AdminCommands).run('user:deactivate', { workspace: 'cache', user: 'leaver@cache.test' });
    expect(out).toMatchObject({ ok: true, revoked_credentials: 1 });
    await within(1_000, async () => (await api(a, f.host, u.key).get('/api/v1/me')).status === 401);
  });

  it('license:set', async () => {
    await api(a, f.host, f.adminKey).get('/api/v1/probe/opportunities').expect(200);
    await cli.get(AdminCommands).run('license:set', { workspace: 'cache', modules: 'Customers' });
    await within(1_000, async () => (await api(a, f.host, f.adminKey).get('/api/v1/probe/opportunities')).status === 403);
    await cli.get(AdminCommands).run('license:set', { workspace: 'cache', modules: 'Customers,Opportunities,Visits / Activities,Fair leads' });
    await within(1_000, async () => (await api(a, f.host, f.adminKey).get('/api/v1/probe/opportunities')).status === 200);
  });
});

(onServer ? describe : describe.skip)('two server instances on one PostgreSQL database', () => {
  let b: NestExpressApplication;

  beforeAll(async () => {
    b = await createApp({ config: a.config, db: sameDb(a), logger, extraImports: [ProbeModule] });
    await b.init();
    await within(5_000, async () => b.get(AuthCache).isListening && a.get(AuthCache).isListening);
  });
  afterAll(() => b.close());

  const onB = (token: string) => request(b.getHttpServer()).get('/api/v1/me').set('Host', f.host).set('Authorization', `Bearer ${token}`);

  it('a key revoked on instance A is refused on instance B within 1 s', async () => {
    const u = await createUser(a, f);
    await onB(u.key).expect(200);
    await onB(u.key).expect(200); // now cached on B (entries live 30 s while B listens)
    const cred = await db(a).getRepository(Credential).findOneByOrFail({ workspaceId: f.ws.id, userId: u.user.id, kind: 'api' });
    await a.get(CredentialsService).revoke(f.ws.id, cred.id);
    await within(1_000, async () => (await onB(u.key)).status === 401);
  });

  it('a licence change on instance A takes effect on instance B within 1 s', async () => {
    const probe = () => request(b.getHttpServer()).get('/api/v1/probe/opportunities').set('Host', f.host).set('Authorization', `Bearer ${f.adminKey}`);
    await probe().expect(200);
    await a.get(WorkspaceService).setLicense('cache', { blocked: true });
    await within(1_000, async () => (await probe()).status === 403);
    await a.get(WorkspaceService).setLicense('cache', { blocked: false });
    await within(1_000, async () => (await probe()).status === 200);
  });

  it('keeps entries while listening: a write without invalidation is not seen for longer than the safety TTL', async () => {
    const u = await createUser(a, f);
    // creating the user invalidates the workspace's credentials on every instance: had B heard that after
    // caching the key below, the entry would be gone (a loaded CI machine delivered it that late once)
    await invalidationsDrained(a, b);
    await onB(u.key).expect(200);
    await db(a).update(Credential, { workspaceId: f.ws.id, userId: u.user.id }, { revokedAt: new Date() });
    await new Promise((r) => setTimeout(r, 1_200));
    // still served from B's cache: proves the cache is used, and that invalidation (not the TTL) did the work above
    await onB(u.key).expect(200);
    await b.get(AuthCache).invalidateUser(f.ws.id, u.user.id);
    await onB(u.key).expect(401);
  });
});
