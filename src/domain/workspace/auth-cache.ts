import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { NotifyListener } from '../../platform/database/notify-listener';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { Workspace } from './workspace.entity';

/** PostgreSQL channel of invalidations (per database, so instances on one database share it). */
export const AUTH_CACHE_CHANNEL = 'crm_auth_cache';
/** Lifetime of an entry while invalidations arrive (LISTEN connected). */
const TTL_LISTENING_MS = 30_000;
/** Lifetime of an entry without a listener (embedded database; listener reconnecting): the 1 s bound itself. */
const TTL_SAFETY_MS = 1_000;
const MAX_ENTRIES = 20_000;

interface Message {
  /** w = workspace (and everything of it), c = one credential, u = a user (all credentials of the workspace). */
  t: 'w' | 'c' | 'u';
  w: number;
  id?: number;
  s?: string;
}

interface CredentialEntry {
  value: unknown;
  workspaceId: number;
  credentialId: number;
  expires: number;
}

/**
 * In-process cache of what every request needs before its handler runs: the workspace by slug and the
 * credential (with its user and team ids) by token hash. Invalidation is the one small API below,
 * called by every write that changes them (licence, constants, keys, users):
 * - on this instance the entries are dropped at once;
 * - other instances (and this one again) hear a PostgreSQL NOTIFY that is sent inside the writing
 *   transaction, so it arrives when the change commits — never before, so no instance can reload the
 *   old row after hearing it. The admin CLI's writes reach a running server the same way.
 * - a TTL is the safety net: 30 s while the LISTEN connection is up, 1 s without one (the embedded
 *   database, whose single session cannot LISTEN for the server; a transaction pooler without
 *   DATABASE_DIRECT_URL; a reconnecting listener).
 * A load that started before an invalidation is not stored (generation counter).
 */
@Injectable()
export class AuthCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(AuthCache.name);
  private readonly slugs = new Map<string, { ws: Workspace | null; expires: number }>();
  private readonly credentials = new Map<string, CredentialEntry>();
  private generation = 0;
  private listener: NotifyListener | null = null;
  private listening = false;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(private readonly uow: UnitOfWork) {}

  /** True while invalidations from other processes arrive. */
  get isListening(): boolean {
    return this.listening;
  }

  private get ttl(): number {
    return this.listening ? TTL_LISTENING_MS : TTL_SAFETY_MS;
  }

  // ---- reads ---------------------------------------------------------------------------------

  async workspaceBySlug(slug: string, load: () => Promise<Workspace | null>): Promise<Workspace | null> {
    const now = Date.now();
    const hit = this.slugs.get(slug);
    if (hit && hit.expires > now) return hit.ws;
    const gen = this.generation;
    const ws = await load();
    if (gen === this.generation) {
      this.bound(this.slugs);
      // an unknown slug is remembered briefly only (a workspace created by the CLI appears within 1 s)
      this.slugs.set(slug, { ws, expires: now + (ws ? this.ttl : TTL_SAFETY_MS) });
    }
    return ws;
  }

  /** The cached value for a token hash of a workspace; `load` runs on a miss (unknown tokens are not cached). */
  async credential<T>(workspaceId: number, tokenHash: string, load: () => Promise<{ value: T; credentialId: number } | null>): Promise<T | null> {
    const key = `${workspaceId}:${tokenHash}`;
    const now = Date.now();
    const hit = this.credentials.get(key);
    if (hit && hit.expires > now) return hit.value as T;
    const gen = this.generation;
    const loaded = await load();
    if (!loaded) return null;
    if (gen === this.generation) {
      this.bound(this.credentials);
      this.credentials.set(key, { value: loaded.value, workspaceId, credentialId: loaded.credentialId, expires: now + this.ttl });
    }
    return loaded.value;
  }

  // ---- invalidation --------------------------------------------------------------------------

  /** Licence, constants, settings of a workspace changed (or it was created: pass the slug). */
  invalidateWorkspace(workspaceId: number, slug?: string): Promise<void> {
    return this.publish({ t: 'w', w: workspaceId, ...(slug ? { s: slug } : {}) });
  }

  /** A credential was revoked or changed. */
  invalidateCredential(workspaceId: number, credentialId: number): Promise<void> {
    return this.publish({ t: 'c', w: workspaceId, id: credentialId });
  }

  /**
   * A user was created, deactivated or changed (role, department, modules, credentials). Drops every
   * credential of the workspace: team ids of the user's colleagues depend on the user too.
   */
  invalidateUser(workspaceId: number, userId: number): Promise<void> {
    return this.publish({ t: 'u', w: workspaceId, id: userId });
  }

  private async publish(msg: Message): Promise<void> {
    this.apply(msg);
    // every instance on the server hears it, whether or not this one can LISTEN itself
    if (this.uow.embedded) return;
    // inside the caller's unit of work when one is open: delivered at its commit, dropped on rollback
    await this.uow.notify(AUTH_CACHE_CHANNEL, JSON.stringify(msg));
  }

  private apply(msg: Message): void {
    this.generation++;
    if (msg.t === 'c') {
      for (const [k, e] of this.credentials) if (e.workspaceId === msg.w && e.credentialId === msg.id) this.credentials.delete(k);
      return;
    }
    for (const [k, e] of this.credentials) if (e.workspaceId === msg.w) this.credentials.delete(k);
    if (msg.t === 'w') {
      for (const [k, e] of this.slugs) if (e.ws?.id === msg.w || k === msg.s) this.slugs.delete(k);
    }
  }

  /** Drops everything (a lost listener may have missed invalidations). */
  clear(): void {
    this.generation++;
    this.slugs.clear();
    this.credentials.clear();
  }

  private bound(map: Map<string, unknown>): void {
    if (map.size < MAX_ENTRIES) return;
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }

  // ---- LISTEN --------------------------------------------------------------------------------

  /** A session of its own on a PostgreSQL server (not the embedded database, not a transaction pooler) hears NOTIFY. */
  private get sessionUrl(): string | undefined {
    return this.uow.sessionUrl;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.sessionUrl) await this.listen();
    else if (this.uow.transactionPooled) {
      this.log.warn('DATABASE_POOL_MODE=transaction without DATABASE_DIRECT_URL: no LISTEN for cache invalidations, so entries live 1 s');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const l = this.listener;
    this.listener = null;
    this.listening = false;
    await l?.close();
  }

  private async listen(): Promise<void> {
    const listener = new NotifyListener(this.sessionUrl!, AUTH_CACHE_CHANNEL);
    this.listener = listener;
    const lost = (why: string) => {
      if (this.listener !== listener) return;
      this.listener = null;
      this.listening = false;
      this.clear();
      void listener.close();
      if (this.stopped) return;
      this.log.warn(`cache invalidation listener lost (${why}); entries live 1 s until it is back`);
      this.reconnectTimer = setTimeout(() => void this.listen(), 1_000);
      this.reconnectTimer.unref();
    };
    const message = (payload: string) => {
      try {
        this.apply(JSON.parse(payload) as Message);
      } catch {
        this.clear();
      }
    };
    try {
      await listener.start({ message, lost });
      if (this.listener !== listener) return;
      // anything cached before the listener was up may have missed an invalidation
      this.clear();
      this.listening = true;
    } catch (e) {
      lost((e as Error).message);
    }
  }
}
