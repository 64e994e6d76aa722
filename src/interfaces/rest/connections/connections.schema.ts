import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { CONNECTION_CONSOLE_KINDS, CONNECTION_STATES } from '../../../domain/crm/connections';

const kind = z.enum(CONNECTION_CONSOLE_KINDS).meta({
  description: '`app`: an OAuth grant of one user (an MCP client or any other OAuth app); `api_key`; `erp` and `scim`: their keys; `webhook`; `chat` (Slack, Teams, Google Chat, Discord, Telegram)',
});

/** One row of the connections console. */
export const ConsoleConnection = named(
  'ConsoleConnection',
  z.object({
    kind,
    id: f.id().meta({ description: 'the id within its kind (grant, credential or webhook connection id)' }),
    name: z.string().meta({ description: "the app's name, the key's name and prefix, or the webhook URL" }),
    owner: z.object({ id: f.id(), name: z.string() }).nullable().meta({ description: 'the user it belongs to (or who created the webhook); null for ERP and SCIM keys' }),
    created_at: f.timestamp(),
    last_used_at: f.timestamp().nullable().meta({ description: 'last request with it (keys: up to 1 minute behind) or last webhook delivery; null when never used' }),
    requests_24h: f.count().meta({ description: 'requests in the last 24 hours (hourly buckets; up to USAGE_FLUSH_MS behind); webhooks and chat: deliveries' }),
    errors_24h: f.count().meta({ description: 'of those, answered 5xx or 4xx other than 404; webhooks and chat: failed deliveries' }),
    scopes: z.array(z.string()).meta({ description: 'granted scopes; webhooks and chat: the subscribed events' }),
    state: z.enum(CONNECTION_STATES).meta({ description: 'revoked (or a paused webhook), idle (no request in 24 h), failing (errors ≥ 10 % of requests, or the latest delivery failed), healthy' }),
    actions: z.array(z.enum(['revoke', 'rotate'])).meta({ description: 'what the caller can do with it here' }),
  }),
  { description: 'A connection of the workspace with its use over the last 24 hours.' },
);
const rowExample = example(ConsoleConnection, {
  kind: 'app', id: 6, name: 'Claude', owner: { id: 3, name: 'Dana Example' }, created_at: '2026-11-02T09:12:40', last_used_at: '2026-11-26T08:55:02',
  requests_24h: 314, errors_24h: 2, scopes: ['crm.read', 'crm.write'], state: 'healthy', actions: ['revoke'],
});

export const ConsoleConnectionList = named('ConsoleConnectionList', z.object({ ok: f.ok(), items: z.array(ConsoleConnection) }), {
  description: 'Every connection the caller may see, by kind.',
});
example(ConsoleConnectionList, { ok: true, items: [rowExample] });

export const ConsoleConnectionRevoked = named('ConsoleConnectionRevoked', z.object({ ok: f.ok(), connection: ConsoleConnection }), {
  description: 'The connection, now revoked.',
});
example(ConsoleConnectionRevoked, { ok: true, connection: { ...rowExample, state: 'revoked', actions: [] } });

export const ConsoleConnectionRotated = named(
  'ConsoleConnectionRotated',
  z.object({
    ok: f.ok(),
    kind,
    secret: z.string().meta({ description: 'the new key (ERP, SCIM) or signing key (webhook), in this answer only' }),
    prefix: z.string().nullable().meta({ description: 'the new key’s prefix as lists show it; null for a signing key' }),
  }),
  { description: 'A rotated key, shown once.' },
);
example(ConsoleConnectionRotated, { ok: true, kind: 'erp', secret: 'erp_3q2-7wEvDXjRxF0Q1B5GkU8sZ9mYc4tNaLpHhJbVeKo', prefix: 'erp_3q2-7wEv' });
