import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { openTestDb } from '../../helpers/test-db';
import type { DbConnection } from '../../../src/platform/database/embedded';

/**
 * The workflow engine in three server processes on one PostgreSQL database, one of them killed with SIGKILL in
 * the middle of the work: every run completes, and every action is done exactly once (docs/decisions/workflows.md,
 * "Off the request path"). The killed instance's runs wait out their lease (WORKFLOW_LEASE_SECONDS, short here) and
 * are taken over by the others; each step commits with the run's progress and holds the claim as a fencing token,
 * so nothing is lost or doubled. PostgreSQL only (the embedded database serves one process).
 */
const root = join(__dirname, '..', '..', '..');
const mainPath = join(root, 'dist', 'src', 'main.js');
const RULES = 3;
const ACTIONS = 2;
/** Under the storm guard's 60 runs a minute per rule. */
const EVENTS = 50;
const LEASE_SECONDS = 15;

interface Instance {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

function startInstance(url: string, dataDir: string): Instance {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    PORT: '0',
    LOG_LEVEL: 'info',
    SEED_DEMO: '0',
    // one key for the three (each would make its own in DATA_DIR otherwise)
    SECRET_KEY: 'workflows-instances-secret-key-0123456789abcdef',
    DATA_DIR: dataDir,
    WORKFLOW_WORKER: '1',
    WORKFLOW_POLL_MS: '100',
    WORKFLOW_LEASE_SECONDS: String(LEASE_SECONDS),
    WEBHOOK_WORKER: '0',
    IMPORT_WORKER: '0',
    MAIL_SEND_INTERVAL_MS: '0',
  };
  delete env.PUBLIC_URL;
  const child = spawn(process.execPath, [mainPath], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out = (out + c.toString('utf8')).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (out = (out + c.toString('utf8')).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, out: () => out, exited };
}

/** Polls `check` every 200 ms; the deadline is generous (three servers and the test on a loaded machine). */
async function until(what: string, check: () => Promise<boolean>, ms = 600_000, why: () => string = () => '', every = 200): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms\n${why()}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

const serverPass = process.env.DATABASE_URL ? describe : describe.skip;

serverPass('workflows in three instances, one killed', () => {
  let conn: DbConnection;
  let t: TestApp;
  let f: Fixture;
  const instances: Instance[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-wf-instances-'));

  beforeAll(async () => {
    conn = await openTestDb();
    // the test's own app raises the events and reads the outcome; its engine is off
    t = await startApp({ db: { ...conn, close: async () => undefined }, env: { WORKFLOW_WORKER: '0', WEBHOOK_WORKER: '0' } });
    f = await createWorkspace(t, 'wfkill');
  }, 600_000);

  afterAll(async () => {
    for (const i of instances) {
      if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
      await i.exited;
    }
    await t?.close();
    await conn?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes every run and does every action exactly once after kill -9 of one instance mid-run', async () => {
    const as = api(t, f.host, f.adminKey);
    for (let r = 0; r < RULES; r++) {
      const actions = Array.from({ length: ACTIONS }, (_, a) => ({ type: 'create_task', title: `R${r}A${a} {{record.name}}`, assignee: { kind: 'owner' } }));
      await as.post('/api/v1/workflows', { name: `Rule ${r}`, enabled: true, trigger: { kind: 'event', event: 'opp_created', filter: null }, actions }).expect(201);
    }
    for (let i = 0; i < 3; i++) instances.push(startInstance(conn.url!, dataDir));
    await Promise.all(
      instances.map((i) =>
        until(
          'an instance listening',
          async () => {
            if (i.child.exitCode !== null) throw new Error(`an instance exited at start:\n${i.out()}`);
            return /"listening"/.test(i.out());
          },
          // a start is a few seconds on a quiet machine, minutes on a shared one under load
          900_000,
          i.out,
        ),
      ),
    );

    const cid = (await as.post('/api/v1/companies', { name: 'Kill Nine Ltd.' }).expect(201)).body.company.id;
    for (let e = 0; e < EVENTS; e++) await as.post('/api/v1/opportunities', { name: `Opp ${String(e).padStart(3, '0')}`, customer_id: cid, value: 10 }).expect(201);

    const count = async (where: string) => ((await db(t).query(`SELECT count(*)::int AS n FROM workflow_runs WHERE workspace_id = $1 AND ${where}`, [f.ws.id])) as { n: number }[])[0]!.n;
    const total = RULES * EVENTS;
    // kill one instance once the work is under way and not finished: at the first finished run, looked for every 10 ms
    // (on a quiet machine the three instances finished all runs between two looks 200 ms apart once 10 were done)
    await until('runs under way', async () => (await count(`status = 'done'`)) >= 1, undefined, undefined, 10);
    // work left: a run not done, or an event whose runs are not written yet
    expect(await count(`status = 'done'`)).toBeLessThan(total);
    instances[0]!.child.kill('SIGKILL');
    expect(await instances[0]!.exited).toBeNull();

    await until(`all ${total} runs done`, async () => (await count(`status = 'done'`)) === total, 300_000, () => instances.map((i) => i.out().slice(-2000)).join('\n---\n'));
    expect(await count(`status <> 'done'`)).toBe(0);
    // one run per rule and event, and one task per action and event: nothing lost, nothing doubled
    const runs = (await db(t).query(`SELECT count(*)::int AS n FROM (SELECT workflow_id, event_id FROM workflow_runs WHERE workspace_id = $1 GROUP BY 1, 2 HAVING count(*) > 1) d`, [f.ws.id])) as { n: number }[];
    expect(runs[0]!.n).toBe(0);
    const tasks = (await db(t).query(`SELECT title, count(*)::int AS n FROM tasks WHERE workspace_id = $1 GROUP BY title ORDER BY title`, [f.ws.id])) as { title: string; n: number }[];
    expect(tasks).toHaveLength(RULES * ACTIONS * EVENTS);
    expect(tasks.filter((x) => x.n !== 1)).toEqual([]);
    const failedSteps = (await db(t).query(`SELECT count(*)::int AS n FROM workflow_runs WHERE workspace_id = $1 AND steps::text LIKE '%"outcome": "failed"%'`, [f.ws.id])) as { n: number }[];
    expect(failedSteps[0]!.n).toBe(0);
  }, 2_400_000);
});
