import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { sha256Hex } from '../../../platform/common/crypto';
import { DomainError, invalid, notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AuthCache } from '../../workspace/auth-cache';
import { Workspace } from '../../workspace/workspace.entity';
import type { UserContext } from '../auth-context';
import { Credential } from '../credential.entity';
import { CredentialsService } from '../credentials.service';
import { User } from '../user.entity';
import { ClientInfo, OAuthClientsService } from './oauth-clients.service';
import { OAuthCode } from './oauth-code.entity';
import { oauthError } from './oauth-errors';
import { OAuthGrant } from './oauth-grant.entity';
import { singleParams } from './oauth-params';
import { RefreshRotation } from './refresh-rotation';
import { ACCESS_TTL_SECONDS, isVerifier, OAUTH_SCOPES, parseScope, REFRESH_IDLE_MS, s256, scopeWords } from './oauth.rules';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface GrantView {
  grant: OAuthGrant;
  scopeWords: string[];
}

/**
 * The authorization server (spec 2.15, 3.7, 4.12, 5, 7.2; RFC 6749 / OAuth 2.1, 7636, 7009, 8414, 8707).
 * Access tokens (`mcp_`, 1 h) and refresh tokens (`mcpr_`, 60 days without use) are credentials
 * (SHA-256 stored) tied to a grant; revoking is setting revoked_at on the grant's credentials and
 * dropping the auth cache entries, which takes effect on the next request. Here: the metadata, the
 * token and revocation endpoints and the user's grants; the authorization endpoint (consent) is
 * OAuthAuthorizeService, the clients OAuthClientsService.
 */
