import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { REFRESH_REUSE_GRACE_MS } from '../../../src/domain/identity/oauth/oauth.rules';
import { RefreshRotation } from '../../../src/domain/identity/oauth/refresh-rotation';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { authorizationCode, codeFlowTokens, register, revoke, token } from '../../helpers/oauth-flow';

/**
 * The token endpoint's grants against replay:
 * - a rotated-out refresh token that comes back after the grace revokes every token of its grant
 *   (RFC 9700 4.14.2) and is audited; within the grace (two concurrent refreshes) it is refused and
 *   nothing is revoked. The time is RefreshRotation.now, moved relative to the rotation's own
 *   timestamp: no test waits for the grace.
 * - the code exchange requires redirect_uri (spec 4.12), on the path without the router and through it.
 */
let t: TestApp;
let a: Fixture;
let rotation: RefreshRotation;
const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1:4567/callback';

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
  rotation = t.get(RefreshRotation);
});
afterEach(() => {
  rotation.now = Date.now;
});
afterAll(() => t.close());

async function publicClient(): Promise<string> {
  return (await register(t, a.host, { client_name: 'Reuse App', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
}

async function newUser(): Promise<{ email: string; userId: number }> {
  const email = `q${Math.random().toString(36).slice(2, 8)}@${a.ws.slug}.test`;
  const { user } = await createUser(t, a, { email, password: PASSWORD });
  return { email, userId: user.id };
}

async function tokensFor(clientId: string): Promise<{ access_token: string; refresh_token: string; userId: number }> {
  const u = await newUser();
  return { ...(await codeFlowTokens(t, a.host, { clientId, redirectUri: REDIRECT, username: u.email, password: PASSWORD })), userId: u.userId };
}

const refresh = (clientId: string, refreshToken: string) => token(t, a.host, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
const me = (access: string) => api(t, a.host, access).get('/api/v1/me');

/** When the refresh token was rotated out, as the rotation statement recorded it (the database's clock). */
async function rotatedAt(refreshToken: string): Promise<number> {
  const [row] = await db(t).query(`SELECT last_used_at, revoked_at FROM credentials WHERE workspace_id = $1 AND token_hash = $2`, [a.ws.id, createHash('sha256').update(refreshToken).digest('hex')]);
  expect(row.revoked_at).not.toBeNull();
  return new Date(row.last_used_at).getTime();
}

const GENERIC = { error: 'invalid_grant', error_description: 'refresh token is invalid, expired, revoked or already used' };
const REUSED = { error: 'invalid_grant', error_description: 'refresh token already used; the tokens issued under its grant are revoked' };

describe('refresh token reuse', () => {
  it('after the grace, a rotated-out refresh token revokes every token of its grant, answers invalid_grant and is audited', async () => {
    const clientId = await publicClient();
    const first = await tokensFor(clientId);
    const other = await tokensFor(clientId); // another user's grant of the same app
    const second = (await refresh(clientId, first.refresh_token).expect(200)).body;
    const third = (await refresh(clientId, second.refresh_token).expect(200)).body;
    await me(third.access_token).expect(200);

    // the first refresh token comes back just after the grace
    const at = await rotatedAt(first.refresh_token);
    rotation.now = () => at + REFRESH_REUSE_GRACE_MS + 1;
    const replay = await refresh(clientId, first.refresh_token);
    expect([replay.status, replay.body]).toEqual([400, REUSED]);

    // every access token of the grant (the newest too) and the newest refresh token stop working
    for (const access of [first.access_token, second.access_token, third.access_token]) {
      const r = await me(access);
      expect([r.status, r.body.ok, r.body.error]).toEqual([401, false, 'unauthorized']);
    }
    const newest = await refresh(clientId, third.refresh_token);
    expect([newest.status, newest.body]).toEqual([400, GENERIC]);
    // the other user's grant is untouched
    await me(other.access_token).expect(200);
    await refresh(clientId, other.refresh_token).expect(200);

    const audit = await db(t).query(`SELECT user_id, subject, detail FROM audit_log WHERE workspace_id = $1 AND action = 'oauth_refresh_reused'`, [a.ws.id]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: first.userId, subject: clientId, detail: { revoked: 4, rotated_at: new Date(at).toISOString() } });
    expect(audit[0].detail.grant_id).toEqual(expect.any(Number));
  });

  it('a rotation that commits while the reuse revocation waits for its row lock leaves no live token (PostgreSQL)', async () => {
    if (t.db.embedded) return; // one connection: nothing runs beside the revocation
    const clientId = await publicClient();
    const first = await tokensFor(clientId);
    const second = (await refresh(clientId, first.refresh_token).expect(200)).body;
    const at = await rotatedAt(first.refresh_token);
    rotation.now = () => at + REFRESH_REUSE_GRACE_MS + 1;
    // a rotation of the newest refresh token, written by hand in a transaction held open: its row lock
    // makes the revocation wait, and the pair it inserts is not in the revocation's first snapshot
    const newest = `mcpr_${randomBytes(32).toString('base64url')}`;
    const hash = (v: string) => createHash('sha256').update(v).digest('hex');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const writes = new Promise<void>((r) => (written = r));
    const rotationTx = db(t).transaction(async (m) => {
      await m.query(`UPDATE credentials SET revoked_at = now(), last_used_at = now() WHERE workspace_id = $1 AND token_hash = $2`, [a.ws.id, hash(second.refresh_token)]);
      await m.query(
        `INSERT INTO credentials (workspace_id, user_id, kind, name, prefix, token_hash, scopes, grant_id, expires_at)
         SELECT workspace_id, user_id, kind, name, prefix, $3, scopes, grant_id, expires_at FROM credentials WHERE workspace_id = $1 AND token_hash = $2`,
        [a.ws.id, hash(second.refresh_token), hash(newest)],
      );
      written();
      await gate;
    });
    await writes;
    const replay = refresh(clientId, first.refresh_token).then((r) => r);
    // the revocation is waiting for the row lock (polled, generous deadline)
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [w] = await db(t).query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE "credentials"%'`);
      if (w.n > 0) break;
      if (Date.now() > deadline) throw new Error('the revocation never waited for the row lock');
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    await rotationTx;
    const res = await replay;
    expect([res.status, res.body]).toEqual([400, REUSED]);
    const late = await refresh(clientId, newest);
    expect([late.status, late.body]).toEqual([400, GENERIC]);
    const [live] = await db(t).query(`SELECT count(*)::int AS n FROM credentials c JOIN oauth_grants g ON g.workspace_id = c.workspace_id AND g.id = c.grant_id WHERE c.workspace_id = $1 AND g.user_id = $2 AND c.revoked_at IS NULL`, [a.ws.id, first.userId]);
    expect(live.n).toBe(0);
  });

  it('within the grace (the loser of two concurrent refreshes), the old token is refused and the newer tokens keep working', async () => {
    const clientId = await publicClient();
    const s = await tokensFor(clientId);
    const next = (await refresh(clientId, s.refresh_token).expect(200)).body;
    const at = await rotatedAt(s.refresh_token);
    rotation.now = () => at + REFRESH_REUSE_GRACE_MS;
    const late = await refresh(clientId, s.refresh_token);
    expect([late.status, late.body]).toEqual([400, GENERIC]);
    await me(next.access_token).expect(200);
    await me(s.access_token).expect(200);
    rotation.now = Date.now;
    const after = await refresh(clientId, next.refresh_token);
    expect(after.status).toBe(200);
    expect(after.body.refresh_token).toMatch(/^mcpr_/);
    const audit = await db(t).query(`SELECT count(*)::int AS n FROM audit_log WHERE workspace_id = $1 AND action = 'oauth_refresh_reused' AND detail->>'grant_id' IN (SELECT id::text FROM oauth_grants WHERE workspace_id = $1 AND user_id = $2)`, [
      a.ws.id,
      s.userId,
    ]);
    expect(audit[0].n).toBe(0);
  });

  it('concurrent refreshes with one token: one wins, the others are refused, and the winner keeps working', async () => {
    const clientId = await publicClient();
    const s = await tokensFor(clientId);
    const res = await Promise.all(Array.from({ length: 4 }, () => refresh(clientId, s.refresh_token).then((r) => r)));
    expect(res.filter((r) => r.status === 200)).toHaveLength(1);
    expect(res.filter((r) => r.status === 400).map((r) => r.body)).toEqual([GENERIC, GENERIC, GENERIC]);
    const winner = res.find((r) => r.status === 200)!.body;
    await me(winner.access_token).expect(200);
    await refresh(clientId, winner.refresh_token).expect(200);
  });

  it('a refresh token revoked otherwise (POST /oauth/revoke) is not reuse: a later grant of the same user and app keeps working', async () => {
    const clientId = await publicClient();
    const u = await newUser();
    const s = await codeFlowTokens(t, a.host, { clientId, redirectUri: REDIRECT, username: u.email, password: PASSWORD });
    await revoke(t, a.host, { token: s.refresh_token, client_id: clientId }).expect(200);
    // the user connects the app again: the same grant, new tokens
    const again = await codeFlowTokens(t, a.host, { clientId, redirectUri: REDIRECT, username: u.email, password: PASSWORD });
    rotation.now = () => Date.now() + 3_600_000;
    const old = await refresh(clientId, s.refresh_token);
    expect([old.status, old.body]).toEqual([400, GENERIC]);
    await me(again.access_token).expect(200);
    await refresh(clientId, again.refresh_token).expect(200);
  });
});

describe('code exchange', () => {
  const exchange = (path: string, form: Record<string, string>) => request(t.app.getHttpServer()).post(path).set('Host', a.host).type('form').send(form);

  it('requires redirect_uri: invalid_request naming it, both without the router and through it, and the code is not spent', async () => {
    const clientId = await publicClient();
    const u = await newUser();
    const { code, verifier } = await authorizationCode(t, a.host, { clientId, redirectUri: REDIRECT, username: u.email, password: PASSWORD });
    const form = { grant_type: 'authorization_code', code, client_id: clientId, code_verifier: verifier };
    for (const path of ['/oauth/token', '/oauth/token?via=router']) {
      for (const missing of [form, { ...form, redirect_uri: '' }]) {
        const r = await exchange(path, missing);
        expect([r.status, r.body]).toEqual([400, { error: 'invalid_request', error_description: 'redirect_uri is required' }]);
        expect(r.headers['cache-control']).toBe('no-store');
      }
    }
    const wrong = await exchange('/oauth/token', { ...form, redirect_uri: 'http://127.0.0.1:4567/other' });
    expect([wrong.status, wrong.body]).toEqual([400, { error: 'invalid_grant', error_description: 'redirect_uri does not match the authorization request' }]);
    const ok = await exchange('/oauth/token', { ...form, redirect_uri: REDIRECT });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'crm.read crm.write' });
    await me(ok.body.access_token).expect(200);
  });
});
