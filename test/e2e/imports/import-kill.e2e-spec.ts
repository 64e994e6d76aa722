import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportWorker } from '../../../src/domain/crm/imports';
import { api, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * An instance killed with SIGKILL in the middle of an import (docs/decisions/import.md, "Worker, batches, dry run"):
 * the service runs as a separate process (dist/src/main.js) on the test's PostgreSQL database, works the job and is
 * killed -9 between or inside its batches; what it committed is whole batches only (every person a batch made is
 * counted in the job and has its row, none without), and a second instance takes the job over when the lease runs
 * out and finishes it, with the counts equal to the records written and no row written twice.
 * PostgreSQL only: an embedded database belongs to the one process that opened it (its DATA_DIR lock), so a
 * second process on it is not a configuration that exists.
 */
const root = join(__dirname, '..', '..', '..');
const mainPath = join(root, 'dist', 'src', 'main.js');
const ROWS = 1_500;
const BATCH = 25;
const serverPass = process.env.DATABASE_URL ? describe : describe.skip;

interface Instance {
  child: ChildProcess;
  log: () => string;
  exited: Promise<unknown>;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** The service as an operator starts it, on the test's database, with the import worker on. */
async function instance(url: string): Promise<Instance> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'crm-import-kill-')),
    SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
    PORT: String(await freePort()),
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    IMPORT_WORKER: '1',
    IMPORT_POLL_MS: '100',
    IMPORT_BATCH_ROWS: String(BATCH),
    IMPORT_LEASE_SECONDS: '5',
    WEBHOOK_WORKER: '0',
    WORKFLOW_WORKER: '0',
    HOUSEKEEPING_MINUTES: '0',
  };
  delete env.NODE_ENV;
  const child = spawn(process.execPath, [mainPath], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (log += c.toString('utf8')));
  return { child, log: () => log, exited: new Promise((r) => child.once('exit', r)) };
}

/** Polls until `probe` answers something truthy; the deadline is generous (a loaded machine), never a bound asserted. */
async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 300_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

serverPass('an import survives kill -9 of the instance working it', () => {
  let t: TestApp;
  let a: Fixture;
  const running: Instance[] = [];

  beforeAll(async () => {
    // this process only serves the REST calls and the dry run; the run is the child instances' work
    t = await startApp({ env: { IMPORT_BATCH_ROWS: String(BATCH) } });
    a = await createWorkspace(t, 'importkill');
  }, 600_000);
  afterAll(async () => {
    for (const i of running) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await Promise.all(running.map((i) => i.exited));
    await t?.close();
  });

  const job = async (id: number) => (await db(t).query('SELECT state, rows_done, result FROM import_jobs WHERE id = $1', [id]))[0];
  const count = async (sql: string, params: unknown[]) => Number((await db(t).query(sql, params))[0].n);
  const people = () => count(`SELECT count(*) AS n FROM people WHERE workspace_id = $1 AND email LIKE '%@kill.test'`, [a.ws.id]);
  const companies = () => count(`SELECT count(*) AS n FROM companies WHERE workspace_id = $1 AND name LIKE 'Kill Company %'`, [a.ws.id]);
  const rowsOf = (id: number, target: string) => count(`SELECT count(*) AS n FROM import_rows WHERE job_id = $1 AND phase = 'run' AND target = $2 AND outcome = 'created'`, [id, target]);

  it('leaves whole batches only, and a second instance finishes the job with counts equal to the records written', async () => {
    const lines = ['name,email,company'];
    for (let i = 1; i <= ROWS; i++) lines.push(`Kill Person ${i},person${i}@kill.test,Kill Company ${i}`);
    const admin = api(t, a.host, a.adminKey);
    const up = await admin.raw('post', '/api/v1/imports').attach('file', Buffer.from(`${lines.join('\n')}\n`, 'utf8'), 'people.csv').expect(201);
    const id = up.body.import.id as number;
    await admin.put(`/api/v1/imports/${id}/mapping`, { target: 'people', mode: 'create', match_key: 'email', fields: ['name', 'email', 'company'] }).expect(200);
    await admin.post(`/api/v1/imports/${id}/validate`).expect(201);
    await t.get(ImportWorker).drain();
    expect((await job(id)).state).toBe('validated');
    await admin.post(`/api/v1/imports/${id}/run`).expect(201);

    const first = await instance(t.db.url!);
    running.push(first);
    // killed once it has committed a few batches and before it is done
    const at = await until('the first instance to commit batches', async () => {
      const j = await job(id);
      if (first.child.exitCode !== null) throw new Error(`the instance exited: ${first.log()}`);
      return j.rows_done >= 3 * BATCH ? j : null;
    });
    first.child.kill('SIGKILL');
    await first.exited;
    const left = await job(id);
    expect(at.rows_done).toBeLessThan(ROWS);
    expect(left.state).toBe('running');
    // whole batches: every record a committed batch made is counted and has its row; nothing of the batch in flight
    expect(left.rows_done % BATCH).toBe(0);
    expect(left.rows_done).toBeLessThan(ROWS);
    expect(await people()).toBe(left.rows_done);
    expect(await companies()).toBe(left.rows_done);
    expect(left.result.people.created).toBe(left.rows_done);
    expect(left.result.companies.created).toBe(left.rows_done);
    expect(await rowsOf(id, 'people')).toBe(left.rows_done);

    const second = await instance(t.db.url!);
    running.push(second);
    const done = await until('the second instance to finish the job', async () => {
      const j = await job(id);
      if (second.child.exitCode !== null) throw new Error(`the instance exited: ${second.log()}`);
      return ['completed', 'failed'].includes(j.state) ? j : null;
    });
    second.child.kill('SIGTERM');
    expect(done.state).toBe('completed');
    expect(done.rows_done).toBe(ROWS);
    expect(done.result).toMatchObject({ people: { created: ROWS, refused: 0 }, companies: { created: ROWS } });
    expect(await people()).toBe(ROWS);
    expect(await companies()).toBe(ROWS);
    expect(await rowsOf(id, 'people')).toBe(ROWS);
    expect(await rowsOf(id, 'companies')).toBe(ROWS);
    // no row written twice by the two instances
    expect(await count(`SELECT count(DISTINCT email) AS n FROM people WHERE workspace_id = $1 AND email LIKE '%@kill.test'`, [a.ws.id])).toBe(ROWS);
  }, 900_000);
});
