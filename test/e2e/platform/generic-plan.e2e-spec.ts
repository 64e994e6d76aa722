import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { GenericPlans, PgClient, RECHECK_MS } from '../../../src/platform/database/generic-plan';
import { ROTATE_SQL, rotatePlanOk } from '../../../src/domain/identity/oauth/refresh-rotation';
import { createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The refresh rotation's generic plan (src/platform/database/generic-plan.ts) on a real database: refused while
 * credentials is small (a generic plan made then would scan the workspace instead of looking the token
 * up, and keep doing so as the table grows), taken once the table has grown, and the statement under
 * it rotates a token like the planned one.
 */
let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
});
afterAll(() => t.close());

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

/** The statement's parameters for one rotation (without the workspace, which the caller puts first). */
function rotation(oldHash: string, clientId: string): unknown[] {
  return [[oldHash], [clientId], [null], ['mcp_new'], [hash(`a${Math.random()}`)], ['mcpr_new'], [hash(`r${Math.random()}`)], new Date(Date.now() + 3_600_000), new Date(Date.now() + 86_400_000)];
}

async function withClient<T>(fn: (c: PgClient) => Promise<T>): Promise<T> {
  const pool = (t.get(DataSource).driver as unknown as { master: { connect(): Promise<PgClient & { release(): void }> } }).master;
  const client = await pool.connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

const prepared = (c: PgClient) => c.query(`SELECT name FROM pg_prepared_statements WHERE NOT from_sql`).then((r) => r.rows.map((x) => x.name));
const mode = (c: PgClient) => c.query('SHOW plan_cache_mode').then((r) => r.rows[0]!.plan_cache_mode);

it('is refused on a small table, taken once credentials has grown, and rotates a token like the planned statement', async () => {
  const { user } = await createUser(t, a, { email: `g@${a.ws.slug}.test` });
  const [grant] = await db(t).query(
    `INSERT INTO oauth_grants (workspace_id, user_id, client_id, client_name, scopes) VALUES ($1, $2, 'cl_g', 'G', '{crm.read}') RETURNING id`,
    [a.ws.id, user.id],
  );
  const live = (n: number) =>
    db(t).query(
      `INSERT INTO credentials (workspace_id, user_id, kind, name, prefix, token_hash, scopes, grant_id, expires_at) VALUES ($1, $2, 'oauth_refresh', 'G', 'mcpr_x', $3, '{crm.read}', $4, now() + interval '1 day')`,
      [a.ws.id, user.id, hash(`live${n}`), grant.id],
    );
  await live(1);
  let now = 1_000_000;
  const plans = new GenericPlans(() => now);
  const spec = { name: 'rotation_under_test', planOk: rotatePlanOk };

  await withClient(async (c) => {
    // a handful of rows: the generic plan would reach the old row through a workspace scan; refused, planned per call
    const rows = await plans.query(c, spec, ROTATE_SQL, [a.ws.id, ...rotation(hash('live1'), 'cl_g')]);
    expect(rows).toHaveLength(2);
    expect(await prepared(c)).not.toContain(spec.name);
    expect(await mode(c)).toBe('auto');
  });

  // the table grows (no statistics: nothing analyzes it here), the next check after RECHECK_MS takes the generic plan
  await db(t).query(
    `INSERT INTO credentials (workspace_id, user_id, kind, name, prefix, token_hash, scopes, grant_id, expires_at, revoked_at)
     SELECT $1, $2, 'oauth_refresh', 'G', 'mcpr_x', md5('h' || i) || md5(i || 'h'), '{crm.read}', $3, now() + interval '1 day', now() FROM generate_series(1, 20000) i`,
    [a.ws.id, user.id, grant.id],
  );
  await live(2);
  await live(3);
  // (inside withClient the test holds the pool's connection: the embedded database has only one)
  await withClient(async (c) => {
    now += RECHECK_MS - 1;
    await plans.query(c, spec, ROTATE_SQL, [a.ws.id, ...rotation(hash('nothing'), 'cl_g')]);
    expect(await prepared(c)).not.toContain(spec.name); // not yet: checked again only after RECHECK_MS
    now += 1;
    const rows = await plans.query(c, spec, ROTATE_SQL, [a.ws.id, ...rotation(hash('live2'), 'cl_g')]);
    expect(rows).toHaveLength(2);
    expect(await prepared(c)).toContain(spec.name);
    expect(await mode(c)).toBe('force_generic_plan');
    // the same token again, and a token of another client: nothing taken
    expect(await plans.query(c, spec, ROTATE_SQL, [a.ws.id, ...rotation(hash('live2'), 'cl_g')])).toEqual([]);
    expect(await plans.query(c, spec, ROTATE_SQL, [a.ws.id, ...rotation(hash('live3'), 'cl_other')])).toEqual([]);
    expect(await plans.query(c, spec, ROTATE_SQL, [a.ws.id, ...rotation(hash('live3'), 'cl_g')])).toHaveLength(2);
  });
});
