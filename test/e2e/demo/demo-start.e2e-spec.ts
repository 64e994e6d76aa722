import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DemoBootstrap } from '../../../src/domain/demo/demo-bootstrap';
import { api, startApp, TestApp } from '../../helpers/test-app';
import { migratedDataDir } from '../../helpers/test-db';

/**
 * The demo sign-in cannot be lost. A start that cannot open its port saves nothing; a
 * later start prints the banner (sign-in URL, password, API docs) with a password that works, and does so
 * on every start, with a new password, until the demo admin has signed in once. Start-up logs stay short.
 */
const root = join(__dirname, '..', '..', '..');
const mainPath = join(root, 'dist', 'src', 'main.js');

interface Started {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

/** The server as an operator starts it (embedded database in `dataDir`, demo on). */
function start(dataDir: string, port: number): Started {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1', LOG_LEVEL: 'info' };
  delete env.NODE_ENV;
  delete env.PUBLIC_URL;
  const child = spawn(process.execPath, [mainPath], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

/** Polls the output (generous deadline: seeding the demo takes a while on a loaded machine). */
async function waitForOutput(s: Started, re: RegExp, ms = 180_000): Promise<RegExpMatchArray> {
  const until = Date.now() + ms;
  for (;;) {
    const m = s.out().match(re);
    if (m) return m;
    if (s.child.exitCode !== null || Date.now() > until) throw new Error(`no ${re} in output:\n${s.out()}\n${s.err()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(s: Started): Promise<void> {
  if (s.child.exitCode === null) s.child.kill('SIGTERM');
  await s.exited;
}

const BANNER = /Sign in: +(http:\/\/localhost:(\d+))\/ +as (\S+) \/ (\S+) .*\n +API docs: +(\S+)\n/;

/**
 * The real start below runs on the embedded database whatever the pass (DATA_DIR, DATABASE_URL=''): on the
 * PostgreSQL pass it would only repeat the PGlite pass, so it runs there alone.
 */
const embeddedPass = process.env.DATABASE_URL ? describe.skip : describe;

embeddedPass('the demo sign-in of a real start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-demo-start-'));
  let blocker: Server;
  const running: Started[] = [];

  beforeAll(async () => {
    // migrated, without the demo (a start with SEED_DEMO=0 leaves it so): the demo's first start is the subject here;
    // an empty DATA_DIR's (initdb and every migration in WASM, 20-40 s of CPU) is cli-data-dir's, through the same openDatabase
    await migratedDataDir(dataDir);
    blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, r));
  });
  afterAll(async () => {
    for (const s of running) await stop(s);
    await new Promise((r) => blocker.close(r));
  });

  it('a first start on a taken port fails and saves nothing; the next start prints a working sign-in and the API docs', async () => {
    const taken = (blocker.address() as { port: number }).port;
    const first = start(dataDir, taken);
    running.push(first);
    expect(await first.exited).toBe(1);
    expect(first.err()).toContain('start-up failed');
    expect(first.err()).toContain('EADDRINUSE');
    expect(first.out()).not.toContain('Sign in');

    const second = start(dataDir, 0);
    running.push(second);
    const [, url, port, username, password, docs] = await waitForOutput(second, BANNER);
    expect(second.out()).toContain(`Demo workspace "demo" created at ${url}`);
    expect(second.out()).toMatch(/API key: +sk_/);
    expect(docs).toBe(`${url}/api/docs`);
    expect(username).toBe('admin@demo.local');
    const server = `http://127.0.0.1:${port}`;
    await request(server).get('/api/docs/').set('Host', 'localhost').expect(200);
    const signIn = await request(server).get('/settings/signin').set('Host', 'localhost').expect(200);
    expect(signIn.text).toContain('name="password"');
    const login = await request(server).post('/api/v1/login').set('Host', 'localhost').send({ username, password }).expect(200);
    expect(login.body).toMatchObject({ ok: true, user: { username: 'admin@demo.local', role: 'admin' } });

    // a few lines at info, no route mappings
    const logLines = second.out().split('\n').filter((l) => l.startsWith('{'));
    expect(logLines.length).toBeLessThanOrEqual(8);
    expect(second.out()).not.toContain('Mapped {');
    expect(second.out()).not.toContain('RoutesResolver');
  }, 400_000);
});

describe('the banner comes back until the demo admin signs in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ env: { SEED_DEMO: '1' } });
  }, 300_000);
  afterAll(() => t.close());

  it('each start before the first sign-in gets a new working password; after a sign-in, none', async () => {
    const demo = t.get(DemoBootstrap);
    const created = await demo.ensureDemo();
    expect(created).toEqual({ workspace: 'demo', username: 'admin@demo.local', password: expect.any(String), apiKey: expect.stringMatching(/^sk_/) });

    const again = await demo.ensureDemo();
    expect(again).toEqual({ workspace: 'demo', username: 'admin@demo.local', password: expect.any(String) });
    expect(again!.password).not.toBe(created!.password);
    const old = await api(t, 'demo.localhost').post('/api/v1/login', { username: 'admin@demo.local', password: created!.password }).expect(401);
    expect(old.body).toEqual({ ok: false, error: 'unauthorized', message: 'invalid username or password' });
    await api(t, 'demo.localhost').post('/api/v1/login', { username: 'admin@demo.local', password: again!.password }).expect(200);

    // signed in once: later starts print nothing and keep the password
    expect(await demo.ensureDemo()).toBeNull();
    await api(t, 'demo.localhost').post('/api/v1/login', { username: 'admin@demo.local', password: again!.password }).expect(200);
  }, 300_000);
});
