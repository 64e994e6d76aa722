import { Injectable } from '@nestjs/common';
import { GenericPlanSpec, PlanNode, scans } from '../../../platform/database/generic-plan';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { mintToken } from '../credentials.service';
import { ACCESS_TTL_SECONDS, REFRESH_IDLE_MS, REFRESH_REUSE_GRACE_MS } from './oauth.rules';

/** The new pair of a rotated refresh token. */
export interface Rotated {
  accessToken: string;
  refreshToken: string;
  scopes: string[];
}

interface Pending {
  tokenHash: string;
  clientId: string;
  /** The scope asked for (space-separated, normalized), or null for the grant's. */
  scope: string | null;
  access: ReturnType<typeof mintToken>;
  refresh: ReturnType<typeof mintToken>;
  resolve: (r: Rotated | null) => void;
  reject: (e: unknown) => void;
}

/**
 * Why a refresh token was not rotated (asked only after `rotate` answered null): `usable` it is still
 * good (so the scope asked for was the problem); `raced` it was rotated out within the grace, the
 * loser of two concurrent refreshes; `reused` it was rotated out longer ago, and comes back (RFC 9700
 * 4.14.2); `invalid` anything else (unknown, expired, revoked otherwise, another client's).
 */
export type RefreshFate = { kind: 'usable' } | { kind: 'raced' } | { kind: 'reused'; grantId: number; userId: number; rotatedAt: Date } | { kind: 'invalid' };

/** Rotations of one statement at most. */
const MAX_BATCH = 100;
/**
 * Rotation statements of one workspace running at once in this process. One: under load the others
 * gather meanwhile, and fewer, larger statements cost the database less (measured: docs/performance.md).
 */
const MAX_IN_FLIGHT = 1;

/**
 * The write of the refresh grant (spec 4.12, rule 5): the old refresh token is taken (revoked_at set,
 * only while it is unrevoked, unexpired, of the calling client's grant and of an active user, and only
 * when the scope asked for is within the grant's) and the new access and refresh tokens are inserted,
 * in one statement, which PostgreSQL runs atomically as its own transaction.
 *
 * Exactly once: of two rotations of one token, the second's UPDATE waits for the first's row lock,
 * re-reads the row, finds it revoked and takes nothing (also when both are in one statement: a row is
 * updated once). Refreshes that arrive while a statement of their workspace runs wait and go together
 * in the next one (the first of a quiet moment goes at once): under load one commit and one database
 * round trip serve several refreshes. Each refresh still succeeds or fails on its own: a
 * statement that fails as a whole (rolled back, nothing taken) runs each of its refreshes again alone.
 */
@Injectable()
export class RefreshRotation {
  private readonly waiting = new Map<number, Pending[]>();
  private readonly running = new Map<number, number>();

  /** The time a rotated-out token's age is judged by (ms since epoch; tests move it past the grace). */
  now: () => number = Date.now;

  constructor(private readonly uow: UnitOfWork) {}

  /**
   * What became of a refresh token that `rotate` did not take (one read, off the happy path). A token
   * rotated out at most REFRESH_REUSE_GRACE_MS ago is the legitimate race of two concurrent refreshes
   * with one token (the loser is refused, the winner's tokens stay); later it is reuse.
   */
  async fate(workspaceId: number, tokenHash: string, clientId: string): Promise<RefreshFate> {
    const [row] = await this.uow.tenant(workspaceId).sql<{ usable: boolean; rotated_at: Date | null; grant_id: number; user_id: number }>(REFRESH_FATE_SQL, [tokenHash, clientId]);
    if (!row) return { kind: 'invalid' };
    if (row.usable) return { kind: 'usable' };
    if (!row.rotated_at) return { kind: 'invalid' };
    const rotatedAt = new Date(row.rotated_at);
    if (this.now() - rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS) return { kind: 'raced' };
    return { kind: 'reused', grantId: row.grant_id, userId: row.user_id, rotatedAt };
  }

