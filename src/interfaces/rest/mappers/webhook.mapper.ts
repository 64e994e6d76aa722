import { formatTimestamp } from '../../../platform/common/time';
import type { WebhookConnection } from '../../../domain/integrations/webhook-connection.entity';
import type { WebhookDelivery } from '../../../domain/integrations/webhook-delivery.entity';
import type { Workspace } from '../../../domain/workspace/workspace.entity';

export const toWebhook = (c: WebhookConnection, ws: Workspace, signingKey: string | null = null) => ({
  id: c.id,
  kind: c.kind,
  url: c.url,
  events: c.events,
  active: c.active,
  signing_key: signingKey,
  last_result: c.lastAt ? { status: c.lastStatus, error: c.lastError, ok: c.lastOk ?? false, event: c.lastEvent, at: formatTimestamp(c.lastAt, ws.timezone) } : null,
  created_at: formatTimestamp(c.createdAt, ws.timezone),
  updated_at: formatTimestamp(c.updatedAt, ws.timezone),
});

export const toDelivery = (d: WebhookDelivery, ws: Workspace) => ({
  id: d.id,
  event: d.event,
  status: d.status,
  ok: d.ok,
  http_status: d.httpStatus,
  error: d.error,
  duration_ms: d.durationMs,
  response: d.response,
  resend_of: d.resendOf,
  webhook_id: d.messageId,
  created_at: formatTimestamp(d.createdAt, ws.timezone),
  finished_at: formatTimestamp(d.finishedAt, ws.timezone),
});
