import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { AUTH_MODES, HOOK_TARGETS } from '../../../domain/crm/hooks/hooks.rules';
import { UserSummary, userSummaryExample } from '../shared/common.schema';

export const HookMappingRow = named(
  'HookMappingRow',
  z.object({
    field: z.string().meta({ description: "a field of the target's REST create body" }),
    path: z.string().optional().meta({ description: 'JSON path into the payload (`data.email`, `answers[0].text`)' }),
    value: z.union([z.string(), z.number(), z.boolean()]).nullable().optional().meta({ description: 'a constant instead of a path' }),
  }),
  { description: 'One row of an inbound hook\'s mapping: the field gets the value at `path`, or the constant `value`.', example: { field: 'email', path: 'data.email' } },
);

/** An inbound hook (beyond the spec: docs/decisions/inbound-hooks.md). */
export const InboundHook = named(
  'InboundHook',
  z.object({
    id: f.id(),
    name: z.string(),
    public_key: z.string().meta({ description: 'the key in the hook\'s public path' }),
    url: z.string().meta({ description: 'POST deliveries here: `/hooks/<public_key>` on the workspace\'s configured address' }),
    target: z.enum(HOOK_TARGETS).meta({ description: "the kind of record each delivery creates (`object`: a record of the custom object `object_key`)" }),
    object_key: z.string().meta({ description: "the custom object's key for target `object`; empty otherwise" }),
    mapping: z.array(HookMappingRow),
    auth_mode: z.enum(AUTH_MODES).meta({ description: '`bearer`: `Authorization: Bearer <secret>`; `signature`: Standard Webhooks headers' }),
    secret_hint: z.string().meta({ description: 'the first characters of the secret, to tell secrets apart (the secret itself is shown once)' }),
    idempotency_path: z.string().meta({ description: "JSON path of the payload's idempotency key; empty: the `webhook-id` header only" }),
    owner: UserSummary.nullable().meta({ description: 'the user the records are created as' }),
    active: z.boolean().meta({ description: 'an inactive hook answers 404' }),
    per_minute: f.count().meta({ description: 'requests a minute the hook takes (429 beyond)' }),
    received: f.count().meta({ description: 'records created' }),
    replayed: f.count().meta({ description: 'repeated idempotency keys answered without writing' }),
    last_received_at: f.timestamp().nullable().meta({ description: 'local time of the last accepted delivery; null before the first' }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: 'An inbound hook: JSON posted to its URL becomes a record of its target kind.' },
);
export const inboundHookExample = example(InboundHook, {
  id: 4, name: 'Typeform: trial sign-ups', public_key: 'q7Lr0d3xWm2YtB9kP1sZ8a', url: 'https://crm.ege.example/hooks/q7Lr0d3xWm2YtB9kP1sZ8a', target: 'lead', object_key: '',
  mapping: [{ field: 'company', path: 'form_response.answers[0].text' }, { field: 'email', path: 'form_response.answers[1].email' }, { field: 'note', value: 'From the website' }],
  auth_mode: 'signature', secret_hint: 'whsec_Mfk2a', idempotency_path: 'event_id', owner: userSummaryExample, active: true, per_minute: 60, received: 37, replayed: 2,
  last_received_at: '2026-11-28T16:02:11', created_at: '2026-11-20T09:00:00', updated_at: '2026-11-20T09:00:00',
});

export const InboundHookResponse = named('InboundHookResponse', z.object({ ok: f.ok(), hook: InboundHook }), { description: 'One inbound hook.', example: { ok: true, hook: inboundHookExample } });
export const InboundHookSecretResponse = named(
  'InboundHookSecretResponse',
  z.object({ ok: f.ok(), hook: InboundHook, secret: z.string().meta({ description: 'shown this once: a bearer token (`hk_…`) or a Standard Webhooks key (`whsec_…`)' }) }),
  { description: 'An inbound hook and its new secret, shown once.', example: { ok: true, hook: inboundHookExample, secret: 'whsec_Mfk2aQ0v9r7Jm3kS1Zb8yXw4Tn6Pq2Lr5Vd0Hc7Ge3A=' } },
);
export const InboundHookList = named('InboundHookList', z.object({ ok: f.ok(), items: z.array(InboundHook) }), {
  description: "The workspace's inbound hooks by name (not paged; at most 50).",
  example: { ok: true, items: [inboundHookExample] },
});

export const HookAccepted = named(
  'HookAccepted',
  z.object({
    ok: f.ok(),
    kind: z.enum(HOOK_TARGETS).meta({ description: 'the kind of record' }),
    id: f.id().meta({ description: 'the id of the record created (or created by the first delivery with this idempotency key)' }),
    replayed: z.boolean().optional().meta({ description: 'true when the idempotency key was seen before: nothing was written' }),
  }),
  { description: 'The delivery was accepted.', example: { ok: true, kind: 'lead', id: 812 } },
);