  /** Rotates the refresh token of `tokenHash` for `clientId`; null when it cannot be (invalid, used, scope too wide). */
  rotate(workspaceId: number, tokenHash: string, clientId: string, scopes: string[] | null): Promise<Rotated | null> {
    // a statement of its own: joining a caller's transaction would also put other requests' rotations in it
    if (this.uow.inTransaction) throw new Error('refresh rotation runs as its own statement, not inside a unit of work');
    return new Promise((resolve, reject) => {
      const item: Pending = { tokenHash, clientId, scope: scopes ? scopes.join(' ') : null, access: mintToken('oauth'), refresh: mintToken('oauth_refresh'), resolve, reject };
      const queue = this.waiting.get(workspaceId);
      if (queue) queue.push(item);
      else this.waiting.set(workspaceId, [item]);
      this.pump(workspaceId);
    });
  }

  private pump(workspaceId: number): void {
    for (;;) {
      const queue = this.waiting.get(workspaceId);
      const running = this.running.get(workspaceId) ?? 0;
      if (!queue || running >= MAX_IN_FLIGHT) return;
      const batch = queue.splice(0, MAX_BATCH);
      if (!queue.length) this.waiting.delete(workspaceId);
      this.running.set(workspaceId, running + 1);
      void this.run(workspaceId, batch).finally(() => {
        const left = (this.running.get(workspaceId) ?? 1) - 1;
        if (left) this.running.set(workspaceId, left);
        else this.running.delete(workspaceId);
        this.pump(workspaceId);
      });
    }
  }

  private async run(workspaceId: number, batch: Pending[]): Promise<void> {
    let rows: { token_hash: string; scopes: string[] }[];
    try {
      const now = Date.now();
      rows = await this.uow.statement(workspaceId, ROTATE_SQL, [
        batch.map((p) => p.tokenHash),
        batch.map((p) => p.clientId),
        batch.map((p) => p.scope),
        batch.map((p) => p.access.prefix),
        batch.map((p) => p.access.tokenHash),
        batch.map((p) => p.refresh.prefix),
        batch.map((p) => p.refresh.tokenHash),
        new Date(now + ACCESS_TTL_SECONDS * 1000),
        new Date(now + REFRESH_IDLE_MS),
      ], ROTATE_PLAN);
    } catch (e) {
      // rolled back as a whole: nothing was taken; one refresh must not fail the others
      if (batch.length === 1) batch[0]!.reject(e);
      else await Promise.all(batch.map((p) => this.run(workspaceId, [p])));
      return;
    }
    const inserted = new Map(rows.map((r) => [r.token_hash, r.scopes]));
    for (const p of batch) {
      const scopes = inserted.get(p.refresh.tokenHash);
      p.resolve(scopes && inserted.has(p.access.tokenHash) ? { accessToken: p.access.token, refreshToken: p.refresh.token, scopes } : null);
    }
  }
}

/**
 * Rotation of a batch of refresh tokens ($1 workspace; per rotation, in order: $2 old token hash, $3
 * client_id, $4 scope asked or null, $5-$8 prefix and hash of the new access and refresh tokens; $9, $10
 * their expiry). The hashes are char(64) like the column. Returns the inserted rows: two per rotation
 * that took its old token.
 *
 * Written so that its plan cannot depend on statistics, which a young table lacks (and the embedded
 * database, without autovacuum, never gets): each table is reached by its key and nothing else. The
 * join order is fixed (`OFFSET 0` keeps each LATERAL subquery from being flattened, and keeps the
 * conditions outside it from being pushed in): per rotation the old token through the unique
 * (workspace_id, token_hash) index, its grant and user by primary key, the rows taken by primary key.
 * Kind, client and scope are checked after those lookups, where no other index can serve them: with
 * `c.kind = …` or `g.client_id = …` inside, the planner, seeing no statistics, rated the indexes by
 * user and kind or by user and client as good as the key and walked every refresh token of the
 * workspace on each call, so each refresh got slower than the one before (docs/performance.md, "Token
 * endpoint"). The UPDATE repeats the conditions that can change (revoked, expired): after waiting for
 * a concurrent statement's row lock PostgreSQL re-checks them on the newest row version, so of two
 * rotations of one token only one takes it (within one statement too: a row is updated once). The
 * taken token's last_used_at is its rotation time (a refresh token is never a bearer, so nothing else
 * sets it): a revoked token with one was rotated out, which is what tells reuse (REFRESH_FATE_SQL).
 */
