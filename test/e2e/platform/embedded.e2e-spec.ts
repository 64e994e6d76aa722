import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DemoSeedService } from '../../../src/domain/demo/demo-seed.service';
import { CredentialsService } from '../../../src/domain/identity/credentials.service';
import { InvitationsService } from '../../../src/domain/identity/invitations.service';
import { ProvisioningService } from '../../../src/domain/identity/provisioning.service';
import { UsersService } from '../../../src/domain/identity/users.service';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { AdminCommands } from '../../../src/interfaces/cli/admin-commands';
import { parseFlags } from '../../../src/interfaces/cli/main';
import { api, createWorkspace, Fixture, startApp, TestApp, db, uow } from '../../helpers/test-app';
import { migratedDataDir } from '../../helpers/test-db';

const run = promisify(execFile);
const root = join(__dirname, '..', '..', '..');
const cliPath = join(root, 'dist', 'src', 'interfaces', 'cli', 'main.js');

/**
 * A CLI process opening PGlite: generous, the suite runs on loaded 2-core machines. A test gets this per CLI call it
 * makes (each call starts the whole application in a new process: seconds when quiet, 15-20 s at load average 19).
 */
const CLI_TIMEOUT_MS = 240_000;

/** The admin CLI as a separate process (as an operator runs it). */
async function cli(dataDir: string, ...args: string[]): Promise<{ code: number; out: Record<string, unknown> | null; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cliPath, ...args], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SECRET_KEY: 'test-secret-key-test-secret-key-0123456789' }, timeout: CLI_TIMEOUT_MS });
    return { code: 0, out: JSON.parse(stdout), err: stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: null, err: x.stderr };
  }
}

/**
 * A command in this process: the CLI's flag parser and AdminCommands on the running server's services. What a command
 * does is the same in and out of a process, and each CLI process costs a whole application start (about 4 s of CPU on
 * PGlite), so the tests below make one CLI call per thing of the separate process they check (its socket to the running
 * server, its lock, its stdout, stderr and exit code) and run the other commands here.
 */
function inProcess(command: string, ...args: string[]): Promise<Record<string, unknown>> {
  const commands = new AdminCommands(t.get(WorkspaceService), t.get(ProvisioningService), t.get(UsersService), t.get(CredentialsService), t.get(DemoSeedService), t.get(InvitationsService));
  return commands.run(command, parseFlags(args));
}

let t: TestApp;
let a: Fixture;
const dataDir = mkdtempSync(join(tmpdir(), 'crm-embedded-'));

/**
 * Everything here runs on the embedded database whatever the pass (DATA_DIR, DATABASE_URL=''): on the
 * PostgreSQL pass it would only repeat the PGlite pass, so it runs there alone.
 */
const embeddedPass = process.env.DATABASE_URL ? describe.skip : describe;

beforeAll(async () => {
  // a DATA_DIR as a first start leaves it (the first start itself: demo-start and cli-data-dir)
  t = await startApp({ dataDir: await migratedDataDir(dataDir) });
  a = await createWorkspace(t, 'emb');
}, 300_000);
afterAll(() => t?.close());

embeddedPass('embedded database (PGlite on a unix socket, pool of one)', () => {
  it('serves concurrent requests without losing writes', async () => {
    const logins = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api(t, a.host).post('/api/v1/login', { username: 'admin@emb.test', password: 'Admin-Password-123', device: `d${i}` })),
    );
    expect(logins.map((r) => r.status)).toEqual(Array(20).fill(200));
    const tokens = new Set(logins.map((r) => r.body.token));
    expect(tokens.size).toBe(20);
    const checks = await Promise.all([...tokens].map((tk) => api(t, a.host, tk).get('/api/v1/me')));
    expect(checks.map((r) => r.status)).toEqual(Array(20).fill(200));
    const [{ n }] = await db(t).query(`SELECT count(*)::int AS n FROM credentials WHERE workspace_id = $1 AND kind = 'session'`, [a.ws.id]);
    expect(n).toBe(20);
  });

  it('does not interleave transactions: read-modify-write under concurrency loses no update', async () => {
    await db(t).query('CREATE TABLE IF NOT EXISTS t_counter (id int PRIMARY KEY, n int NOT NULL)');
    await db(t).query('INSERT INTO t_counter VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0');
    await Promise.all(
      Array.from({ length: 15 }, () =>
        uow(t).run(async () => {
          const m = uow(t).acrossWorkspaces();
          const [{ n }] = await m.sql('SELECT n FROM t_counter WHERE id = 1');
          await new Promise((r) => setTimeout(r, 5));
          await m.sql('UPDATE t_counter SET n = $1 WHERE id = 1', [n + 1]);
        }),
      ),
    );
    const [{ n }] = await db(t).query('SELECT n FROM t_counter WHERE id = 1');
    expect(n).toBe(15);
  });

  it('rolls back one transaction without touching a concurrent one that commits', async () => {
    await db(t).query('CREATE TABLE IF NOT EXISTS t_rows (v text PRIMARY KEY)');
    const failing = uow(t).run(async () => {
      const m = uow(t).acrossWorkspaces();
      await m.sql(`INSERT INTO t_rows VALUES ('rolled-back')`);
      await new Promise((r) => setTimeout(r, 30));
      throw new Error('abort');
    });
    const committing = uow(t).run(async () => {
      const m = uow(t).acrossWorkspaces();
      await m.sql(`INSERT INTO t_rows VALUES ('committed')`);
    });
    await expect(failing).rejects.toThrow('abort');
    await committing;
    const rows = await db(t).query('SELECT v FROM t_rows ORDER BY v');
    expect(rows).toEqual([{ v: 'committed' }]);
  });

  // the second process loads the whole application before it meets the lock: a minute and more on a loaded machine
  it('refuses a second server process on the same DATA_DIR', async () => {
    const res = await run(process.execPath, [join(root, 'dist', 'src', 'main.js')], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0' }, timeout: CLI_TIMEOUT_MS }).catch((e: { code: number; stderr: string }) => e);
    expect((res as { code: number }).code).toBe(1);
    expect((res as { stderr: string }).stderr).toContain('in use by process');
  }, CLI_TIMEOUT_MS + 60_000);

  it('zero-fills a new WAL segment in a data directory, not in a database held in memory (nothing of it outlives the process)', async () => {
    const walInitZero = async (x: TestApp) => ((await db(x).query(`SELECT current_setting('wal_init_zero') AS v`)) as { v: string }[])[0]!.v;
    expect(await walInitZero(t)).toBe('on');
    const inMemory = await startApp();
    try {
      expect(inMemory.db.embedded).toBe(true);
      expect(await walInitZero(inMemory)).toBe('off');
    } finally {
      await inMemory.close();
    }
  });
});

