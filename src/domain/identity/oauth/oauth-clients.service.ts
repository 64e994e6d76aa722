import { randomBytes } from 'node:crypto';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { LessThan, IsNull } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { constantTimeEqual, sha256Hex } from '../../../platform/common/crypto';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { Workspace } from '../../workspace/workspace.entity';
import type { NetworkPolicy } from '../../../platform/net/network-policy';
import { CLIENT_METADATA_DESTINATIONS } from '../../../platform/net/network-policies';
import { ClientMetadataFetcher, MetadataError } from './client-metadata';
import { ClientAuthMethod, OAuthClient } from './oauth-client.entity';
import { invalidClient, oauthError } from './oauth-errors';
import { redirectUriProblem, UNUSED_CLIENT_MS } from './oauth.rules';

/** A client as the flows see it: registered (RFC 7591) or described by a metadata document. */
export interface ClientInfo {
  /** `registered` (RFC 7591, a row of oauth_clients) or `document` (a client ID metadata document). */
  kind: 'registered' | 'document';
  clientId: string;
  clientName: string;
  redirectUris: string[];
  authMethod: ClientAuthMethod;
  secretHash: string | null;
}

/** The registration response (spec 2.15; RFC 7591 3.2.1). */
export interface RegistrationRecord {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  token_endpoint_auth_method: ClientAuthMethod;
  grant_types: string[];
  response_types: string[];
  client_secret?: string;
  client_secret_expires_at?: number;
}

const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const KEPT_MAX = 10_000;

/** Dynamic client registration, client lookup (registered or metadata document) and client authentication. */
@Injectable()
export class OAuthClientsService implements OnModuleDestroy {
  private readonly documents: ClientMetadataFetcher;
  /**
   * Registered clients that completed an authorization, by workspace and client_id. Such a row never
   * changes or goes again (only never-authorized clients are removed; markAuthorized is the last write),
   * so no invalidation is needed; it spares the token endpoint a query per call. Bounded.
   */
  private readonly kept = new Map<string, ClientInfo>();

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLIENT_METADATA_DESTINATIONS) network: NetworkPolicy,
  ) {
    this.documents = new ClientMetadataFetcher({ policy: network, timeoutMs: config.clientMetadataTimeoutMs });
  }

  onModuleDestroy(): void {
    this.documents.close();
  }

  /** POST /oauth/register: unknown fields are ignored; errors are invalid_redirect_uri / invalid_client_metadata. */
  async register(ws: Workspace, body: unknown): Promise<RegistrationRecord> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw oauthError('invalid_client_metadata', 'the body must be a JSON object');
    const b = body as Record<string, unknown>;
    const uris = b.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > 20) throw oauthError('invalid_redirect_uri', 'redirect_uris: 1-20 redirect URIs required');
    for (const u of uris) {
      const problem = redirectUriProblem(u);
      if (problem) throw oauthError('invalid_redirect_uri', `redirect_uris: ${String(u).slice(0, 200)} ${problem}`);
    }
    const method = b.token_endpoint_auth_method ?? 'client_secret_post';
    if (method !== 'client_secret_post' && method !== 'none') {
      throw oauthError('invalid_client_metadata', 'token_endpoint_auth_method: client_secret_post or none (HTTP Basic is not supported)');
    }
    if (b.client_name !== undefined && (typeof b.client_name !== 'string' || b.client_name.length > 200)) {
      throw oauthError('invalid_client_metadata', 'client_name: a string of at most 200 characters');
    }
    const grantTypes = b.grant_types ?? GRANT_TYPES;
    if (!Array.isArray(grantTypes) || !grantTypes.length || grantTypes.some((g) => !GRANT_TYPES.includes(g as string))) {
      throw oauthError('invalid_client_metadata', 'grant_types: authorization_code and refresh_token only');
    }
    const responseTypes = b.response_types ?? ['code'];
    if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== 'code')) throw oauthError('invalid_client_metadata', 'response_types: code only');
    const name = (typeof b.client_name === 'string' && b.client_name.trim()) || 'Unnamed app';
    const clientId = `cl_${randomBytes(16).toString('base64url')}`;
    const secret = method === 'client_secret_post' ? `cs_${randomBytes(32).toString('base64url')}` : null;
    const db = this.uow.tenant(ws.id);
    const client = await this.uow.run(async () => {
      // clients that never completed an authorization go after a day (bounded, on the registration path)
      await db.delete(OAuthClient, { authorizedAt: IsNull(), createdAt: LessThan(new Date(Date.now() - UNUSED_CLIENT_MS)) });
      return db.save(
        OAuthClient,
        db.create(OAuthClient, {
          clientId,
          clientName: name,
          redirectUris: uris as string[],
          tokenEndpointAuthMethod: method,
          secretHash: secret ? sha256Hex(secret) : null,
        }),
      );
    });
    return {
      client_id: clientId,
      client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
      client_name: name,
      redirect_uris: client.redirectUris,
      token_endpoint_auth_method: method,
      grant_types: grantTypes as string[],
      response_types: ['code'],
      ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    };
  }

  /** The client of a client_id, or null when unknown. A metadata document that cannot be used throws MetadataError. */
  async find(ws: Workspace, clientId: string): Promise<ClientInfo | null> {
    if (this.documents.isDocumentUrl(clientId)) {
      const doc = await this.documents.get(clientId);
      return { kind: 'document', clientId: doc.clientId, clientName: doc.clientName, redirectUris: doc.redirectUris, authMethod: 'none', secretHash: null };
    }
    if (!/^cl_[A-Za-z0-9_-]{22}$/.test(clientId)) return null;
    const key = `${ws.id}:${clientId}`;
    const hit = this.kept.get(key);
    if (hit) return hit;
    const c = await this.uow.tenant(ws.id).findOne(OAuthClient, { where: { clientId } });
    if (!c) return null;
    const info: ClientInfo = { kind: 'registered', clientId: c.clientId, clientName: c.clientName, redirectUris: c.redirectUris, authMethod: c.tokenEndpointAuthMethod, secretHash: c.secretHash };
    if (c.authorizedAt) {
      if (this.kept.size >= KEPT_MAX) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(key, info);
    }
    return info;
  }

  /** Client authentication at the token and revocation endpoints (client_secret_post or none; Basic refused). */
  async authenticate(ws: Workspace, params: Record<string, string>, authorizationHeader: string | undefined): Promise<ClientInfo> {
    if (authorizationHeader && /^Basic\s/i.test(authorizationHeader)) {
      throw invalidClient('HTTP Basic client authentication is not supported: send client_id and client_secret in the form body (client_secret_post)', true);
    }
    const clientId = params.client_id;
    if (!clientId) throw invalidClient('client_id is required');
    let client: ClientInfo | null;
    try {
      client = await this.find(ws, clientId);
    } catch (e) {
      if (e instanceof MetadataError) throw invalidClient(e.message);
      throw e;
    }
    if (!client) throw invalidClient('unknown client');
    if (client.authMethod === 'client_secret_post') {
      const secret = params.client_secret;
      if (!secret || !client.secretHash || !constantTimeEqual(sha256Hex(secret), client.secretHash)) throw invalidClient('client authentication failed');
    }
    return client;
  }

  /** Marks a registered client as used (it is then kept). */
  async markAuthorized(ws: Workspace, clientId: string): Promise<void> {
    await this.uow.tenant(ws.id).update(OAuthClient, { clientId, authorizedAt: IsNull() }, { authorizedAt: new Date() });
  }
}
