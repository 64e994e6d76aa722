import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
 */
export async function openTestDb(opts: { embedded?: boolean; dataDir?: string } = {}): Promise<DbConnection> {
  const base = process.env.DATABASE_URL;
  if (opts.dataDir) return openEmbedded({ dataDir: opts.dataDir });
  if (!base || opts.embedded) return openEmbedded({ inMemory: true, initialData: await embeddedTemplate() });
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
 * A DATA_DIR holding a migrated embedded database, as a server that has started once leaves it: for tests of
 * the persisted embedded mode that are not about the first start (a cold start runs initdb and every migration,
 * 20-40 s in WASM on a loaded machine; test/e2e/demo-start and cli-data-dir keep testing that start).
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
  if (!existsSync(file)) {
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
  return file;
}
