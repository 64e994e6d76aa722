import { createHash } from 'node:crypto';
import request from 'supertest';
import { BACKGROUND, captureQueries } from '../../helpers/query-log';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { codeFlowTokens, register, token } from '../../helpers/oauth-flow';

/**
 * The refresh grant's rules under the one-statement, batched rotation (src/domain/identity/oauth/refresh-rotation.ts):
 * concurrent refreshes of different tokens each get their own pair, one token wins once however many
 * times it is sent at once, a refresh that fails does not fail the others of its statement, and the
 * rules of the grant (client, scope never widened, active user, 60 days idle) hold.
 */
let t: TestApp;
let a: Fixture;
const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1:4567/callback';

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
});
afterAll(() => t.close());

async function publicClient(): Promise<string> {
  return (await register(t, a.host, { client_name: 'Refresh App', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
}

/** A user who signs in and allows `scope` to the client: the code exchanged, the token response returned. */
async function tokensFor(clientId: string, scope = 'crm.read crm.write'): Promise<{ access_token: string; refresh_token: string; scope: string; userId: number }> {
  const email = `r${Math.random().toString(36).slice(2, 8)}@${a.ws.slug}.test`;
  const { user } = await createUser(t, a, { email, password: PASSWORD });
  return { ...(await codeFlowTokens(t, a.host, { clientId, redirectUri: REDIRECT, username: email, password: PASSWORD, scope })), userId: user.id };
}

const refresh = (clientId: string, refreshToken: string, extra: Record<string, string> = {}) =>
  token(t, a.host, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, ...extra });

/** Sends all requests before awaiting any (they overlap in the server, so rotations share statements). */
const together = (reqs: request.Test[]) => Promise.all(reqs.map((r) => r.then((x) => x)));

describe('refresh grant', () => {
  it('concurrent refreshes of different tokens each get their own working pair', async () => {
    const clientId = await publicClient();
    const sessions = await Promise.all(Array.from({ length: 6 }, () => tokensFor(clientId)));
    let current = sessions.map((s) => s.refresh_token);
    for (let round = 0; round < 3; round++) {
      const res = await together(current.map((rt) => refresh(clientId, rt)));
      expect(res.map((r) => r.status)).toEqual(current.map(() => 200));
      const next = res.map((r) => r.body.refresh_token as string);
      expect(new Set(next).size).toBe(next.length);
      for (const r of res) expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'crm.read crm.write' });
      current = next;
      // each access token belongs to its own user
      const me = await Promise.all(res.map((r) => api(t, a.host, r.body.access_token).get('/api/v1/me').expect(200)));
      expect(me.map((m) => m.body.user.id)).toEqual(sessions.map((s) => s.userId));
    }
    // the replaced tokens are all spent
    const again = await together(sessions.map((s) => refresh(clientId, s.refresh_token)));
    expect(again.map((r) => r.body.error)).toEqual(sessions.map(() => 'invalid_grant'));
  });

  it('one token sent many times at once is rotated exactly once, beside other tokens that all succeed', async () => {
    const clientId = await publicClient();
    const [contested, ...others] = await Promise.all(Array.from({ length: 4 }, () => tokensFor(clientId)));
    const res = await together([...Array.from({ length: 6 }, () => refresh(clientId, contested!.refresh_token)), ...others.map((o) => refresh(clientId, o.refresh_token))]);
    const contestedStatus = res.slice(0, 6).map((r) => r.status);
    expect(contestedStatus.filter((s) => s === 200)).toHaveLength(1);
    expect(res.slice(0, 6).filter((r) => r.status === 400).map((r) => r.body.error)).toEqual(Array(5).fill('invalid_grant'));
    expect(res.slice(6).map((r) => r.status)).toEqual([200, 200, 200]);
    // the grant holds one live refresh token: the winner's
    const live = await db(t).query(
      `SELECT count(*)::int AS n FROM credentials c JOIN oauth_grants g ON g.workspace_id = c.workspace_id AND g.id = c.grant_id
        WHERE c.workspace_id = $1 AND g.user_id = $2 AND c.kind = 'oauth_refresh' AND c.revoked_at IS NULL`,
      [a.ws.id, contested!.userId],
    );
    expect(live[0].n).toBe(1);
    const winner = res.slice(0, 6).find((r) => r.status === 200)!.body.refresh_token;
    await refresh(clientId, winner).expect(200);
  });

  it('a refresh that fails (unknown, spent, other client) does not fail the others sent with it, and consumes nothing', async () => {
    const clientId = await publicClient();
    const otherClient = await publicClient();
    const [s1, s2] = await Promise.all([tokensFor(clientId), tokensFor(clientId)]);
    const spent = (await refresh(clientId, s2!.refresh_token).expect(200)).body.refresh_token as string;
    const res = await together([
      refresh(clientId, 'mcpr_' + 'A'.repeat(43)),
      refresh(clientId, s2!.refresh_token),
      refresh(otherClient, s1!.refresh_token),
      refresh(clientId, spent),
    ]);
    expect(res.map((r) => [r.status, r.body.error])).toEqual([
      [400, 'invalid_grant'],
      [400, 'invalid_grant'],
      [400, 'invalid_grant'],
      [200, undefined],
    ]);
    // the other client's attempt did not spend the token of this client
    await refresh(clientId, s1!.refresh_token).expect(200);
  });

  it('the scope is never widened: a wider scope is invalid_scope and leaves the token usable; narrower is granted', async () => {
    const clientId = await publicClient();
    const s = await tokensFor(clientId, 'crm.read');
    expect(s.scope).toBe('crm.read');
    expect((await refresh(clientId, s.refresh_token, { scope: 'crm.read crm.write' }).expect(400)).body.error).toBe('invalid_scope');
    expect((await refresh(clientId, s.refresh_token, { scope: 'crm.write' }).expect(400)).body.error).toBe('invalid_scope');
    expect((await refresh(clientId, s.refresh_token, { scope: 'crm.admin' }).expect(400)).body.error).toBe('invalid_scope');
    // none of those consumed it; without a scope the grant's applies
    const r = await refresh(clientId, s.refresh_token).expect(200);
    expect(r.body.scope).toBe('crm.read');
    await api(t, a.host, r.body.access_token).post('/api/v1/companies', { name: 'Not allowed' }).expect(403);
    // a spent token with a bad scope is invalid_grant (the token is checked first)
    expect((await refresh(clientId, s.refresh_token, { scope: 'crm.admin' }).expect(400)).body.error).toBe('invalid_grant');

    const wide = await tokensFor(clientId, 'crm.read crm.write');
    const narrow = await refresh(clientId, wide.refresh_token, { scope: 'crm.read' }).expect(200);
    expect(narrow.body.scope).toBe('crm.read');
    await api(t, a.host, narrow.body.access_token).post('/api/v1/companies', { name: 'Not allowed either' }).expect(403);
  });

  it('an inactive user or a removed grant is refused even when the token row was not revoked', async () => {
    const clientId = await publicClient();
    const s = await tokensFor(clientId);
    // as if a token had been issued after the deactivation revoked the user's credentials
    await db(t).query('UPDATE users SET active = false WHERE workspace_id = $1 AND id = $2', [a.ws.id, s.userId]);
    expect((await refresh(clientId, s.refresh_token).expect(400)).body.error).toBe('invalid_grant');
    await db(t).query('UPDATE users SET active = true WHERE workspace_id = $1 AND id = $2', [a.ws.id, s.userId]);
    const r = await refresh(clientId, s.refresh_token).expect(200);
    await db(t).query('DELETE FROM oauth_grants WHERE workspace_id = $1 AND user_id = $2', [a.ws.id, s.userId]);
    expect((await refresh(clientId, r.body.refresh_token).expect(400)).body.error).toBe('invalid_grant');
  });

  it('each refresh renews the 60-day idle expiry; an expired token is refused', async () => {
    const clientId = await publicClient();
    const s = await tokensFor(clientId);
    // the token being refreshed is 59 days idle: still good, and the new one has 60 days again
    await db(t).query(`UPDATE credentials SET expires_at = now() + interval '1 day' WHERE workspace_id = $1 AND user_id = $2 AND kind = 'oauth_refresh'`, [a.ws.id, s.userId]);
    const r = await refresh(clientId, s.refresh_token).expect(200);
    const [row] = await db(t).query(
      `SELECT extract(epoch FROM expires_at - now()) / 86400 AS days, kind FROM credentials WHERE workspace_id = $1 AND user_id = $2 AND kind = 'oauth_refresh' AND revoked_at IS NULL`,
      [a.ws.id, s.userId],
    );
    expect(Number(row.days)).toBeGreaterThan(59.9);
    expect(Number(row.days)).toBeLessThanOrEqual(60);
    await db(t).query(`UPDATE credentials SET expires_at = now() - interval '1 second' WHERE workspace_id = $1 AND user_id = $2 AND kind = 'oauth_refresh'`, [a.ws.id, s.userId]);
    expect((await refresh(clientId, r.body.refresh_token).expect(400)).body.error).toBe('invalid_grant');
  });

  it('a refresh is one database statement once the client is known', async () => {
    const clientId = await publicClient();
    const s = await tokensFor(clientId);
    const first = await refresh(clientId, s.refresh_token).expect(200);
    const { queries } = await captureQueries(() => refresh(clientId, first.body.refresh_token).expect(200));
    // the workspace by host may be reloaded (1 s cache entries on the embedded database)
    // (and a connection's check of the rotation's generic plan, on its first use: src/platform/database/generic-plan.ts)
    // (and the background flush of grant usage, in a transaction of its own, when its interval ends in the window)
    // (and the app's background workers' polls, the mail sender's above all, when a loaded machine stretches the window)
    const own = queries.filter((q) => !/"workspaces"|plan_cache_mode|crm_generic_plan_check|SET call_count|^\s*(START TRANSACTION|BEGIN|COMMIT)\s*$/.test(q.text) && !BACKGROUND.test(q.text));
    expect(own).toHaveLength(1);
    expect(own[0]!.text).toMatch(/^\s*WITH cand AS MATERIALIZED \([\s\S]*UPDATE credentials c SET revoked_at[\s\S]*INSERT INTO credentials/);
  });

  it('a refresh reads only its own token rows, however long the history of the grant and the workspace, with or without statistics', async () => {
    // no statistics until the test says so (this machine's server runs without autovacuum; the embedded database has none)
    if (!t.db.embedded) await db(t).query('ALTER TABLE credentials SET (autovacuum_enabled = false)');
    const clientId = await publicClient();
    const s = await tokensFor(clientId);
    const other = await tokensFor(clientId);
    // 4,000 spent refresh tokens and 4,000 access tokens of this grant, as many of another user's grant
    await db(t).query(
      `INSERT INTO credentials (workspace_id, user_id, kind, name, prefix, token_hash, scopes, grant_id, expires_at, revoked_at)
       SELECT c.workspace_id, c.user_id, k.kind, c.name, c.prefix, md5(c.token_hash || k.kind || i) || md5(i || k.kind || c.token_hash), c.scopes, c.grant_id,
              now() + interval '1 day', CASE WHEN k.kind = 'oauth_refresh' THEN now() END
         FROM credentials c, generate_series(1, 4000) i, (VALUES ('oauth'), ('oauth_refresh')) k(kind)
        WHERE c.workspace_id = $1 AND c.user_id IN ($2, $3) AND c.kind = 'oauth_refresh' AND c.revoked_at IS NULL`,
      [a.ws.id, s.userId, other.userId],
    );
    const { queries } = await captureQueries(() => refresh(clientId, s.refresh_token).expect(200));
    // the rotation itself (a generic-plan check on this connection may come before it and PREPARE the same text)
    const rotate = queries.find((q) => /^\s*WITH cand AS MATERIALIZED/.test(q.text))!;
    const live = await refresh(clientId, (await refresh(clientId, other.refresh_token).expect(200)).body.refresh_token).expect(200);
    const hash = (v: string) => createHash('sha256').update(v).digest('hex');
    const rowsRead = async () => {
      // the captured statement again, for a token that is live now and new hashes; run, measured, rolled back
      const values = [...rotate.values];
      values[1] = [hash(live.body.refresh_token)];
      values[5] = [hash(`access ${Math.random()}`)];
      values[7] = [hash(`refresh ${Math.random()}`)];
      let plan: PlanNode | undefined;
      await db(t)
        .transaction(async (m) => {
          const [row] = await m.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${rotate.text}`, values);
          plan = (typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'])[0].Plan;
          throw new Error('rollback');
        })
        .catch((e: Error) => {
          if (e.message !== 'rollback') throw e;
        });
      expect(plan!['Actual Rows']).toBe(2); // the new pair: the token was taken
      return credentialRowsRead(plan!);
    };
    // the old token found by its hash and taken by its key: two rows, not the history
    expect(await rowsRead()).toBeLessThanOrEqual(2);
    await db(t).query('ANALYZE credentials');
    expect(await rowsRead()).toBeLessThanOrEqual(2);
    if (!t.db.embedded) await db(t).query('ALTER TABLE credentials RESET (autovacuum_enabled)');
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows the scans of credentials in a plan returned or filtered away (all loops). */
function credentialRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'credentials' && node['Actual Rows'] !== undefined && !('Operation' in node)
      ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + credentialRowsRead(child), 0);
}
