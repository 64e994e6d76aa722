import request from 'supertest';
import { createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';
import { captureQueries } from '../../helpers/query-log';

/**
 * SCIM filters at scale (RFC 7644 §3.4.2.2): a userName or externalId filter stays an index lookup with 50k users in
 * a workspace. A slow check (jest.groups.js `SLOW`: `npm run test:slow`, which CI runs on both databases): loading
 * and analyzing 50k users was the longest test of its group on PGlite.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(() => t.close());

const scim = (f: Fixture, token: string) => ({
  get: (path: string) => request(t.app.getHttpServer()).get(`/api/scim/v2${path}`).set('Host', f.host).set('Accept', 'application/scim+json').set('Authorization', `Bearer ${token}`),
});
const q = (filter: string) => `/Users?filter=${encodeURIComponent(filter)}`;

it('a userName filter stays an index lookup with 50k users in a workspace', async () => {
  const c = await createWorkspace(t);
  await db(t).query(
    `INSERT INTO users (workspace_id, username, email, full_name, role, external_id) SELECT $1, 'u' || g || '@big.test', 'u' || g || '@big.test', 'User ' || g, 'sales', 'ext-' || g FROM generate_series(1, 50000) g`,
    [c.ws.id],
  );
  await db(t).query('ANALYZE users');
  const key = await issueKey(t, c, 'scim');
  const { queries } = await captureQueries(async () => {
    const r = await scim(c, key).get(q('userName eq "U31337@BIG.TEST"')).expect(200);
    expect(r.body.totalResults).toBe(1);
    const byExt = await scim(c, key).get(q('externalId eq "ext-4242"')).expect(200);
    expect(byExt.body.Resources[0].userName).toBe('u4242@big.test');
  });
  // what the two requests read, not how long they took (a loaded machine stretches time, not pages): every SELECT
  // they sent, re-run with EXPLAIN (ANALYZE, BUFFERS), touches a few index pages, far fewer than the users table has
  const [{ pages: tablePages }] = await db(t).query(`SELECT pg_relation_size('users') / current_setting('block_size')::int AS pages`);
  expect(Number(tablePages)).toBeGreaterThan(500);
  const selects = queries.filter((x) => /^\s*SELECT/i.test(x.text) && /"?users"?/.test(x.text));
  expect(selects.length).toBeGreaterThan(0);
  for (const s of selects) {
    const [row] = await db(t).query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${s.text}`, s.values);
    const plan = (typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'])[0].Plan;
    const pages = (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
    expect([s.text.slice(0, 120), pages]).toEqual([s.text.slice(0, 120), pages < 100 ? pages : 'fewer than 100 pages']);
  }
  for (const [column, value] of [
    ['username', 'u31337@big.test'],
    ['external_id', 'ext-4242'],
    ['email', 'u31337@big.test'],
  ]) {
    const plan = (await db(t).query(`EXPLAIN SELECT * FROM users u WHERE u.workspace_id = $1 AND u.${column} = $2 ORDER BY u.id LIMIT 100`, [c.ws.id, value])) as { 'QUERY PLAN': string }[];
    const text = plan.map((p) => p['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index/);
    expect(text).not.toMatch(/Seq Scan/);
  }
}, 120_000);
