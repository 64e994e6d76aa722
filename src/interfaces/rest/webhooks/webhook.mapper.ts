import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { ConnectionKind, WebhookConnection } from '../../../domain/integrations/webhook-connection.entity';
import type { WebhookDelivery as DeliveryEntity } from '../../../domain/integrations/webhook-delivery.entity';
import type { CrmEventName } from '../../../domain/crm/event-kinds';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { DELIVERY_STATUSES, Webhook, WebhookDelivery } from './webhook.schema';

// The service stores only the kinds, events and statuses it checked; the columns are plain strings.
type Kind = ConnectionKind;
type Event = CrmEventName;
type Status = (typeof DELIVERY_STATUSES)[number];

/** A connection; `signingKey` only from create and rotate (null in every other answer). */
export const toWebhook = (c: WebhookConnection, ws: Workspace, signingKey: string | null = null): z.output<typeof Webhook> => ({
  id: c.id,
  kind: c.kind as Kind,
  url: c.url,
  config: c.config,
  token_set: c.token !== null,
  events: c.events as Event[],
  filter: c.filter,
  active: c.active,
  signing_key: signingKey,
  last_result: c.lastAt ? { status: c.lastStatus, error: c.lastError, ok: c.lastOk ?? false, event: c.lastEvent, at: formatTimestamp(c.lastAt, ws.timezone) } : null,
  created_at: formatTimestamp(c.createdAt, ws.timezone),
  updated_at: formatTimestamp(c.updatedAt, ws.timezone),
});

/** Spec 2.16: one delivery attempt. */
export const toDelivery = (d: DeliveryEntity, ws: Workspace): z.output<typeof WebhookDelivery> => ({
  id: d.id,
  event: d.event,
  status: d.status as Status,
  ok: d.ok,
  http_status: d.httpStatus,
  error: d.error,
  duration_ms: d.durationMs,
  response: d.response,
  resend_of: d.resendOf,
  replay: d.replay,
  webhook_id: d.messageId,
  created_at: formatTimestamp(d.createdAt, ws.timezone),
  finished_at: formatTimestamp(d.finishedAt, ws.timezone),
});