export const ROTATE_SQL = `
  WITH cand AS MATERIALIZED (
    SELECT c.id, r.n, g.id AS grant_id, g.user_id, g.client_name,
           coalesce(string_to_array(r.scope, ' '), g.scopes) AS scopes
      FROM unnest($2::char(64)[], $3::varchar[], $4::text[]) WITH ORDINALITY AS r(token_hash, client_id, scope, n)
     CROSS JOIN LATERAL (SELECT c.id, c.kind, c.grant_id FROM credentials c
                          WHERE c.workspace_id = $1 AND c.token_hash = r.token_hash
                            AND c.revoked_at IS NULL AND (c.expires_at IS NULL OR c.expires_at > now()) OFFSET 0) c
     CROSS JOIN LATERAL (SELECT g.id, g.user_id, g.client_id, g.client_name, g.scopes FROM oauth_grants g
                          WHERE g.workspace_id = $1 AND g.id = c.grant_id
                            AND EXISTS (SELECT 1 FROM users u WHERE u.workspace_id = $1 AND u.id = g.user_id AND u.active)
                          OFFSET 0) g
     WHERE c.kind = 'oauth_refresh' AND g.client_id = r.client_id
       AND (r.scope IS NULL OR g.scopes @> string_to_array(r.scope, ' '))
  ), old AS (
    UPDATE credentials c SET revoked_at = now(), last_used_at = now()
      FROM cand
     WHERE c.workspace_id = $1 AND c.id = cand.id AND c.revoked_at IS NULL AND (c.expires_at IS NULL OR c.expires_at > now())
    RETURNING cand.n, cand.grant_id, cand.user_id, cand.client_name, cand.scopes
  )
  INSERT INTO credentials (workspace_id, user_id, kind, name, prefix, token_hash, scopes, grant_id, expires_at)
  SELECT $1, old.user_id, t.kind, old.client_name, t.prefix, t.token_hash, old.scopes, old.grant_id, t.expires_at
    FROM old, LATERAL (VALUES ('oauth', ($5::varchar[])[old.n], ($6::char(64)[])[old.n], $9::timestamptz),
                              ('oauth_refresh', ($7::varchar[])[old.n], ($8::char(64)[])[old.n], $10::timestamptz))
         AS t(kind, prefix, token_hash, expires_at)
  RETURNING token_hash, scopes`;

/**
 * The rotation's generic plan may be kept when every scan of credentials (the table that grows with
 * each refresh) goes by a key — the token's hash or the row id — and the grant and user lookups either
 * do too, or go through a workspace index or over a table of a few pages (a new installation's eight
 * grants; their tables grow with people, not with refreshes).
 */
export function rotatePlanOk(plan: PlanNode): boolean {
  return scans(plan).every((node) => {
    const keyed = /^Index (Only )?Scan$/.test(node['Node Type']) && /\b(token_hash|id) = /.test(node['Index Cond'] ?? '');
    if (node['Relation Name'] === 'credentials') return keyed;
    return keyed || /\bworkspace_id = /.test(node['Index Cond'] ?? '') || (node['Total Cost'] ?? Infinity) <= 20;
  });
}

const ROTATE_PLAN: GenericPlanSpec = { name: 'oauth_refresh_rotate', planOk: rotatePlanOk };

/**
 * A refresh token of the calling client's grant ($2 hash, $3 client_id): whether the rotation would take
 * it with the grant's own scope (usable), and when it was rotated out (null unless revoked by a rotation:
 * ROTATE_SQL sets last_used_at with revoked_at; other revocations leave it null). By the unique hash
 * index, the grant and user by key.
 */
const REFRESH_FATE_SQL = `
  SELECT c.revoked_at IS NULL AND (c.expires_at IS NULL OR c.expires_at > now()) AND u.active AS usable,
         CASE WHEN c.revoked_at IS NOT NULL THEN c.last_used_at END AS rotated_at, g.id AS grant_id, g.user_id
    FROM credentials c
    JOIN oauth_grants g ON g.workspace_id = c.workspace_id AND g.id = c.grant_id
    JOIN users u ON u.workspace_id = c.workspace_id AND u.id = g.user_id
   WHERE c.workspace_id = $1 AND c.token_hash = $2 AND c.kind = 'oauth_refresh' AND g.client_id = $3`;