@Injectable()
export class OAuthService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly cache: AuthCache,
    private readonly credentials: CredentialsService,
    private readonly clients: OAuthClientsService,
    private readonly rotation: RefreshRotation,
  ) {}

  /** RFC 8414 metadata; the issuer is the workspace's base URL. */
  metadata(baseUrl: string) {
    return {
      issuer: baseUrl,
      authorization_endpoint: `${baseUrl}/oauth/authorize`,
      token_endpoint: `${baseUrl}/oauth/token`,
      registration_endpoint: `${baseUrl}/oauth/register`,
      revocation_endpoint: `${baseUrl}/oauth/revoke`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
      scopes_supported: [...OAUTH_SCOPES],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    };
  }

  /** RFC 9728 metadata of a protected resource (the MCP endpoint or the REST API). */
  resourceMetadata(baseUrl: string, resource: string) {
    return {
      resource,
      authorization_servers: [baseUrl],
      scopes_supported: [...OAUTH_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'CRM',
    };
  }

  // ---- token endpoint -------------------------------------------------------------------------

  /** POST /oauth/token (form body). */
  async token(ws: Workspace, body: unknown, authorization: string | undefined): Promise<TokenResponse> {
    const p = singleParams(body);
    if (!p.grant_type) throw oauthError('invalid_request', 'grant_type is required');
    if (p.grant_type !== 'authorization_code' && p.grant_type !== 'refresh_token') {
      throw oauthError('unsupported_grant_type', 'supported: authorization_code (with PKCE) and refresh_token');
    }
    const client = await this.clients.authenticate(ws, p, authorization);
    return p.grant_type === 'authorization_code' ? this.exchangeCode(ws, client, p) : this.refresh(ws, client, p);
  }

  private async exchangeCode(ws: Workspace, client: ClientInfo, p: Record<string, string>): Promise<TokenResponse> {
    if (!p.code) throw oauthError('invalid_request', 'code is required');
    // part of the request (spec 4.12, 3.7 "same redirect_uri"; RFC 6749 4.1.3): the code must come back with where it was sent
    if (!p.redirect_uri) throw oauthError('invalid_request', 'redirect_uri is required');
    if (!p.code_verifier) throw oauthError('invalid_request', 'code_verifier is required (PKCE)');
    const db = this.uow.tenant(ws.id);
    const outcome = await this.uow.run(async (): Promise<TokenResponse | DomainError> => {
      const code = await db.findOne(OAuthCode, { where: { codeHash: sha256Hex(p.code!) }, lock: { mode: 'pessimistic_write' } });
      if (!code) return oauthError('invalid_grant', 'unknown authorization code');
      if (code.usedAt) {
        // a second use: the code leaked; everything issued under the grant is revoked (committed)
        await this.revokeGrantTokens(ws, code.grantId, code.userId);
        await this.uow.audit({ workspaceId: ws.id, action: 'oauth_code_reused', userId: code.userId, subject: code.clientId, detail: { grant_id: code.grantId } });
        return oauthError('invalid_grant', 'authorization code already used; the tokens issued with it are revoked');
      }
      if (code.expiresAt.getTime() <= Date.now()) return oauthError('invalid_grant', 'authorization code expired');
      if (code.clientId !== client.clientId) return oauthError('invalid_grant', 'authorization code was issued to another client');
      if (p.redirect_uri !== code.redirectUri) return oauthError('invalid_grant', 'redirect_uri does not match the authorization request');
      if (!isVerifier(p.code_verifier!)) return oauthError('invalid_grant', 'code_verifier must be 43-128 characters of [A-Za-z0-9-._~]');
      if (s256(p.code_verifier!) !== code.codeChallenge) return oauthError('invalid_grant', 'PKCE verification failed: code_verifier does not match code_challenge');
      await db.update(OAuthCode, { id: code.id }, { usedAt: new Date() });
      const grant = await db.byId(OAuthGrant, code.grantId);
      const user = await db.byId(User, code.userId);
      if (!grant || !user?.active) return oauthError('invalid_grant', 'the grant was removed or the user is deactivated');
      return this.issuePair(ws, grant, code.scopes);
    });
    if (outcome instanceof DomainError) throw outcome;
    return outcome;
  }

  /**
   * The refresh grant with rotation (RefreshRotation: one atomic statement takes the old token and
   * inserts the new pair; exactly one of concurrent refreshes with one token wins). The scope asked for
   * must be within the grant's (never widened); without one the grant's applies. Only when nothing was
   * rotated does a second query tell invalid_scope from invalid_grant, and a rotated-out token that comes
   * back after the grace (reuse, RFC 9700 4.14.2) revoke every token of its grant. No auth-cache
   * invalidation on rotation: refresh tokens are never bearers, so never cached (CredentialsService.resolve).
   */
  private async refresh(ws: Workspace, client: ClientInfo, p: Record<string, string>): Promise<TokenResponse> {
    if (!p.refresh_token) throw oauthError('invalid_request', 'refresh_token is required');
    const invalid = () => oauthError('invalid_grant', 'refresh token is invalid, expired, revoked or already used');
    if (!/^mcpr_[A-Za-z0-9_-]{43}$/.test(p.refresh_token)) throw invalid();
    const tokenHash = sha256Hex(p.refresh_token);
    const asked = p.scope === undefined ? null : parseScope(p.scope);
    if (p.scope === undefined || asked) {
      const r = await this.rotation.rotate(ws.id, tokenHash, client.clientId, asked);
      if (r) return { access_token: r.accessToken, token_type: 'Bearer', expires_in: ACCESS_TTL_SECONDS, refresh_token: r.refreshToken, scope: r.scopes.join(' ') };
    }
    // nothing rotated: a scope beyond the grant on a token that is otherwise good is invalid_scope
    const fate = await this.rotation.fate(ws.id, tokenHash, client.clientId);
    if (fate.kind === 'usable' && p.scope !== undefined) throw oauthError('invalid_scope', 'scope must not exceed the granted scope');
    if (fate.kind === 'reused') {
      await this.uow.run(async () => {
        const revoked = await this.revokeGrantTokens(ws, fate.grantId, fate.userId);
        await this.uow.audit({ workspaceId: ws.id, action: 'oauth_refresh_reused', userId: fate.userId, subject: client.clientId, detail: { grant_id: fate.grantId, rotated_at: fate.rotatedAt.toISOString(), revoked } });
      });
      throw oauthError('invalid_grant', 'refresh token already used; the tokens issued under its grant are revoked');
    }
    throw invalid();
  }

  private async issuePair(ws: Workspace, grant: OAuthGrant, scopes: string[]): Promise<TokenResponse> {
    const base = { workspaceId: ws.id, userId: grant.userId, grantId: grant.id, scopes, name: grant.clientName };
    const access = await this.credentials.issue({ ...base, kind: 'oauth', expiresAt: new Date(Date.now() + ACCESS_TTL_SECONDS * 1000) });
    const refresh = await this.credentials.issue({ ...base, kind: 'oauth_refresh', expiresAt: new Date(Date.now() + REFRESH_IDLE_MS) });
    return { access_token: access.token, token_type: 'Bearer', expires_in: ACCESS_TTL_SECONDS, refresh_token: refresh.token, scope: scopes.join(' ') };
  }

  /**
   * Every live token of the grant, revoked (inside the caller's unit of work). Repeated until nothing is
   * left: a rotation that held one of these rows when this statement reached it commits a new pair
   * that this statement's snapshot does not show, but the next statement's does (READ COMMITTED); a
   * rotation that comes later finds its token revoked and takes nothing.
   */
  private async revokeGrantTokens(ws: Workspace, grantId: number, userId: number): Promise<number> {
    const db = this.uow.tenant(ws.id);
    let n = 0;
    for (let round = 0; round < 5; round++) {
      const revoked = await db.update(Credential, { grantId, revokedAt: IsNull() }, { revokedAt: new Date() });
      n += revoked;
      if (!revoked) break;
    }
    await this.cache.invalidateUser(ws.id, userId);
    return n;
  }

  // ---- revocation endpoint (RFC 7009) ---------------------------------------------------------

  /**
   * POST /oauth/revoke: a refresh token revokes every token of its grant, an access token itself.
   * Unknown tokens, and tokens of another client, answer 200 and change nothing.
   */
  async revoke(ws: Workspace, body: unknown, authorization: string | undefined): Promise<void> {
    const p = singleParams(body);
    const client = await this.clients.authenticate(ws, p, authorization);
    if (!p.token) throw oauthError('invalid_request', 'token is required');
    if (!/^mcpr?_[A-Za-z0-9_-]{43}$/.test(p.token)) return;
    const db = this.uow.tenant(ws.id);
    await this.uow.run(async () => {
      const cred = await db.findOne(Credential, { where: { tokenHash: sha256Hex(p.token!) } });
      if (!cred || !cred.grantId || (cred.kind !== 'oauth' && cred.kind !== 'oauth_refresh')) return;
      const grant = await db.byId(OAuthGrant, cred.grantId);
      if (!grant || grant.clientId !== client.clientId) return;
      if (cred.kind === 'oauth_refresh') await this.revokeGrantTokens(ws, grant.id, grant.userId);
      else if (!cred.revokedAt) {
        await db.update(Credential, { id: cred.id }, { revokedAt: new Date() });
        await this.cache.invalidateCredential(ws.id, cred.id);
      }
    });
  }

  // ---- App connections ------------------------------------------------------------------------

  /** The caller's grants (apps with access), newest first. */
  async grants(auth: UserContext, q: { limit?: number; cursor?: string }): Promise<{ items: GrantView[]; nextCursor: string | null }> {
    const limit = Math.min(Math.max(q.limit ?? 50, 1), 200);
    const qb = this.uow.tenant(auth.workspace.id).qb(OAuthGrant, 'g').andWhere('g.user_id = :uid', { uid: auth.user.id });
    if (q.cursor !== undefined) {
      if (!/^[1-9]\d{0,9}$/.test(q.cursor)) throw invalid('cursor', 'not a cursor of this list (use next_cursor as returned)');
      qb.andWhere('g.id < :cursor', { cursor: Number(q.cursor) });
    }
    const rows = await qb.orderBy('g.id', 'DESC').take(limit + 1).getMany();
    const items = rows.slice(0, limit);
    return {
      items: items.map((grant) => ({ grant, scopeWords: scopeWords(grant.scopes) })),
      nextCursor: rows.length > limit ? String(items[items.length - 1]!.id) : null,
    };
  }

  /**
   * Remove access: the grant goes and every token of it is revoked at once (spec 5 rule 9). `anyUser`:
   * any user's grant of the workspace (the connections console, for admins; the caller checks the role).
   */
  async removeGrant(auth: UserContext, id: number, opts: { anyUser?: boolean } = {}): Promise<void> {
    const db = this.uow.tenant(auth.workspace.id);
    await this.uow.run(async () => {
      const grant = await db.findOne(OAuthGrant, { where: opts.anyUser ? { id } : { id, userId: auth.user.id } });
      if (!grant) throw notFound('app connection');
      await this.revokeGrantTokens(auth.workspace, grant.id, grant.userId);
      await db.delete(OAuthCode, { grantId: grant.id });
      await db.delete(OAuthGrant, { id: grant.id });
      await this.uow.audit({ workspaceId: auth.workspace.id, action: 'oauth_grant_removed', userId: auth.user.id, subject: grant.clientName, detail: { client_id: grant.clientId } });
    });
  }
}
