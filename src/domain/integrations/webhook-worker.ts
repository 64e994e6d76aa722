import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import type { SecretBox } from '../../platform/common/crypto';
import type { TenantDb } from '../../platform/database/tenant-db';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { WorkspaceService } from '../workspace/workspace.service';
import { isSigned, render } from './chat-formats';
import { SafeHttpClient, PostResult } from '../../platform/net/safe-http';
import type { NetworkPolicy } from '../../platform/net/network-policy';
import { USER_DESTINATIONS } from '../../platform/net/network-policies';
import { signedHeaders } from './signing';
import { buildBody, EventContent, WorkspaceInfo } from './webhook-body';
import { linkBase } from '../workspace/link-base';
import { EventFilter, matchesFilter } from './event-filter';
import { isRecordKind } from './record-kinds';
import { recordRequestFor } from './record-requests';

/** The SecretBox that sealed the signing keys (bound by the module that provides the worker). */
export const WEBHOOK_SECRET_BOX = Symbol('WEBHOOK_SECRET_BOX');

/** Spec 6.4 / 8: 8 seconds, no retries. */
export const WEBHOOK_TIMEOUT_MS = 8000;
/** The delivery log keeps this many attempts per connection. */
export const DELIVERY_LOG_SIZE = 200;
/** A delivery claimed this long ago and never finished (its instance died) is closed as interrupted, not resent. */
const STALE_CLAIM = '10 minutes';
const OUTBOX_BATCH = 200;
const DELIVERY_BATCH = 100;
/** Deliveries in flight at once on one instance, over all connections. */
const MAX_IN_FLIGHT = 256;

interface ClaimedDelivery {
  workspace_id: number;
  id: number;
  connection_id: number;
  event: string;
  message_id: string;
  resend_of: number | null;
  replay: boolean;
  body: string;
}

interface ConnectionRow {
  workspace_id: number;
  id: number;
  kind: string;
  url: string;
  signing_key: string;
  active: boolean;
  config: Record<string, string> | null;
  token: string | null;
}

interface Finished {
  workspaceId: number;
  id: number;
  connectionId: number;
  event: string;
  result: PostResult;
}

