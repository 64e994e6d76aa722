import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { CRM_EVENT_NAMES } from '../../../domain/crm/event-kinds';
import { CONNECTION_KINDS } from '../../../domain/integrations/webhook-connection.entity';
import { FILTER_MATCHES, FILTER_OPS } from '../../../domain/integrations/event-filter';

/** The states of a delivery: queued, claimed by one sender, finished (with or without a 2xx answer). */
export const DELIVERY_STATUSES = ['pending', 'sending', 'done'] as const;

/** The latest result of a connection, shown on its card (spec 6.4 item 3). */
export const WebhookResult = named(
  'WebhookResult',
  z.object({
    status: z.int().nullable().meta({ description: "the receiver's HTTP status; null when there was no answer" }),
    error: z.string().nullable().meta({ description: 'why there was no answer (timeout, refused address, connection error); null when there was one' }),
    ok: z.boolean().meta({ description: 'the receiver answered 2xx' }),
    event: z.string().nullable().meta({ description: 'the event kind delivered (spec 6.1, or `test`)' }),
    at: f.timestamp(),
  }),
  { description: 'The latest delivery result of a connection (spec 6.4).' },
);
export const webhookResultExample = example(WebhookResult, { status: 200, error: null, ok: true, event: 'opp_won', at: '2026-11-26T09:30:04' });

const FilterScalar = z.union([z.string(), z.number(), z.boolean()]).nullable();

/** A connection's filter on the events' `data`. */
export const WebhookFilter = named(
  'WebhookFilter',
  z.object({
    match: z.enum(FILTER_MATCHES).meta({ description: '`all`: every condition holds; `any`: at least one does' }),
    conditions: z
      .array(
        z.object({
          field: z.string().meta({ description: 'dotted path into the event `data`, e.g. `stage`, `owner.id`' }),
          op: z.enum(FILTER_OPS).meta({ description: '`eq` equals, `in` one of, `not` differs from' }),
          value: z.union([FilterScalar, z.array(FilterScalar)]).meta({ description: 'a scalar for `eq` and `not`, a list for `in`' }),
        }),
      )
      .meta({ description: 'one to ten conditions' }),
  }),
  { description: "A filter on the events' `data`: only events that pass it are delivered to the connection." },
);

