import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The embedded database: PGlite (Postgres in WASM) served in-process on a unix socket, so the app
 * uses the ordinary `pg` driver in both modes. PGlite has one session; the app's pool has one
 * connection, so transactions are serialized. A lock file in DATA_DIR stops a second process from
 * opening the same directory (its writes would be lost); the lock names the socket so the admin CLI
 * can connect to the running server's database instead.
 */
export interface DbConnection {
  /** For pg: a directory holding `.s.PGSQL.5432`, or a URL. */
  url?: string;
  socketDir?: string;
  embedded: boolean;
  /**
   * `transaction`: `url` is a pooler in transaction mode (PgBouncer), which hands each transaction to
   * any server session: nothing may rely on session state (named prepared statements, SET, LISTEN).
   * Default `session`.
   */
  poolMode?: 'session' | 'transaction';
  /** The server itself, for a session of one's own (LISTEN); default `url` unless poolMode is `transaction`. */
  directUrl?: string;
  close(): Promise<void>;
}

/** The DbConnection the application was started with (bound by DatabaseModule). */
export const DB_CONNECTION = Symbol('DB_CONNECTION');

/** Where a session of one's own (LISTEN) can be opened: undefined on the embedded database and behind a transaction pooler without a direct URL. */
export function sessionUrl(conn: Pick<DbConnection, 'url' | 'embedded' | 'poolMode' | 'directUrl'>): string | undefined {
  if (conn.embedded) return undefined;
  return conn.directUrl ?? (conn.poolMode === 'transaction' ? undefined : conn.url);
}

interface LockInfo {
  pid: number;
  socketDir: string;
}

const LOCK = 'server.lock';

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server's lock, if a live process holds it. */
export function readLiveLock(dataDir: string): LockInfo | null {
  const file = join(dataDir, LOCK);
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return info.pid && pidAlive(info.pid) && info.pid !== process.pid ? info : null;
  } catch {
    return null;
  }
}

function takeLock(dataDir: string, socketDir: string): () => void {
  const file = join(dataDir, LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, socketDir } satisfies LockInfo));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const live = readLiveLock(dataDir);
      if (live) throw new Error(`DATA_DIR ${dataDir} is in use by process ${live.pid}; stop it or use another DATA_DIR`);
      rmSync(file, { force: true }); // stale lock of a dead process
    }
  }
  throw new Error(`could not take the lock in ${dataDir}`);
}

/**
 * `initialData` (in memory only): start from this data directory, a PGlite `dumpDataDir()` tarball, instead of
 * an empty cluster (the tests start from a migrated template: test/helpers/test-db.ts).
 */
export async function openEmbedded(opts: { dataDir?: string; inMemory?: boolean; initialData?: Blob }): Promise<DbConnection> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // contrib extensions the migrations create (trigram search, GiST over ranges with workspace_id)
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const extensions = { pg_trgm, btree_gist };
  let release: () => void = () => undefined;
  let socketDir: string;
  let db: InstanceType<typeof PGlite>;
  if (opts.inMemory || !opts.dataDir) {
    socketDir = mkdtempSync(join(tmpdir(), 'crm-pg-'));
    // Nothing in memory outlives the process, so a new WAL segment need not be zero-filled first: filling it grew
    // the in-memory file by an eighth at a time, each growth a copy of the whole file (about 1 s of a test group's
    // CPU per 3 segments; docs/performance.md, "Test suite"). A data directory on disk keeps PostgreSQL's default.
    db = await PGlite.create({ extensions, loadDataDir: opts.initialData, startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'] });
  } else {
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    // unix socket paths are limited to ~100 bytes; fall back to a private temp dir for long DATA_DIRs.
    socketDir = opts.dataDir.length < 80 ? opts.dataDir : mkdtempSync(join(tmpdir(), 'crm-pg-'));
    release = takeLock(opts.dataDir, socketDir);
    try {
      db = await PGlite.create(join(opts.dataDir, 'pgdata'), { extensions });
    } catch (e) {
      release();
      throw e;
    }
  }
  const sockPath = join(socketDir, '.s.PGSQL.5432');
  rmSync(sockPath, { force: true });
  // a few connections: the app's pool of one plus the admin CLI; PGlite's queue keeps a transaction's owner exclusive.
  const server = new PGLiteSocketServer({ db, path: sockPath, maxConnections: 8 });
  await server.start();
  return {
    socketDir,
    embedded: true,
    async close() {
      await server.stop();
      await db.close();
      rmSync(sockPath, { force: true });
      release();
    },
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  databasePoolMode?: 'session' | 'transaction';
  databaseDirectUrl?: string;
  dataDir: string;
  inMemory?: boolean;
}): Promise<DbConnection> {
  if (opts.databaseUrl) {
    return { url: opts.databaseUrl, embedded: false, poolMode: opts.databasePoolMode ?? 'session', directUrl: opts.databaseDirectUrl, close: async () => undefined };
  }
  return openEmbedded({ dataDir: opts.dataDir, inMemory: opts.inMemory });
}

/** Whether `dataDir` already holds an embedded database (a PostgreSQL data directory in `pgdata/`). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pgdata', 'PG_VERSION'));
}

/** Connect to a running server's embedded database (used by the admin CLI). */
export function connectToLiveEmbedded(dataDir: string): DbConnection | null {
  const live = readLiveLock(dataDir);
  if (!live) return null;
  return { socketDir: live.socketDir, embedded: true, close: async () => undefined };
}
