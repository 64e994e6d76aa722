import { Injectable, Logger } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { constantTimeEqual, newToken, sha256Hex } from '../common/crypto';
import { DomainError, notFound } from '../common/errors';
import { UnitOfWork } from '../database/unit-of-work';
import { Workspace } from '../workspace/workspace.entity';
import { CREDENTIAL_PREFIX, Credential, CredentialKind } from './credential.entity';
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
}

/** Issues, resolves and revokes bearer credentials of every kind. Tokens are stored as SHA-256 only. */
@Injectable()
export class CredentialsService {
  private readonly log = new Logger(CredentialsService.name);

  constructor(private readonly uow: UnitOfWork) {}

  async issue(input: IssueInput): Promise<{ token: string; credential: Credential }> {
    const token = newToken(CREDENTIAL_PREFIX[input.kind]);
    return this.uow.run(async (m) => {
      const credential = await m.save(
        m.create(Credential, {
          workspaceId: input.workspaceId,
          kind: input.kind,
          userId: input.userId ?? null,
          name: (input.name ?? '').slice(0, 200),
          prefix: token.slice(0, 12),
          tokenHash: sha256Hex(token),
          scopes: input.scopes ?? (input.kind === 'erp' || input.kind === 'scim' ? [input.kind] : USER_SCOPES),
          expiresAt: input.expiresAt ?? null,
          grantId: input.grantId ?? null,
        }),
      );
      if (input.kind !== 'session' && input.kind !== 'oauth') {
        await this.uow.audit({ workspaceId: input.workspaceId, action: 'key_created', userId: input.userId, subject: credential.prefix, detail: { kind: input.kind, id: credential.id } });
      }
      return { token, credential };
    });
  }

  /** The credential behind a bearer token in this workspace, or null (unknown, revoked, expired, inactive user). */
  async resolve(workspace: Workspace, token: string): Promise<ResolvedCredential | null> {
    const match = TOKEN_RE.exec(token);
    if (!match) return null;
    const kind = KIND_OF_PREFIX[match[1]];
    const hash = sha256Hex(token);
    const credential = await this.uow.repo(Credential).findOne({ where: { workspaceId: workspace.id, tokenHash: hash } });
    if (!credential || credential.kind !== kind || !constantTimeEqual(credential.tokenHash, hash)) return null;
    if (credential.revokedAt || (credential.expiresAt && credential.expiresAt.getTime() <= Date.now())) return null;
    let user: User | null = null;
    if (credential.userId !== null) {
      user = await this.uow.repo(User).findOne({ where: { workspaceId: workspace.id, id: credential.userId } });
      if (!user || !user.active) return null;
    }
    this.touch(credential);
    return { credential, user };
  }

  /** Revoke one credential of the workspace (optionally only if it belongs to userId). */
  async revoke(workspaceId: number, credentialId: number, actorUserId?: number | null): Promise<void> {
    await this.uow.run(async (m) => {
      const res = await m.update(Credential, { workspaceId, id: credentialId, revokedAt: IsNull() }, { revokedAt: new Date() });
      if (!res.affected) throw notFound('credential');
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

  /** Deactivation: every session, API key and OAuth token of the user stops working. */
  async revokeAllOfUser(workspaceId: number, userId: number): Promise<number> {
    const res = await this.uow.manager.update(Credential, { workspaceId, userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    return res.affected ?? 0;
  }

  private touch(credential: Credential): void {
    const now = Date.now();
    if (credential.lastUsedAt && now - credential.lastUsedAt.getTime() < 60_000) return;
    // background, off the request path; at most once a minute per credential
    this.uow.manager
      .update(Credential, { workspaceId: credential.workspaceId, id: credential.id }, { lastUsedAt: new Date(now) })
      .catch((e: unknown) => this.log.warn(`last_used_at update failed: ${String(e)}`));
  }
}