/** A webhook connection (spec 6): where and what it delivers. */
export const Webhook = named(
  'Webhook',
  z.object({
    id: f.id(),
    kind: z.enum(CONNECTION_KINDS).meta({
      description: '`webhook` (signed JSON, spec 6.2), a chat channel (its own message format, unsigned) or a record-creation product (a record per event through its API; spec 6.5)',
    }),
    url: z.string().meta({ description: "the https:// URL deliveries are POSTed to; for a record-creation kind the product's API root it calls" }),
    config: z
      .record(z.string(), z.string())
      .nullable()
      .meta({ description: "record-creation kinds: the product's target (project, list, base and table, spreadsheet and range, audience); null for the others" }),
    token_set: z.boolean().meta({ description: "record-creation kinds: a product token is stored (it is never shown back); false for the others" }),
    events: z.array(z.enum(CRM_EVENT_NAMES)).meta({ description: 'the subscribed event kinds (spec 6.1)' }),
    filter: WebhookFilter.nullable().meta({ description: 'null: every event of the subscribed kinds is delivered' }),
    active: z.boolean().meta({ description: 'false = paused: no events are delivered (a test still is)' }),
    signing_key: z
      .string()
      .nullable()
      .meta({ description: 'the signing key (spec 6.3), `whsec_` + base64; only in the answers of create and rotate, null in every other answer' }),
    last_result: WebhookResult.nullable().meta({ description: 'null until the first delivery finished' }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: 'An outbound webhook connection (spec 6).' },
);
export const webhookExample = example(Webhook, {
  id: 3,
  kind: 'webhook',
  url: 'https://hooks.example.com/crm',
  config: null,
  token_set: false,
  events: ['opp_created', 'opp_stage', 'customer_created'],
  filter: { match: 'any', conditions: [{ field: 'stage', op: 'in', value: ['Win', 'Negotiation'] }, { field: 'owner.id', op: 'eq', value: 3 }] },
  active: true,
  signing_key: null,
  last_result: webhookResultExample,
  created_at: '2026-10-01T14:12:40',
  updated_at: '2026-10-01T14:12:40',
});

/** Spec 2.16: one attempt to deliver one event to one connection. */
export const WebhookDelivery = named(
  'WebhookDelivery',
  z.object({
    id: f.id(),
    event: z.string().meta({ description: 'the event kind (spec 6.1), or `test`' }),
    status: z.enum(DELIVERY_STATUSES).meta({ description: '`pending` (queued), `sending` (in flight), `done` (finished; see `ok`)' }),
    ok: z.boolean().nullable().meta({ description: 'the receiver answered 2xx; null until `done`' }),
    http_status: z.int().nullable().meta({ description: "the receiver's HTTP status; null when there was no answer (yet)" }),
    error: z.string().nullable().meta({ description: 'why there was no answer (timeout, refused address, connection error); null otherwise' }),
    duration_ms: z.int().nullable().meta({ description: 'how long the attempt took; null until `done`' }),
    response: z.string().meta({ description: "the first bytes of the receiver's answer" }),
    resend_of: f.id().nullable().meta({ description: 'the delivery this one sends again; null for a first attempt' }),
    replay: z.boolean().meta({ description: 'queued by a replay of the connection (`POST /webhooks/{id}/replay`), not by the event itself' }),
    webhook_id: z.string().meta({ description: 'the Standard Webhooks `webhook-id` header: the same for a resend or a replay of the same message' }),
    created_at: f.timestamp(),
    finished_at: f.timestamp().nullable().meta({ description: 'null until `done`' }),
  }),
  { description: 'A webhook delivery (spec 2.16, 6.4): one attempt to deliver one event to one connection.' },
);
export const webhookDeliveryExample = example(WebhookDelivery, {
  id: 1841,
  event: 'opp_won',
  status: 'done',
  ok: true,
  http_status: 200,
  error: null,
  duration_ms: 212,
  response: '{"received":true}',
  resend_of: null,
  replay: false,
  webhook_id: 'msg_5b0c6f0e-8d3e-4a51-9a43-2f1f5f2c7a10',
  created_at: '2026-11-26T09:30:03',
  finished_at: '2026-11-26T09:30:04',
});

export const WebhookResponse = named('WebhookResponse', z.object({ ok: f.ok(), webhook: Webhook }), {
  description: 'One webhook connection.',
  example: { ok: true, webhook: webhookExample },
});
export const WebhookList = named('WebhookList', z.object({ ok: f.ok(), items: z.array(Webhook) }), {
  description: 'All webhook connections of the workspace (at most 50), oldest first.',
  example: { ok: true, items: [webhookExample] },
});
export const WebhookDeliveryResponse = named('WebhookDeliveryResponse', z.object({ ok: f.ok(), delivery: WebhookDelivery }), {
  description: 'One delivery.',
  example: { ok: true, delivery: { ...webhookDeliveryExample, status: 'pending', ok: null, http_status: null, duration_ms: null, response: '', finished_at: null } },
});
export const WebhookDeliveryList = named('WebhookDeliveryList', z.object({ ok: f.ok(), items: z.array(WebhookDelivery) }), {
  description: 'The delivery log of a connection: the latest 200 attempts, newest first.',
  example: { ok: true, items: [webhookDeliveryExample] },
});

export const WebhookReplayResponse = named(
  'WebhookReplayResponse',
  z.object({ ok: f.ok(), queued: z.int().meta({ description: 'how many deliveries were queued (0 when the window holds none)' }) }),
  { description: 'A replay of a connection, queued.', example: { ok: true, queued: 12 } },
);
