import { closeSharedTestDbs, shareTestDbsInGroup, testDbsShared } from '../../helpers/test-db';
import { createWorkspace, db, startApp, TestApp } from '../../helpers/test-app';

/**
 * The files of a group reuse their test databases (test/helpers/test-db.ts): a database a file's app closed is handed
 * to the next app reset to the template's state. The next file must find what a fresh copy holds: no rows but the
 * migrations', no table a test created, ids starting over, no planner statistics or activity counters of the
 * previous file, and (PGlite's one session) none of its settings, prepared statements or advisory locks.
 */
let own = false;
beforeAll(() => {
  if (testDbsShared()) return;
  shareTestDbsInGroup();
  own = true;
});
afterAll(async () => {
  if (own) await closeSharedTestDbs();
});

const where = (t: TestApp) => t.db.url ?? t.db.socketDir;
const count = async (t: TestApp, sql: string, params: unknown[] = []) => Number((await db(t).query(sql, params))[0].n);
const sequenceValue = async (t: TestApp, table: string): Promise<string | null> =>
  (await db(t).query(`SELECT last_value::text AS v FROM pg_sequences WHERE schemaname || '.' || sequencename = pg_get_serial_sequence($1, 'id')`, [table]))[0].v;
const PUBLIC_STATS = `FROM pg_statistic s JOIN pg_class c ON c.oid = s.starelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'`;

it('hands the next app the database the last one closed, as a fresh copy of the template', async () => {
  const first = await startApp();
  let firstWorkspaceId: number;
  let migrations: number;
  let place: string | undefined;
  let companiesSeq: string | null = null;
  try {
    place = where(first);
    migrations = await count(first, 'SELECT count(*) AS n FROM migrations');
    expect(migrations).toBeGreaterThan(0);
    firstWorkspaceId = (await createWorkspace(first)).ws.id;
    await createWorkspace(first);
    await db(first).query('CREATE TABLE probe_reuse (id serial PRIMARY KEY, n int NOT NULL)');
    await db(first).query('INSERT INTO probe_reuse (n) SELECT g FROM generate_series(1, 50) g');
    // a sequence moved without a row left behind (an insert refused after its nextval): its table has no pages
    companiesSeq = await sequenceValue(first, 'companies');
    await db(first).query(`SELECT nextval(pg_get_serial_sequence('companies', 'id')) FROM generate_series(1, 3)`);
    expect(await sequenceValue(first, 'companies')).not.toBe(companiesSeq);
    await db(first).query('ANALYZE workspaces');
    expect(await count(first, `SELECT count(*) AS n ${PUBLIC_STATS} AND c.relname = 'workspaces'`)).toBeGreaterThan(0);
    // a setting of the database (PostgreSQL), of the one session (PGlite) the next app's connections would have
    if (first.db.embedded) await db(first).query(`SET crm_probe.reuse = 'left'`);
    else await db(first).query(`ALTER DATABASE ${new URL(first.db.url!).pathname.slice(1)} SET crm_probe.reuse = 'left'`);
    if (first.db.embedded) {
      // the embedded database has one session: what a connection leaves in it, the next app's connection would see
      await db(first).query('PREPARE probe_reuse_stmt AS SELECT 1');
      await db(first).query('SELECT pg_advisory_lock(4242)');
    }
  } finally {
    await first.close();
  }

  const second = await startApp();
  try {
    // the same database, reused (else this test checks nothing)
    expect(where(second)).toBe(place);
    expect(await count(second, 'SELECT count(*) AS n FROM migrations')).toBe(migrations);
    expect(await count(second, 'SELECT count(*) AS n FROM workspaces')).toBe(0);
    expect(await count(second, `SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public' AND tablename = 'probe_reuse'`)).toBe(0);
    expect(await count(second, `SELECT count(*) AS n ${PUBLIC_STATS}`)).toBe(0);
    const [activity] = await db(second).query(`SELECT n_live_tup::int AS live, n_mod_since_analyze::int AS mods, last_analyze FROM pg_stat_user_tables WHERE relname = 'workspaces'`);
    expect(activity ?? { live: 0, mods: 0, last_analyze: null }).toEqual({ live: 0, mods: 0, last_analyze: null });
    // ids start over, as in a fresh copy
    expect(await sequenceValue(second, 'companies')).toBe(companiesSeq);
    expect((await createWorkspace(second)).ws.id).toBe(firstWorkspaceId);
    expect(['', null]).toContain((await db(second).query(`SELECT current_setting('crm_probe.reuse', true) AS v`))[0].v);
    if (second.db.embedded) {
      expect(await count(second, 'SELECT count(*) AS n FROM pg_prepared_statements WHERE from_sql')).toBe(0);
      expect(await count(second, `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'`)).toBe(0);
    }
  } finally {
    await second.close();
  }
  // two app starts on PGlite: over the suite's default timeout on a loaded machine
}, 300_000);