embeddedPass('admin CLI beside the running server', () => {
  it('changes take effect in the running server within the embedded cache lifetime (1 s)', async () => {
    await api(t, a.host, a.adminKey).get('/api/v1/me').expect(200);
    const r = await cli(dataDir, 'license:set', '--workspace', 'emb', '--modules', 'Customers,Fair leads', '--seats', '7');
    expect(r).toMatchObject({ code: 0, out: { ok: true } });
    // another process wrote: the server's cached entry (at most 1 s old when the CLI finished) expires;
    // 1 s plus one request of slack on a loaded machine
    const deadline = Date.now() + 1_500;
    let modules: string[] = [];
    do {
      modules = (await api(t, a.host, a.adminKey).get('/api/v1/me').expect(200)).body.license.modules;
      if (modules.length === 2) break;
      await new Promise((res) => setTimeout(res, 25));
    } while (Date.now() < deadline);
    expect(modules).toEqual(['Customers', 'Fair leads']);
  }, CLI_TIMEOUT_MS);

  it('creates a workspace, user and keys that the running server accepts', async () => {
    // through the running server's socket from another process
    const ws = await cli(dataDir, 'workspace:create', '--slug', 'acme', '--name', 'Acme', '--admin-email', 'admin@acme.test', '--admin-password', 'Acme-Admin-Pass-1');
    expect(ws.code).toBe(0);
    expect(ws.out).toEqual({ workspace: { id: expect.any(Number), slug: 'acme' }, admin: { id: expect.any(Number), username: 'admin@acme.test' }, api_key: expect.stringMatching(/^sk_/) });
    await api(t, 'acme.localhost', ws.out!.api_key as string).get('/api/v1/me').expect(200);

    const user = await inProcess('user:create', '--workspace', 'acme', '--email', 'Sales@Acme.test', '--password', 'Sales-Pass-123', '--role', 'sales', '--department', 'North');
    expect(user).toEqual({ user: { id: expect.any(Number), username: 'sales@acme.test' } });
    await api(t, 'acme.localhost').post('/api/v1/login', { username: 'sales@acme.test', password: 'Sales-Pass-123' }).expect(200);

    const key = await inProcess('key:create', '--workspace', 'acme', '--kind', 'api', '--user', 'sales@acme.test');
    expect(key.key).toMatch(/^sk_/);
    const me = await api(t, 'acme.localhost', key.key as string).get('/api/v1/me').expect(200);
    expect(me.body.user.username).toBe('sales@acme.test');
    expect((await inProcess('key:create', '--workspace', 'acme', '--kind', 'erp')).key).toMatch(/^erp_/);
    expect((await inProcess('key:create', '--workspace', 'acme', '--kind', 'scim')).key).toMatch(/^scim_/);

    expect(await inProcess('demo:seed', '--workspace', 'acme')).toMatchObject({ ok: true });
    const me2 = await api(t, 'acme.localhost', ws.out!.api_key as string).get('/api/v1/me').expect(200);
    expect(me2.body.products.length).toBeGreaterThan(0);
  }, 2 * CLI_TIMEOUT_MS);

  it('reports errors as JSON on stderr with a non-zero exit', async () => {
    const dup = await cli(dataDir, 'workspace:create', '--slug', 'acme', '--name', 'Again', '--admin-email', 'a@b.test', '--admin-password', 'Whatever-123');
    expect(dup.code).not.toBe(0);
    expect(JSON.parse(dup.err)).toMatchObject({ ok: false, error: 'conflict' });
    // the same envelope from every DomainError (main.ts): the other refusals need no process of their own
    await expect(inProcess('user:create', '--workspace', 'acme')).rejects.toMatchObject({ code: 'invalid', message: '--email is required' });
    await expect(inProcess('nope')).rejects.toMatchObject({ code: 'invalid' });
  }, 2 * CLI_TIMEOUT_MS);
});

embeddedPass('admin CLI with no server running', () => {
  it('opens the database itself', async () => {
    const dir = await migratedDataDir(mkdtempSync(join(tmpdir(), 'crm-cli-')));
    const ws = await cli(dir, 'workspace:create', '--slug', 'solo', '--name', 'Solo', '--admin-email', 'admin@solo.test', '--admin-password', 'Solo-Admin-Pass-1');
    expect(ws.code).toBe(0);
    const user = await cli(dir, 'user:create', '--workspace', 'solo', '--email', 'x@solo.test', '--password', 'Xx-Password-1', '--role', 'admin');
    expect(user.code).toBe(0);
    expect(user.out!.user).toMatchObject({ username: 'x@solo.test' });
  }, 3 * CLI_TIMEOUT_MS);
});