/**
 * The delivery worker (spec 6.2-6.4), off the request path:
 * 1. dispatch: claims pending outbox events (`FOR UPDATE SKIP LOCKED`), builds and serializes each
 *    event's body once per subscribed connection whose filter its `data` passes (event-filter.ts) into a pending `webhook_deliveries` row, marks the
 *    event dispatched, all in one short transaction;
 * 2. send: claims pending deliveries the same way (pending → sending, committed before any request),
 *    so several instances share the work and none is sent twice; each is signed and POSTed with an
 *    8 s limit, no redirects and no retries, at most `WEBHOOK_CONCURRENCY` at once per connection;
 * 3. results are written in batches to the delivery row and the connection's latest result.
 * No transaction is open while a request is in flight (the embedded database has one connection).
 * Claims span every workspace, so the worker's statements go through `uow.acrossWorkspaces()` (one of
 * the few files lint allows it in); each statement still names the workspace of every row it touches.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('WebhookWorker');
  private readonly http: SafeHttpClient;
  private readonly messageIdKey: string;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | null = null;
  /** Deliveries claimed by this instance and not finished, per connection (queued or in flight). */
  private readonly perConnection = new Map<number, { active: number; queue: (() => void)[] }>();
  private inFlight = 0;
  private readonly finished: Finished[] = [];
  private readonly sends = new Set<Promise<void>>();
  private lastHousekeeping = 0;
  private readonly touched = new Map<string, [number, number]>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WEBHOOK_SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(USER_DESTINATIONS) network: NetworkPolicy,
  ) {
    this.messageIdKey = secrets.derive('webhook-id');
    this.http = new SafeHttpClient({ policy: network, timeoutMs: WEBHOOK_TIMEOUT_MS });
  }

  onApplicationBootstrap(): void {
    if (this.config.webhookWorker) this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
    this.http.close();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops claiming, lets the requests in flight finish (each at most 8 s) and writes their results. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loopDone;
    await Promise.allSettled([...this.sends]);
    await this.flushResults().catch((e) => this.log.warn(`results not written at shutdown: ${String(e)}`));
  }

  /** Runs the next round now (new outbox events or deliveries are waiting). */
  wake(): void {
    const w = this.wakeUp;
    this.wakeUp = null;
    w?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let busy = false;
      try {
        busy = await this.round();
      } catch (e) {
        if (this.running) this.log.error(`webhook round failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
      if (!this.running) break;
      if (!busy) await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, this.config.webhookPollMs);
        this.wakeUp = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
  }

  /** One round; true when there may be more work right away. */
  async round(): Promise<boolean> {
    await this.flushResults();
    const dispatched = await this.dispatch();
    const claimed = await this.claimAndSend();
    await this.housekeeping();
    return dispatched === OUTBOX_BATCH || (claimed > 0 && this.inFlight < MAX_IN_FLIGHT) || this.finished.length > 0;
  }

  /** Statements over every workspace's outbox, deliveries and connections (claims, results, housekeeping). */
  private get db() {
    return this.uow.acrossWorkspaces();
  }

  /** Outbox → deliveries. Returns the number of outbox events claimed. */
  async dispatch(): Promise<number> {
    return this.uow.runDetached(async () => {
      const events: (EventContent & { workspace_id: number; id: number })[] = await this.db.sql(
        `WITH c AS (SELECT workspace_id, id FROM outbox_events WHERE status = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
         UPDATE outbox_events o SET status = 'dispatched', dispatched_at = now() FROM c
         WHERE o.workspace_id = c.workspace_id AND o.id = c.id
         RETURNING o.workspace_id, o.id, o.event, o.title, o.text, o.url, o.data`,
        [OUTBOX_BATCH],
      ).then((r: unknown) => rowsOf<EventContent & { workspace_id: number; id: number }>(r));
      if (!events.length) return 0;
      const wsIds = [...new Set(events.map((e) => e.workspace_id))];
      const conns = await this.db.sql<{ workspace_id: number; id: number; kind: string; url: string; events: string[]; filter: EventFilter | null }>(
        `SELECT workspace_id, id, kind, url, events, filter FROM webhook_connections WHERE workspace_id = ANY($1::int[]) AND active`,
        [wsIds],
      );
      if (!conns.length) return events.length;
      const infos = await this.workspaceInfos(wsIds);
      const now = new Date();
      const rows: unknown[][] = [[], [], [], [], [], []];
      for (const ev of events) {
        const ws = infos.get(ev.workspace_id);
        if (!ws) continue;
        const body = buildBody(ev, ws, now);
        for (const c of conns) {
          if (c.workspace_id !== ev.workspace_id || !c.events.includes(ev.event) || !matchesFilter(c.filter, ev.data)) continue;
          const values = [c.workspace_id, c.id, ev.event, ev.id, this.messageId(c.id, ev.id), render(c.kind, body, c.url)];
          values.forEach((v, i) => rows[i].push(v));
        }
      }
      if (rows[0].length) {
        await this.db.sql(
          `INSERT INTO webhook_deliveries (workspace_id, connection_id, event, outbox_id, message_id, body)
           SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::int[], $5::varchar[], $6::text[])`,
          rows,
        );
      }
      return events.length;
    });
  }

  /**
   * The `webhook-id` of an event's delivery to a connection: derived, not drawn, so a replay finds the
   * same id again after the delivery log has pruned the original (HMAC keyed with this installation's
   * secret, so two installations never share ids).
   */
  messageId(connectionId: number, outboxId: number): string {
    return `msg_${createHmac('sha256', this.messageIdKey).update(`${connectionId}:${outboxId}`).digest('hex').slice(0, 32)}`;
  }

  /** The body fields a workspace contributes (company, app name, time zone, link base). */
  async workspaceInfos(ids: number[]): Promise<Map<number, WorkspaceInfo>> {
    const rows = await this.workspaces.byIds(ids);
    return new Map(
      rows.map((w) => [
        w.id,
        { id: w.id, timezone: w.timezone, company: w.app?.company ?? '', appName: w.app?.name ?? '', baseUrl: this.baseUrl(w.slug) },
      ]),
    );
  }

  /** The base of record links: configuration only (PUBLIC_URL, else BASE_DOMAIN: link-base.ts). */
  baseUrl(slug: string): string {
    return linkBase(this.config, slug);
  }

  /** Claims pending deliveries of connections with room, and starts sending them. Returns how many. */
  async claimAndSend(): Promise<number> {
    const room = MAX_IN_FLIGHT - this.inFlight;
    if (room <= 0) return 0;
    const limit = this.config.webhookConcurrency;
    const full = [...this.perConnection].filter(([, s]) => s.active + s.queue.length >= limit).map(([id]) => id);
    const claimed = await this.uow.runDetached(async () => {
      const res: unknown = await this.db.sql(
        `WITH c AS (SELECT workspace_id, id FROM webhook_deliveries WHERE status = 'pending' AND NOT (connection_id = ANY($2::int[]))
                    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
         UPDATE webhook_deliveries d SET status = 'sending', claimed_at = now() FROM c
         WHERE d.workspace_id = c.workspace_id AND d.id = c.id
         RETURNING d.workspace_id, d.id, d.connection_id, d.event, d.message_id, d.resend_of, d.replay, d.body`,
        [Math.min(room, DELIVERY_BATCH), full],
      );
      const list = rowsOf<ClaimedDelivery>(res);
      if (!list.length) return { list, conns: new Map<number, ConnectionRow>() };
      const conns = await this.db.sql<ConnectionRow>(
        `SELECT workspace_id, id, kind, url, signing_key, active, config, token FROM webhook_connections
         WHERE (workspace_id, id) IN (SELECT * FROM unnest($1::int[], $2::int[]))`,
        [list.map((d) => d.workspace_id), list.map((d) => d.connection_id)],
      );
      return { list, conns: new Map(conns.map((c) => [c.id, c])) };
    });
    const keys = new Map<number, string>();
    for (const d of claimed.list) {
      this.inFlight++;
      const p = this.sendOne(d, claimed.conns.get(d.connection_id), keys).finally(() => {
        this.inFlight--;
        this.sends.delete(p);
      });
      this.sends.add(p);
    }
    return claimed.list.length;
  }

  private async sendOne(d: ClaimedDelivery, conn: ConnectionRow | undefined, keys: Map<number, string>): Promise<void> {
    let result: PostResult;
    // a paused connection gets no events, but "Test connection", "send again" and a replay still go out
    const manual = d.event === 'test' || d.resend_of !== null || d.replay;
    if (!conn || conn.workspace_id !== d.workspace_id || (!conn.active && !manual)) {
      result = { status: null, error: 'connection removed or inactive', ok: false, durationMs: 0, snippet: '' };
    } else {
      await this.acquire(conn.id);
      try {
        if (isRecordKind(conn.kind)) result = await this.createRecord(conn, d, keys);
        else result = await this.postBody(conn, d, keys);
      } catch (e) {
        result = { status: null, error: `error: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300), ok: false, durationMs: 0, snippet: '' };
      } finally {
        this.release(conn.id);
      }
    }
    this.finished.push({ workspaceId: d.workspace_id, id: d.id, connectionId: d.connection_id, event: d.event, result });
    this.wake();
  }

  /** Webhook and chat kinds: the stored bytes, signed for webhooks. */
  private async postBody(conn: ConnectionRow, d: ClaimedDelivery, keys: Map<number, string>): Promise<PostResult> {
    const body = Buffer.from(d.body, 'utf8');
    if (!isSigned(conn.kind)) return this.http.post(conn.url, { 'content-type': 'application/json' }, body);
    let key = keys.get(conn.id);
    if (key === undefined) keys.set(conn.id, (key = this.secrets.open(conn.signing_key)));
    return this.http.post(conn.url, signedHeaders(key, d.event, d.message_id, body), body);
  }

  /** Record-creation kinds (spec 6.5): the product's request (record-requests.ts) through the same client, 8 s, no retries. */
  private async createRecord(conn: ConnectionRow, d: ClaimedDelivery, keys: Map<number, string>): Promise<PostResult> {
    let token = conn.token === null ? '' : keys.get(conn.id);
    if (token === undefined) keys.set(conn.id, (token = this.secrets.open(conn.token!)));
    const req = recordRequestFor(conn.kind, conn.config, token, this.config.recordApiBases, d.body);
    if ('error' in req) return { status: null, error: req.error, ok: false, durationMs: 0, snippet: '' };
    return this.http.post(req.url, req.headers, Buffer.from(req.body, 'utf8'));
  }

  private acquire(connectionId: number): Promise<void> {
    let s = this.perConnection.get(connectionId);
    if (!s) this.perConnection.set(connectionId, (s = { active: 0, queue: [] }));
    if (s.active < this.config.webhookConcurrency) {
      s.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => s.queue.push(resolve));
  }

  private release(connectionId: number): void {
    const s = this.perConnection.get(connectionId);
    if (!s) return;
    const next = s.queue.shift();
    if (next) next();
    else if (--s.active === 0) this.perConnection.delete(connectionId);
  }

  /** Writes finished deliveries and the connections' latest results in one transaction. */
  async flushResults(): Promise<void> {
    if (!this.finished.length) return;
    const batch = this.finished.splice(0);
    try {
      await this.uow.runDetached(async () => {
        const col = <T>(f: (x: Finished) => T) => batch.map(f);
        await this.db.sql(
          `UPDATE webhook_deliveries d SET status = 'done', ok = v.ok, http_status = v.http_status, error = v.error,
                  duration_ms = v.duration_ms, response = v.response, finished_at = now()
           FROM unnest($1::int[], $2::int[], $3::bool[], $4::int[], $5::varchar[], $6::int[], $7::varchar[])
                AS v(workspace_id, id, ok, http_status, error, duration_ms, response)
           WHERE d.workspace_id = v.workspace_id AND d.id = v.id`,
          [
            col((f) => f.workspaceId),
            col((f) => f.id),
            col((f) => f.result.ok),
            col((f) => f.result.status),
            col((f) => f.result.error?.slice(0, 300) ?? null),
            col((f) => f.result.durationMs),
            col((f) => f.result.snippet.slice(0, 512)),
          ],
        );
        // the latest result per connection: the last finished of this batch
        const latest = new Map<number, Finished>();
        for (const f of batch) latest.set(f.connectionId, f);
        const l = [...latest.values()];
        await this.db.sql(
          `UPDATE webhook_connections c SET last_status = v.status, last_error = v.error, last_ok = v.ok, last_event = v.event, last_at = now()
           FROM unnest($1::int[], $2::int[], $3::int[], $4::varchar[], $5::bool[], $6::varchar[]) AS v(workspace_id, id, status, error, ok, event)
           WHERE c.workspace_id = v.workspace_id AND c.id = v.id`,
          [l.map((f) => f.workspaceId), l.map((f) => f.connectionId), l.map((f) => f.result.status), l.map((f) => f.result.error?.slice(0, 300) ?? null), l.map((f) => f.result.ok), l.map((f) => f.event)],
        );
      });
      for (const f of batch) this.touched.set(`${f.workspaceId}:${f.connectionId}`, [f.workspaceId, f.connectionId]);
    } catch (e) {
      this.finished.unshift(...batch);
      throw e;
    }
  }

  /** Every 30 s: close deliveries of dead instances as interrupted; keep the last 200 per connection. */
  private async housekeeping(): Promise<void> {
    const now = Date.now();
    if (now - this.lastHousekeeping < 30_000) return;
    this.lastHousekeeping = now;
    const touched = [...this.touched.values()];
    this.touched.clear();
    await this.uow.runDetached(async () => {
      await this.db.sql(
        `UPDATE webhook_deliveries SET status = 'done', ok = false, error = 'interrupted: the sending instance stopped', finished_at = now()
         WHERE status = 'sending' AND claimed_at < now() - interval '${STALE_CLAIM}'`,
      );
      for (const [ws, conn] of touched) await pruneDeliveries(this.uow.tenant(ws), conn);
    });
  }
}

/** Deletes finished deliveries of a connection beyond the newest DELIVERY_LOG_SIZE. */
export async function pruneDeliveries(db: TenantDb, connectionId: number): Promise<void> {
  await db.sql(
    `DELETE FROM webhook_deliveries WHERE workspace_id = $1 AND connection_id = $2 AND status = 'done' AND id < (
       SELECT id FROM webhook_deliveries WHERE workspace_id = $1 AND connection_id = $2 ORDER BY id DESC OFFSET ${DELIVERY_LOG_SIZE - 1} LIMIT 1)`,
    [connectionId],
  );
}

/** Rows of a raw UPDATE … RETURNING (TypeORM's postgres driver answers [rows, count] for updates). */
function rowsOf<T>(res: unknown): T[] {
  const r = res as unknown[];
  return (r.length === 2 && Array.isArray(r[0]) && typeof r[1] === 'number' ? r[0] : r) as T[];
}
