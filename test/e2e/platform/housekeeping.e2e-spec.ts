import { CREDENTIAL_RETENTION_DAYS, CredentialRetention } from '../../../src/domain/identity/credential-retention';
import { EmbeddedVacuum } from '../../../src/platform/database/embedded-vacuum';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * Housekeeping: spent credentials and authorization codes are deleted after their retention (both
 * databases); on the embedded database, tables are vacuumed and analyzed as autovacuum would.
 */
const EMBEDDED = !process.env.DATABASE_URL;
let t: TestApp;
let a: Fixture;
let other: Fixture;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  other = await createWorkspace(t);
});
afterAll(() => t?.close());

const q = (sql: string, params?: unknown[]) => db(t).query(sql, params);

/** A credential row of `kind` with the given state (ages in days, negative = in the future). */
async function credential(f: Fixture, kind: string, state: { revokedDaysAgo?: number; expiresDaysAgo?: number }): Promise<number> {
  const [row] = await q(
    `INSERT INTO credentials (workspace_id, user_id, kind, prefix, token_hash, revoked_at, expires_at)
     VALUES ($1, $2, $3, 'x', md5(random()::text) || md5(random()::text),
             CASE WHEN $4::int IS NULL THEN NULL ELSE now() - make_interval(days => $4::int) END,
             CASE WHEN $5::int IS NULL THEN NULL ELSE now() - make_interval(days => $5::int) END)
     RETURNING id`,
    [f.ws.id, f.admin.id, kind, state.revokedDaysAgo ?? null, state.expiresDaysAgo ?? null],
  );
  return row.id;
}

async function code(f: Fixture, expiredHoursAgo: number): Promise<number> {
  const [row] = await q(
    `INSERT INTO oauth_codes (workspace_id, code_hash, grant_id, user_id, client_id, redirect_uri, code_challenge, scopes, expires_at)
     VALUES ($1, md5(random()::text) || md5(random()::text), 1, $2, 'cl_x', 'https://app.example/cb', 'x', '{crm.read}', now() - make_interval(hours => $3))
     RETURNING id`,
    [f.ws.id, f.admin.id, expiredHoursAgo],
  );
  return row.id;
}

const remaining = async (table: string, ids: number[]) =>
  (await q(`SELECT id FROM ${table} WHERE id = ANY($1::int[]) ORDER BY id`, [ids])).map((r: { id: number }) => r.id);

describe('credential retention', () => {
  it('deletes credentials 30 days after they were revoked or expired, and codes a day after they expired; keeps the rest', async () => {
    const live = await createUser(t, a);
    const kept = [
      await credential(a, 'oauth_refresh', { expiresDaysAgo: -50 }), // live refresh token
      await credential(a, 'oauth_refresh', { revokedDaysAgo: CREDENTIAL_RETENTION_DAYS - 1, expiresDaysAgo: -30 }), // rotated 29 days ago
      await credential(a, 'oauth', { expiresDaysAgo: CREDENTIAL_RETENTION_DAYS - 1 }), // expired 29 days ago
      await credential(a, 'api', {}), // a key without expiry
    ];
    const gone = [
      await credential(a, 'oauth_refresh', { revokedDaysAgo: CREDENTIAL_RETENTION_DAYS + 1, expiresDaysAgo: -20 }),
      await credential(a, 'oauth', { expiresDaysAgo: CREDENTIAL_RETENTION_DAYS + 1 }),
      await credential(a, 'session', { revokedDaysAgo: 400 }),
      await credential(a, 'api', { revokedDaysAgo: CREDENTIAL_RETENTION_DAYS + 1 }),
      await credential(other, 'oauth', { expiresDaysAgo: 90 }), // every workspace
    ];
    const codesKept = [await code(a, 23)];
    const codesGone = [await code(a, 25), await code(other, 24 * 40)];

    const r = await t.get(CredentialRetention).prune();

    expect(await remaining('credentials', [...kept, ...gone])).toEqual(kept);
    expect(await remaining('oauth_codes', [...codesKept, ...codesGone])).toEqual(codesKept);
    expect(r.credentials).toBeGreaterThanOrEqual(gone.length);
    expect(r.codes).toBeGreaterThanOrEqual(codesGone.length);
    // the live key of a user still works
    await api(t, a.host, live.key).get('/api/v1/me').expect(200);
    // nothing left to do
    expect(await t.get(CredentialRetention).prune()).toEqual({ credentials: 0, codes: 0, idempotencyKeys: 0, usageBuckets: 0 });
  });

  it('drains more than one batch in one round', async () => {
    await q(
      `INSERT INTO credentials (workspace_id, user_id, kind, prefix, token_hash, expires_at)
       SELECT $1, $2, 'oauth', 'x', md5(g::text) || md5((g + 1)::text), now() - interval '60 days' FROM generate_series(1, 12000) g`,
      [a.ws.id, a.admin.id],
    );
    expect(await t.get(CredentialRetention).prune()).toEqual({ credentials: 12000, codes: 0, idempotencyKeys: 0, usageBuckets: 0 });
    const [{ n }] = await q(`SELECT count(*)::int AS n FROM credentials WHERE workspace_id = $1 AND expires_at < now() - interval '31 days'`, [a.ws.id]);
    expect(n).toBe(0);
  });
});

describe(`embedded vacuum on ${EMBEDDED ? 'PGlite' : 'PostgreSQL (a no-op: the server runs autovacuum)'}`, () => {
  const stats = async () => {
    await q('SELECT pg_stat_force_next_flush()');
    const [row] = await q(`SELECT n_live_tup::int AS live, n_dead_tup::int AS dead, last_vacuum, last_analyze FROM pg_stat_user_tables WHERE relname = 'companies'`);
    return row as { live: number; dead: number; last_vacuum: Date | null; last_analyze: Date | null };
  };

  it('vacuums and analyzes the tables autovacuum would pick, and leaves them alone once done', async () => {
    await q(`INSERT INTO companies (workspace_id, name, name_norm, status, owner_id) SELECT $1, 'Vac ' || g, 'vac ' || g, 'x', $2 FROM generate_series(1, 3000) g`, [a.ws.id, a.admin.id]);
    await q(`UPDATE companies SET name = name || '!' WHERE workspace_id = $1 AND name LIKE 'Vac %'`, [a.ws.id]);
    await q(`DELETE FROM companies WHERE workspace_id = $1 AND name LIKE 'Vac 1%'`, [a.ws.id]);
    const vacuum = t.get(EmbeddedVacuum);
    const r = await vacuum.run();
    if (!EMBEDDED) {
      expect(r).toEqual({ vacuumed: [], analyzed: [] });
      return;
    }
    expect(r.vacuumed).toContain('companies');
    const after = await stats();
    expect(after.dead).toBe(0);
    expect(after.live).toBeGreaterThanOrEqual(3000 - 1111);
    expect(after.last_vacuum).not.toBeNull();
    expect(after.last_analyze).not.toBeNull();
    // the planner now knows the table's size
    const [{ reltuples }] = await q(`SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'companies'`);
    expect(reltuples).toBeGreaterThanOrEqual(3000 - 1111);
    // nothing changed since: the next round does not touch the table
    expect((await vacuum.run()).vacuumed).not.toContain('companies');
    // the app still answers (the single session is free again)
    await api(t, a.host, a.adminKey).get('/api/v1/companies?limit=5').expect(200);
  });
});
