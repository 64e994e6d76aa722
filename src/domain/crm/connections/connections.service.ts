import { Injectable } from '@nestjs/common';
import { forbidden, notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { CredentialsService } from '../../identity/credentials.service';
import { OAuthService } from '../../identity/oauth/oauth.service';
import { UserDirectoryService } from '../../identity/user-directory.service';
import { WebhooksService } from '../../integrations/webhooks.service';
import { ErpConnectionService } from '../orders';
import { connectionActions, connectionState, ConnectionState, ConsoleKind } from './connections.rules';

export interface ConnectionView {
  kind: ConsoleKind;
  id: number;
  name: string;
  owner: { id: number; name: string } | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  requests24h: number;
  errors24h: number;
  scopes: string[];
  state: ConnectionState;
  actions: ('revoke' | 'rotate')[];
}

/** A rotation's result: the new secret (shown once) and what it belongs to. */
export interface Rotated {
  kind: ConsoleKind;
  secret: string;
  prefix: string | null;
}

type Owner = { owner_id: number | null; owner_name: string | null };
const ownerOf = (r: Owner) => (r.owner_id === null ? null : { id: r.owner_id, name: r.owner_name ?? '' });
const date = (d: Date | string | null): Date | null => (d === null ? null : new Date(d));
const KIND_ORDER: ConsoleKind[] = ['app', 'api_key', 'erp', 'scim', 'webhook', 'chat'];

/**
 * The connections console: every OAuth grant, API key, ERP and SCIM key, webhook and chat
 * connection of the workspace in one list with its use over the last 24 hours (connection_usage, which
 * each instance fills in the background; webhooks and chat from their delivery log). Admins see all;
 * other users their own grants and API keys. Revoke and rotate call the operations of each kind's own
 * service (and so its auth-cache invalidation, audit and rules).
 */
@Injectable()
export class ConnectionsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly credentials: CredentialsService,
    private readonly oauth: OAuthService,
    private readonly directory: UserDirectoryService,
    private readonly webhooks: WebhooksService,
    private readonly erp: ErpConnectionService,
  ) {}

  async list(auth: UserContext): Promise<ConnectionView[]> {
    const admin = isAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    const mine = admin ? null : auth.user.id;
    const usage = new Map<string, { requests: number; errors: number }>();
    const rows = await db.sql<{ subject: string; subject_id: number; requests: number; errors: number }>(
      `SELECT subject, subject_id, sum(requests)::int AS requests, sum(errors)::int AS errors FROM connection_usage
        WHERE workspace_id = $1 AND hour > now() - interval '24 hours' GROUP BY subject, subject_id`,
    );
    for (const r of rows) usage.set(`${r.subject}:${r.subject_id}`, { requests: r.requests, errors: r.errors });
    const used = (key: string) => usage.get(key) ?? { requests: 0, errors: 0 };
    const out: ConnectionView[] = [];

    const grants = await db.sql<Owner & { id: number; client_name: string; scopes: string[]; created_at: Date; last_used_at: Date | null }>(
      `SELECT g.id, g.client_name, g.scopes, g.created_at, g.last_used_at, g.user_id AS owner_id, coalesce(nullif(u.full_name, ''), u.email) AS owner_name
         FROM oauth_grants g LEFT JOIN users u ON u.workspace_id = g.workspace_id AND u.id = g.user_id
        WHERE g.workspace_id = $1 AND ($2::int IS NULL OR g.user_id = $2) ORDER BY g.id DESC`,
      [mine],
    );
    for (const g of grants) {
      const n = used(`grant:${g.id}`);
      out.push({ kind: 'app', id: g.id, name: g.client_name, owner: ownerOf(g), createdAt: date(g.created_at)!, lastUsedAt: date(g.last_used_at), requests24h: n.requests, errors24h: n.errors, scopes: g.scopes, state: connectionState({ revoked: false, ...n }), actions: connectionActions('app', false) });
    }

    const keys = await db.sql<Owner & { id: number; kind: 'api' | 'erp' | 'scim'; name: string; prefix: string; scopes: string[]; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }>(
      `SELECT c.id, c.kind, c.name, c.prefix, c.scopes, c.created_at, c.last_used_at, c.revoked_at, c.user_id AS owner_id, coalesce(nullif(u.full_name, ''), u.email) AS owner_name
         FROM credentials c LEFT JOIN users u ON u.workspace_id = c.workspace_id AND u.id = c.user_id
        WHERE c.workspace_id = $1 AND c.kind IN ('api', 'erp', 'scim') AND ($2::int IS NULL OR (c.kind = 'api' AND c.user_id = $2))
          AND (c.revoked_at IS NULL OR c.revoked_at > now() - interval '24 hours') AND (c.expires_at IS NULL OR c.expires_at > now())
        ORDER BY c.id DESC`,
      [mine],
    );
    for (const k of keys) {
      const kind: ConsoleKind = k.kind === 'api' ? 'api_key' : k.kind;
      const n = used(`credential:${k.id}`);
      const revoked = k.revoked_at !== null;
      const name = k.name ? `${k.name} (${k.prefix}…)` : `${k.prefix}…`;
      out.push({ kind, id: k.id, name, owner: ownerOf(k), createdAt: date(k.created_at)!, lastUsedAt: date(k.last_used_at), requests24h: n.requests, errors24h: n.errors, scopes: k.scopes, state: connectionState({ revoked, ...n }), actions: connectionActions(kind, revoked) });
    }

    if (admin) {
      const hooks = await db.sql<Owner & { id: number; kind: string; url: string; events: string[]; active: boolean; created_at: Date; last_at: Date | null; last_ok: boolean | null; requests: number; errors: number }>(
        `SELECT w.id, w.kind, w.url, w.events, w.active, w.created_at, w.last_at, w.last_ok, w.created_by AS owner_id, coalesce(nullif(u.full_name, ''), u.email) AS owner_name,
                coalesce(d.requests, 0)::int AS requests, coalesce(d.errors, 0)::int AS errors
           FROM webhook_connections w
           LEFT JOIN users u ON u.workspace_id = w.workspace_id AND u.id = w.created_by
           LEFT JOIN (SELECT connection_id, count(*) AS requests, count(*) FILTER (WHERE ok IS NOT TRUE) AS errors FROM webhook_deliveries
                       WHERE workspace_id = $1 AND finished_at > now() - interval '24 hours' GROUP BY connection_id) d ON d.connection_id = w.id
          WHERE w.workspace_id = $1 ORDER BY w.id DESC`,
      );
      for (const w of hooks) {
        const kind: ConsoleKind = w.kind === 'webhook' ? 'webhook' : 'chat';
        const n = { requests: w.requests, errors: w.errors };
        const state = connectionState({ revoked: !w.active, ...n, latestFailed: w.last_ok === false && n.requests > 0 });
        out.push({ kind, id: w.id, name: w.url, owner: ownerOf(w), createdAt: date(w.created_at)!, lastUsedAt: date(w.last_at), requests24h: n.requests, errors24h: n.errors, scopes: w.events, state, actions: connectionActions(kind, !w.active) });
      }
    }
    return out.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  }

  /** Stops a connection at once: a grant loses every token, a key is revoked, a webhook or chat connection is paused. */
  async revoke(auth: UserContext, kind: ConsoleKind, id: number): Promise<ConnectionView> {
    const c = await this.find(auth, kind, id);
    if (!c.actions.includes('revoke')) throw notFound('connection');
    if (kind === 'app') await this.oauth.removeGrant(auth, id, { anyUser: isAdmin(auth) });
    else if (kind === 'webhook' || kind === 'chat') await this.webhooks.update(auth, id, { active: false });
    else await this.credentials.revoke(auth.workspace.id, id, auth.user.id);
    return { ...c, state: 'revoked', actions: [] };
  }

  /** A new key (ERP, SCIM) or signing key (webhook); the old one stops at once. Admins only. */
  async rotate(auth: UserContext, kind: ConsoleKind, id: number): Promise<Rotated> {
    if (!isAdmin(auth)) throw forbidden('only admins rotate keys');
    const c = await this.find(auth, kind, id);
    if (!c.actions.includes('rotate')) throw notFound('connection');
    if (kind === 'webhook') return { kind, secret: (await this.webhooks.rotate(auth, id)).signingKey!, prefix: null };
    const { token, credential } = kind === 'erp' ? await this.erp.rotateKey(auth) : await this.directory.rotateKey(auth);
    return { kind, secret: token, prefix: credential.prefix };
  }

  /** One connection the caller may see (404 otherwise). */
  async find(auth: UserContext, kind: ConsoleKind, id: number): Promise<ConnectionView> {
    const c = (await this.list(auth)).find((x) => x.kind === kind && x.id === id);
    if (!c) throw notFound('connection');
    return c;
  }
}
