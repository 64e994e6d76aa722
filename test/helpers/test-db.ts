import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DbConnection, openEmbedded } from '../../src/platform/database/embedded';

/**
 * A database of its own for one test file: a fresh database on the PostgreSQL server of DATABASE_URL,
 * or an in-memory embedded PGlite when DATABASE_URL is not set (or `embedded` is forced).
 */
export async function openTestDb(opts: { embedded?: boolean; dataDir?: string } = {}): Promise<DbConnection> {
  const base = process.env.DATABASE_URL;
  if (opts.dataDir) return openEmbedded({ dataDir: opts.dataDir });
  if (!base || opts.embedded) return openEmbedded({ inMemory: true });
  const name = `crm_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: false,
    async close() {
      const c = new Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
