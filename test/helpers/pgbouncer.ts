import { ChildProcess, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's package (`apt-get install pgbouncer`); PGBOUNCER_BIN overrides. */
export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

/** Server sessions per (database, user): fewer than one instance's pool, so clients share sessions. */
export const PGBOUNCER_POOL_SIZE = 3;

export interface PgBouncer {
  /** The URL of `database` through the pooler (same user and password as the server's URL). */
  url(database: string): string;
  stop(): Promise<void>;
}

/** Why the PgBouncer tests cannot run here, or null when they can. */
export function pgbouncerMissing(): string | null {
  if (!process.env.DATABASE_URL) return 'PostgreSQL only: DATABASE_URL is not set (the embedded database has no pooler)';
  if (!existsSync(PGBOUNCER_BIN)) return `${PGBOUNCER_BIN} is not installed (apt-get install pgbouncer; .ci/run does)`;
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.connect(port, '127.0.0.1');
  });
}

/**
 * Starts PgBouncer in transaction mode in front of the PostgreSQL server of `serverUrl` (a throwaway
 * configuration in a temporary directory, trust authentication for clients, the URL's password for the
 * server, a free loopback port). As root it runs as `postgres` (`-u`): PgBouncer refuses to run as root.
 * `query_wait_timeout` is short so that code holding a transaction while it waits for a second
 * connection fails the test instead of hanging it.
 */
export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const dir = mkdtempSync(join(tmpdir(), 'crm-pgbouncer-'));
  const asRoot = process.getuid?.() === 0;
  let lastPort = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = (lastPort = await freePort());
    const ini = join(dir, 'pgbouncer.ini');
    writeFileSync(
      ini,
      [
        '[databases]',
        `* = host=${server.hostname} port=${server.port || 5432}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(dir, 'users.txt')}`,
        'pool_mode = transaction',
        `default_pool_size = ${PGBOUNCER_POOL_SIZE}`,
        'max_client_conn = 500',
        'query_wait_timeout = 20',
        'server_lifetime = 3600',
        '',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'users.txt'), `"${user}" "${password.replace(/"/g, '""')}"\n`);
    if (asRoot) chownSync(dir, ...postgresIds());
    const child = spawn(PGBOUNCER_BIN, [...(asRoot ? ['-u', 'postgres'] : []), ini], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let up = false;
    for (let i = 0; i < 100 && child.exitCode === null; i++) {
      if (await accepts(port)) {
        up = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (up) return handle(child, exited, port, server, dir);
    child.kill('SIGKILL');
    await exited;
    if (!/address already in use/i.test(log)) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`pgbouncer did not start: ${log.trim()}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`pgbouncer found no free port (last ${lastPort})`);
}

function handle(child: ChildProcess, exited: Promise<number | null>, port: number, server: URL, dir: string): PgBouncer {
  return {
    url(database) {
      const u = new URL(server.toString());
      u.hostname = '127.0.0.1';
      u.port = String(port);
      u.pathname = `/${database}`;
      return u.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM'); // immediate shutdown
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** uid and gid of the `postgres` user (Debian's PostgreSQL packages create it). */
function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root needs a postgres user for pgbouncer -u postgres');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}
