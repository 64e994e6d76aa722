import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { ErpConnection } from '../../../domain/crm/orders/erp-connection.service';
import type { ErpDeadLetter } from '../../../domain/crm/orders/erp-dead-letters.service';
import type { ErpConnectionResponse, ErpDeadLetterList } from './connection.schema';

export function toErpConnection(c: ErpConnection, baseUrl: string, tz: string): z.output<typeof ErpConnectionResponse> {
  return {
    ok: true,
    base_url: baseUrl,
    keys: c.keys.map((k) => ({ prefix: k.prefix, created_at: formatTimestamp(k.createdAt, tz), last_used_at: formatTimestamp(k.lastUsedAt, tz) })),
    queue: c.counts,
    last_poll_at: formatTimestamp(c.lastPollAt, tz),
    // the card lists only waiting and failed entries (never written ones)
    heartbeat: {
      claimed_last_hour: c.heartbeat.claimedLastHour,
      reported_last_hour: c.heartbeat.reportedLastHour,
      oldest_waiting_at: formatTimestamp(c.heartbeat.oldestWaitingAt, tz),
      stalled_since: formatTimestamp(c.heartbeat.stalledSince, tz),
    },
    errors: c.errors.map((e) => ({ id: e.id, order_id: e.orderId, state: e.state as 'waiting' | 'failed', attempts: e.attempts, error: e.lastError, at: formatTimestamp(e.updatedAt, tz) })),
  };
}

export function toErpDeadLetters(l: { items: ErpDeadLetter[]; total: number }, tz: string): z.output<typeof ErpDeadLetterList> {
  return {
    ok: true,
    dead_letters: l.items.map(({ entry, ref }) => ({
      id: entry.id,
      order_id: entry.orderId,
      ref,
      // entries parked before dead reasons existed were parked by attempts
      reason: entry.deadReason === 'rejected' ? 'rejected' : 'attempts',
      error: entry.lastError,
      attempts: entry.attempts,
      dead_at: formatTimestamp(entry.doneAt, tz),
    })),
    total: l.total,
  };
}
