import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { DbConnection, openEmbedded } from '../../src/platform/database/embedded';

/**
 * A database of its own for one test file: a fresh database on the PostgreSQL server of DATABASE_URL,
 * or an in-memory embedded PGlite when DATABASE_URL is not set (or `embedded` is forced).
 *
 * Both start as a copy of a migrated template instead of an empty cluster that every app then migrates
 * (docs/performance.md, "Test suite"): on PostgreSQL a template database `crm_tpl_<key>`, copied with
 * CREATE DATABASE … TEMPLATE; on PGlite a dump of a migrated data directory (node_modules/.cache/crm-test-db),
 * loaded into the new in-memory instance. The key hashes the migrations' sources, so a changed migration
 * builds a new template; the app still runs its migrations at start (none pending) and /health reports them.
 * A template is built under a name of its own and renamed into place, so two jest workers never see half of one.
 * On PostgreSQL the test database commits without waiting for the WAL flush (`synchronous_commit = off`).
 * In a grouped run (shareTestDbsInGroup) a closed database is kept and handed to the group's next file reset to the
 * template's state instead.
 */
export async function openTestDb(opts: { embedded?: boolean; dataDir?: string } = {}): Promise<DbConnection> {
  if (opts.dataDir) return openEmbedded({ dataDir: opts.dataDir });
  const embedded = !process.env.DATABASE_URL || !!opts.embedded;
  if (!shared) {
    const conn = await openFreshDb(embedded);
    return { ...conn, close: () => measured('close', embedded, () => conn.close()) };
  }
  const free = shared[embedded ? 'embedded' : 'server'];
  const kept = free.pop();
  let conn: DbConnection;
  if (kept) {
    conn = kept;
    await measured('reset', embedded, () => resetDb(conn));
  } else {
    conn = await openFreshDb(embedded);
    await rememberTables(conn);
  }
  return lend(conn, embedded);
}

/**
 * TEST_DB_LOG=<file>: one line per open, reset and close of a test database (the worker's CPU and the wall time it
 * took), to compare reuse with fresh copies (TEST_DB_REUSE=0) in the same conditions.
 */
async function measured<T>(op: string, embedded: boolean, fn: () => Promise<T>): Promise<T> {
  const log = process.env.TEST_DB_LOG;
  if (!log) return fn();
  const cpu = process.cpuUsage();
  const started = Date.now();
  const result = await fn();
  const used = process.cpuUsage(cpu);
  appendFileSync(log, `${JSON.stringify({ op, embedded, cpuMs: Math.round((used.user + used.system) / 1000), ms: Date.now() - started })}\n`);
  return result;
}

/**
 * Databases kept for reuse by the files of one group (test/groups/run-group.ts), one free list per engine. A file's
 * app closes its database into the list; the next file takes it back reset to the template's state (`resetDb`)
 * instead of opening a copy: on PGlite an open is about 0.9 s of CPU (reading the 44 MB dump, unpacking it into
 * WASM memory, starting), a reset a single TRUNCATE. Two databases open at once are two entries. Undefined outside
 * a group: each open is a fresh copy, each close drops it.
 */
let shared: { embedded: DbConnection[]; server: DbConnection[] } | undefined;

/** The databases of this module registry (a group file) are reused between its files (closeSharedTestDbs at its end). */
export function shareTestDbsInGroup(): void {
  // TEST_DB_REUSE=0: a fresh copy per file as outside a group (to compare, or to rule the reuse out)
  if (process.env.TEST_DB_REUSE !== '0') shared = { embedded: [], server: [] };
}

/** Whether closed test databases are kept for reuse (inside a group file). */
export function testDbsShared(): boolean {
  return shared !== undefined;
}

/** Closes (drops) the kept databases; any lent one still open closes for good when its app closes. */
export async function closeSharedTestDbs(): Promise<void> {
  const kept = shared;
  shared = undefined;
  for (const conn of [...(kept?.embedded ?? []), ...(kept?.server ?? [])]) await measured('close', conn.embedded, () => conn.close());
}

