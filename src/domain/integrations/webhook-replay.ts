import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { forbidden, invalid, notFound } from '../../platform/common/errors';
import type { JsonMap } from '../../platform/database/tenant-entity';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../identity/auth-context';
import { render } from './chat-formats';
import { buildBody } from './webhook-body';
import { WebhookConnection } from './webhook-connection.entity';
import { matchesFilter } from './event-filter';
import { WebhookDelivery } from './webhook-delivery.entity';
import { REPLAY_MAX_EVENTS, replayWindow, ReplayWindow } from './webhook-replay.rules';
import { WebhookWorker } from './webhook-worker';

export interface ReplayInput {
  since?: string;
  until?: string;
  only_failed?: boolean;
}

interface Candidate {
  id: number;
  event: string;
  title: string;
  text: string;
  url: string;
  data: JsonMap;
  dispatched_at: Date | null;
  occurred_at: Date;
  /** The connection's latest delivery of this event, if the log still has it. */
  last_message_id: string | null;
  last_body: string | null;
}

/**
 * The connection's subscribed events of the window that the dispatcher has handed on (a pending one goes
 * out by itself), oldest first, each with the latest delivery of it to this connection. `$6` = only those
 * whose latest delivery finished without a 2xx. One more than the cap is read, to refuse a wider window.
 */
const CANDIDATES = `
  SELECT e.id, e.event, e.title, e.text, e.url, e.data, e.dispatched_at, e.occurred_at, last.message_id AS last_message_id, last.body AS last_body
    FROM outbox_events e
    LEFT JOIN LATERAL (
      SELECT d.message_id, d.body, d.status, d.ok FROM webhook_deliveries d
       WHERE d.workspace_id = e.workspace_id AND d.connection_id = $2 AND d.outbox_id = e.id
       ORDER BY d.id DESC LIMIT 1) last ON true
   WHERE e.workspace_id = $1 AND e.status = 'dispatched' AND e.event = ANY($3::varchar[])
     AND e.occurred_at >= $4 AND e.occurred_at < $5
     AND (NOT $6::boolean OR (last.status = 'done' AND last.ok IS NOT TRUE))
   ORDER BY e.occurred_at, e.id
   LIMIT $7`;

/**
 * Replay for a connection: queues the connection's subscribed events of a window again, each
 * with its original `webhook-id` (receivers deduplicate) and, when the log still has it, the exact body
 * sent; the worker sends them like any delivery (same signing, the connection's concurrency, in queue
 * order = event order), marked `replay` in the log. The connection's `filter` applies as at dispatch. No automatic retries: an admin asks for it.
 */
@Injectable()
export class WebhookReplay {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly worker: WebhookWorker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `POST /webhooks/{id}/replay`: returns how many deliveries were queued. */
  async replay(auth: UserContext, id: number, input: ReplayInput, now = new Date()): Promise<number> {
    if (!isAdmin(auth)) throw forbidden('only admins manage webhook connections');
    const window = replayWindow(input, auth.workspace.timezone, now, this.config.eventRetentionDays);
    return this.queue(auth, id, window, input.only_failed === true);
  }

  /** "Send again what failed" (Apps page): every failed event the journal still keeps. */
  async replayFailed(auth: UserContext, id: number, now = new Date()): Promise<number> {
    if (!isAdmin(auth)) throw forbidden('only admins manage webhook connections');
    const since = new Date(now.getTime() - this.config.eventRetentionDays * 86_400_000 + 60_000);
    return this.queue(auth, id, { since, until: now }, true);
  }

  private async queue(auth: UserContext, id: number, window: ReplayWindow, onlyFailed: boolean): Promise<number> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    const queued = await this.uow.run(async () => {
      const c = await db.byId(WebhookConnection, id);
      if (!c) throw notFound('webhook');
      const read = await db.sql<Candidate>(CANDIDATES, [c.id, c.events, window.since, window.until, onlyFailed, REPLAY_MAX_EVENTS + 1]);
      if (read.length > REPLAY_MAX_EVENTS) {
        throw invalid('since', `the window holds more than ${REPLAY_MAX_EVENTS} events, the most one replay sends: choose a later since or an earlier until`);
      }
      // the connection's data filter applies as at dispatch: a replay sends nothing it would not have sent
      const rows = read.filter((r) => matchesFilter(c.filter, r.data));
      if (!rows.length) return 0;
      const info = (await this.worker.workspaceInfos([ws.id])).get(ws.id)!;
      // one multi-row INSERT: ids follow the rows' order, and the worker claims by id (event order)
      await db.insert(
        WebhookDelivery,
        rows.map((r) => ({
          connectionId: c.id,
          event: r.event,
          outboxId: r.id,
          messageId: r.last_message_id ?? this.worker.messageId(c.id, r.id),
          // the bytes sent before when the log still has them; else the body as the dispatcher built it then
          body: r.last_body ?? render(c.kind, buildBody(r, info, r.dispatched_at ?? r.occurred_at), c.url),
          replay: true,
          status: 'pending',
          response: '',
        })),
      );
      return rows.length;
    });
    if (queued) this.worker.wake();
    return queued;
  }
}
