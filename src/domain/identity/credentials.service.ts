import { Injectable, Logger } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { constantTimeEqual, newToken, sha256Hex } from '../../platform/common/crypto';
import { DomainError, notFound } from '../../platform/common/errors';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { AuthCache } from '../workspace/auth-cache';
import { Workspace } from '../workspace/workspace.entity';
import { CREDENTIAL_PREFIX, Credential, CredentialKind } from './credential.entity';
import { GrantUsage } from './oauth/grant-usage';
import { User } from './user.entity';

const TOKEN_RE = /^(xk|sk|erp|scim|mcp)_[A-Za-z0-9_-]{43}$/;
const KIND_OF_PREFIX: Record<string, CredentialKind> = Object.fromEntries(
  Object.entries(CREDENTIAL_PREFIX).map(([kind, prefix]) => [prefix, kind as CredentialKind]),
);
export const USER_SCOPES = ['crm.read', 'crm.write'];

export interface IssueInput {
  workspaceId: number;
  kind: CredentialKind;
  userId?: number | null;
  name?: string;
  scopes?: string[];
  expiresAt?: Date | null;
  grantId?: number | null;
}

export interface ResolvedCredential {
  credential: Credential;
  user: User | null;
  /** Other users of the user's non-empty department (see AuthContext.teamIds). */
  teamIds: number[];
}

const TOUCH_EVERY_MS = 60_000;

/** A new token of a kind: the token (shown once), the prefix kept for lists and the SHA-256 that is stored. */
export function mintToken(kind: CredentialKind): { token: string; prefix: string; tokenHash: string } {
  const token = newToken(CREDENTIAL_PREFIX[kind]);
  return { token, prefix: token.slice(0, 12), tokenHash: sha256Hex(token) };
}

/** Issues, resolves and revokes bearer credentials of every kind. Tokens are stored as SHA-256 only. */
@Injectable()
export class CredentialsService {
  private readonly log = new Logger(CredentialsService.name);