function lend(conn: DbConnection, embedded: boolean): DbConnection {
  let closed = false;
  return {
    ...conn,
    async close() {
      if (closed) return;
      closed = true;
      if (shared) shared[embedded ? 'embedded' : 'server'].push(conn);
      else await conn.close();
    },
  };
}

/** The tables of the migrated template (every copy has the same), read from the first copy opened. */
let templateTables: Set<string> | undefined;
/** Tables whose template rows stay (written by the migrations): TypeORM's records of them and of generated columns. */
const KEPT_ROWS = new Set(['migrations', 'typeorm_metadata']);

/** The template's sequences and their state (`last_value`, null for one never called), read with the tables. */
let templateSequences: Map<string, string | null> | undefined;

async function rememberTables(conn: DbConnection): Promise<void> {
  if (templateTables) return;
  await withDb(conn, async (c) => {
    templateTables = new Set((await c.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'`)).rows.map((r) => r.t));
    templateSequences = await sequenceStates(c);
  });
}

async function sequenceStates(c: Client): Promise<Map<string, string | null>> {
  const rows = (await c.query<{ s: string; v: string | null }>(`SELECT sequencename AS s, last_value::text AS v FROM pg_sequences WHERE schemaname = 'public'`)).rows;
  return new Map(rows.map((r) => [r.s, r.v]));
}

/**
 * Brings a used test database back to the template's state, as a fresh copy would be: tables a test created dropped,
 * every other table with pages but the migrations' emptied (TRUNCATE) and every sequence back at the template's value, the
 * planner's statistics of the tables and the activity counters (`pg_stat_user_tables`: vacuum and analyze times,
 * live and dead rows) forgotten, the database's own settings those of a fresh copy. Sessions left by the previous file are ended first (PostgreSQL: as DROP DATABASE
 * … WITH (FORCE) did; PGlite has one session, which is rolled back and discarded: settings, prepared statements,
 * temporary tables, LISTEN, advisory locks). test/e2e/suite/test-db-reuse.e2e-spec.ts checks each of these.
 */
async function resetDb(conn: DbConnection): Promise<void> {
  await withDb(conn, async (c) => {
    if (conn.embedded) {
      await c.query('ROLLBACK');
      await c.query('DISCARD ALL');
    } else {
      // a closed pool's sessions and the ones terminated here end on the server after the client has gone, and
      // write their last statistics as they end: wait until they are gone (as DROP DATABASE … WITH (FORCE) did)
      const others = `FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
      await c.query(`SELECT pg_terminate_backend(pid) ${others}`);
      const deadline = Date.now() + 10_000;
      while (Number((await c.query<{ n: string }>(`SELECT count(*) AS n ${others}`)).rows[0]!.n) > 0) {
        if (Date.now() > deadline) throw new Error('test database: sessions of the previous file did not end');
        await new Promise((r) => setTimeout(r, 10));
      }
      // the settings a fresh copy has (openCopy), whatever a file set on its database
      const name = new URL(conn.url!).pathname.slice(1);
      await c.query(`ALTER DATABASE ${name} RESET ALL`);
      await c.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    }
    const present = (await c.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'`)).rows.map((r) => r.t);
    const extra = present.filter((t) => !templateTables!.has(t));
    if (extra.length) await c.query(`DROP TABLE ${extra.map(ident).join(', ')} CASCADE`);
    // only the tables with pages: a table nothing wrote to since it was last emptied has none, and a TRUNCATE of all
    // of them (each a new file for the table and every index) was nearly all of a reset's 100 ms of CPU on PGlite
    const written = (
      await c.query<{ t: string }>(
        `SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' AND pg_relation_size(c.oid) > 0`,
      )
    ).rows
      .map((r) => r.t)
      .filter((t) => !KEPT_ROWS.has(t));
    if (written.length) await c.query(`TRUNCATE ${written.map(ident).join(', ')} RESTART IDENTITY CASCADE`);
    // a sequence can move without a row left behind (an insert refused after its nextval): back to the template's state
    const now = await sequenceStates(c);
    for (const [seq, value] of templateSequences!) {
      if (now.get(seq) === value) continue;
      if (value === null) await c.query(`ALTER SEQUENCE ${ident(seq)} RESTART`);
      else await c.query('SELECT setval($1::regclass, $2::bigint, true)', [ident(seq), value]);
    }
    await c.query(`DELETE FROM pg_statistic WHERE starelid IN (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public')`);
    // this session's own counts (the TRUNCATE's; on PGlite, whose one session is the previous app's too, also the
    // previous file's writes, which PostgreSQL flushes at most once a second) are written before the counters are
    // reset, not after
    await c.query('SELECT pg_stat_force_next_flush()');
    await c.query('SELECT pg_stat_reset()');
  });
}

function ident(name: string): string {
  return `"public"."${name.replace(/"/g, '""')}"`;
}

async function withDb<T>(conn: DbConnection, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client(conn.embedded ? { host: conn.socketDir, port: 5432, user: 'postgres', password: 'postgres', database: 'postgres' } : { connectionString: conn.url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function openFreshDb(embedded: boolean): Promise<DbConnection> {
  return measured('open', embedded, () => openCopy(embedded));
}

async function openCopy(embedded: boolean): Promise<DbConnection> {
  const base = process.env.DATABASE_URL;
  if (!base || embedded) return openEmbedded({ inMemory: true, initialData: await embeddedTemplate() });
  const template = await serverTemplate(base);
  const name = `crm_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(base, async (c) => {
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    // a commit does not wait for its WAL flush (1-2 ms on a loaded VM disk, the suite's most frequent wait);
    // what other sessions see is the same, only a crash of the server could lose the last commits
    await c.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  return {
    url: dbUrl(base, name),
    embedded: false,
    async close() {
      await withAdmin(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Bump when the way a template is built changes (the key covers the migrations themselves). */
const TEMPLATE_FORMAT = 3;
const MIGRATIONS_DIR = join(__dirname, '../../src/platform/database/migrations');
const CACHE_DIR = join(__dirname, '../../node_modules/.cache/crm-test-db');

let key: string | undefined;
function templateKey(): string {
  if (key) return key;
  const h = createHash('sha256').update(`format ${TEMPLATE_FORMAT}\n`);
  for (const f of readdirSync(MIGRATIONS_DIR).sort()) h.update(f).update(readFileSync(join(MIGRATIONS_DIR, f)));
  key = h.digest('hex').slice(0, 16);
  return key;
}

async function migrate(conn: Pick<DbConnection, 'url' | 'socketDir' | 'embedded'>): Promise<void> {
  const ds = new DataSource(dataSourceOptions(conn, []));
  await ds.initialize();
  try {
    await ds.runMigrations();
  } finally {
    await ds.destroy();
  }
}

async function withAdmin<T>(base: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function dbUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The migrated template database on the server of `base`, built once per set of migrations. */
async function serverTemplate(base: string): Promise<string> {
  const template = `crm_tpl_${templateKey()}`;
  const exists = await withAdmin(base, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1);
  if (exists) return template;
  const building = `crm_tplb_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(base, (c) => c.query(`CREATE DATABASE ${building}`));
  try {
    await migrate({ url: dbUrl(base, building), embedded: false });
    await withAdmin(base, (c) => c.query(`ALTER DATABASE ${building} RENAME TO ${template}`));
  } catch (e) {
    await withAdmin(base, (c) => c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
    // another worker renamed its copy into place first
    if ((e as { code?: string }).code !== '42P04') throw e;
  }
  return template;
}

/**
 * Builds the migrated templates this run will copy (the PGlite dump, and the server's template database when
 * DATABASE_URL is set) if they are not built yet: jest's global setup calls it before the workers start, so that a
 * clean clone's workers do not each build the same template at once (test/helpers/global-setup.ts).
 */
export async function prepareTemplates(): Promise<void> {
  const base = process.env.DATABASE_URL;
  await Promise.all([embeddedTemplateFile(), base ? serverTemplate(base) : undefined]);
}

/**
 * A DATA_DIR holding a migrated embedded database, as a server that has started once leaves it: for tests of
 * the persisted embedded mode that are not about the first start (a cold start runs initdb and every migration,
 * 20-40 s in WASM on a loaded machine; test/e2e/demo/demo-start and cli-data-dir keep testing that start).
 */
export async function migratedDataDir(dir: string): Promise<string> {
  const tar = await embeddedTemplateFile();
  const pgdata = join(dir, 'pgdata');
  mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  // GNU tar names the members' leading '/' it strips on stderr; a failure still throws
  execFileSync('tar', ['-xf', tar, '-C', pgdata], { stdio: 'ignore' });
  return dir;
}

/**
 * A dump of a migrated PGlite data directory, built once per set of migrations and PGlite version; its bytes are
 * read once per jest module registry (a group of files), not once per app started.
 */
let templateBytes: Promise<Buffer> | undefined;
async function embeddedTemplate(): Promise<Blob> {
  templateBytes ??= embeddedTemplateFile().then((f) => readFileSync(f));
  return new Blob([await templateBytes]);
}

async function embeddedTemplateFile(): Promise<string> {
  const pglite = (JSON.parse(readFileSync(join(__dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  const file = join(CACHE_DIR, `pglite-${pglite}-${templateKey()}.tar`);
  await buildOnce(file, () => buildEmbeddedTemplate(file));
  return file;
}

/**
 * Runs `build` (which writes `file`) unless `file` exists, in one process of those that ask at once: the first takes a
 * lock file beside it, the others wait for the file (CI starts its two passes together on a clean clone, and each
 * built the same dump, about 17 s of CPU, of which the rename kept one). A lock whose process is gone is taken over.
 */
export async function buildOnce(file: string, build: () => Promise<void>): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  while (!existsSync(file)) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (staleLock(lock)) rmSync(lock, { force: true });
      else await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      if (!existsSync(file)) await build();
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

/** A lock whose process is gone (killed while building), or older than any build takes (its pid reused since). */
function staleLock(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > 10 * 60_000) return true;
    // an empty lock is one being written
    const holder = Number(readFileSync(lock, 'utf8'));
    if (!(holder > 0)) return false;
    process.kill(holder, 0);
    return false;
  } catch (e) {
    // ENOENT: released meanwhile (the loop looks again); EPERM: alive, another user's; ESRCH: gone
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function buildEmbeddedTemplate(file: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const db = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
  const socketDir = mkdtempSync(join(tmpdir(), 'crm-pg-'));
  const server = new PGLiteSocketServer({ db, path: join(socketDir, '.s.PGSQL.5432') });
  await server.start();
  try {
    await migrate({ socketDir, embedded: true });
  } finally {
    await server.stop();
    rmSync(socketDir, { recursive: true, force: true });
  }
  // PGlite serves one database (`postgres`); the cluster's template databases are never opened by the app
  // (nothing creates databases on the embedded one), and were a third of the dump every test app loads
  await db.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await db.exec('DROP DATABASE template0');
  await db.exec('DROP DATABASE template1');
  // a checkpoint first: the dump is taken from a running cluster, and every copy of it would otherwise replay
  // the migrations' WAL at start (about a quarter of each test database's start)
  await db.exec('CHECKPOINT');
  const dump = await db.dumpDataDir('none');
  await db.close();
  mkdirSync(CACHE_DIR, { recursive: true });
  for (const old of readdirSync(CACHE_DIR)) if (old.endsWith('.tar') && join(CACHE_DIR, old) !== file) rmSync(join(CACHE_DIR, old), { force: true });
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
  renameSync(part, file);
}