  /** When this process last wrote last_used_at per credential id (the cached row's value goes stale). */
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly cache: AuthCache,
    private readonly grantUsage: GrantUsage,
  ) {}

  async issue(input: IssueInput): Promise<{ token: string; credential: Credential }> {
    const { token, prefix, tokenHash } = mintToken(input.kind);
    const db = this.uow.tenant(input.workspaceId);
    return this.uow.run(async () => {
      const credential = await db.save(
        Credential,
        db.create(Credential, {
          kind: input.kind,
          userId: input.userId ?? null,
          name: (input.name ?? '').slice(0, 200),
          prefix,
          tokenHash,
          scopes: input.scopes ?? (input.kind === 'erp' || input.kind === 'scim' ? [input.kind] : USER_SCOPES),
          expiresAt: input.expiresAt ?? null,
          grantId: input.grantId ?? null,
        }),
      );
      if (input.kind !== 'session' && input.kind !== 'oauth' && input.kind !== 'oauth_refresh') {
        await this.uow.audit({ workspaceId: input.workspaceId, action: 'key_created', userId: input.userId, subject: credential.prefix, detail: { kind: input.kind, id: credential.id } });
      }
      return { token, credential };
    });
  }

  /**
   * The credential behind a bearer token in this workspace, or null (unknown, revoked, expired, inactive
   * user). From the auth cache; on a miss one query loads credential, user and team ids together.
   */
  async resolve(workspace: Workspace, token: string): Promise<ResolvedCredential | null> {
    const match = TOKEN_RE.exec(token);
    if (!match) return null;
    const kind = KIND_OF_PREFIX[match[1]];
    const hash = sha256Hex(token);
    const found = await this.cache.credential(workspace.id, hash, () => this.load(workspace.id, hash));
    if (!found) return null;
    const { credential, user } = found;
    if (credential.kind !== kind || !constantTimeEqual(credential.tokenHash, hash)) return null;
    if (credential.revokedAt || (credential.expiresAt && credential.expiresAt.getTime() <= Date.now())) return null;
    if (credential.userId !== null && (!user || !user.active)) return null;
    this.touch(credential);
    if (credential.kind === 'oauth' && credential.grantId !== null) this.grantUsage.record(workspace.id, credential.grantId);
    return found;
  }

  /** One round trip: the credential, its user and the user's team ids. */
  private async load(workspaceId: number, tokenHash: string): Promise<{ value: ResolvedCredential; credentialId: number } | null> {
    const { entities, raw } = await this.uow
      .tenant(workspaceId)
      .qb(Credential, 'c')
      .leftJoinAndMapOne('c.user', User, 'u', 'u.workspace_id = c.workspace_id AND u.id = c.user_id')
      .addSelect(
        `(SELECT coalesce(array_agg(t.id ORDER BY t.id), '{}') FROM users t
           WHERE t.workspace_id = c.workspace_id AND btrim(u.department) <> '' AND t.department = btrim(u.department) AND t.id <> u.id)`,
        'team_ids',
      )
      .andWhere('c.token_hash = :tokenHash', { tokenHash })
      .getRawAndEntities<{ team_ids: number[] | null }>();
    const credential = entities[0] as (Credential & { user?: User }) | undefined;
    if (!credential) return null;
    const user = credential.user ?? null;
    delete credential.user;
    return { value: { credential, user, teamIds: (raw[0]?.team_ids ?? []).map(Number) }, credentialId: credential.id };
  }

  /**
   * Revoke one live credential of the workspace; with `owned`, only if it is of that user and kind (else
   * not found, as if it did not exist). Drops it from the auth cache: the next request with it is 401.
   */
  async revoke(workspaceId: number, credentialId: number, actorUserId?: number | null, owned?: { userId: number; kind: CredentialKind }): Promise<void> {
    await this.uow.run(async () => {
      const where = { id: credentialId, revokedAt: IsNull(), ...(owned ? { userId: owned.userId, kind: owned.kind } : {}) };
      const affected = await this.uow.tenant(workspaceId).update(Credential, where, { revokedAt: new Date() });
      if (!affected) throw notFound('credential');
      await this.cache.invalidateCredential(workspaceId, credentialId);
      await this.uow.audit({ workspaceId, action: 'credential_revoked', userId: actorUserId ?? null, subject: String(credentialId) });
    });
  }

  /** Logout: revokes the session token used for the call. */
  async logout(workspaceId: number, credential: { id: number; kind: CredentialKind }, userId: number | null): Promise<void> {
    if (credential.kind !== 'session') {
      throw new DomainError('invalid', 'logout revokes session tokens (xk_); API keys are revoked on the Developers page');
    }
    await this.revoke(workspaceId, credential.id, userId);
  }

  /** Deactivation (UsersService.deactivate): every session, API key and OAuth token of the user stops working. */
  async revokeAllOfUser(workspaceId: number, userId: number): Promise<number> {
    return this.uow.run(async () => {
      const affected = await this.uow.tenant(workspaceId).update(Credential, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
      await this.cache.invalidateUser(workspaceId, userId);
      return affected;
    });
  }

  /** A new password (password link, admin CLI): every session of the user ends; API keys and app connections stay. */
  async revokeSessionsOfUser(workspaceId: number, userId: number): Promise<number> {
    return this.uow.run(async () => {
      const affected = await this.uow.tenant(workspaceId).update(Credential, { userId, kind: 'session', revokedAt: IsNull() }, { revokedAt: new Date() });
      await this.cache.invalidateUser(workspaceId, userId);
      return affected;
    });
  }

  /** last_used_at: off the request path, at most once a minute per credential and process. */
  private touch(credential: Credential): void {
    const now = Date.now();
    const last = Math.max(credential.lastUsedAt?.getTime() ?? 0, this.touched.get(credential.id) ?? 0);
    if (now - last < TOUCH_EVERY_MS) return;
    if (this.touched.size > 50_000) this.touched.clear();
    this.touched.set(credential.id, now);
    // background, off the request path; at most once a minute per credential
    this.uow
      .runDetached(() => this.uow.tenant(credential.workspaceId).update(Credential, { id: credential.id }, { lastUsedAt: new Date(now) }))
      .catch((e: unknown) => this.log.warn(`last_used_at update failed: ${String(e)}`));
  }
}
