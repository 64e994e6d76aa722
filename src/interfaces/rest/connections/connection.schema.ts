import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { DIRECTORY_ACTIONS } from '../../../domain/identity/user-directory.service';

/** A key of a connection card: never the token, only what recognises it. */
const keyFields = (prefix: string) => ({
  prefix: z.string().meta({ description: `the first characters of the key (${prefix}…), to recognise it` }),
  created_at: f.timestamp(),
  last_used_at: f.timestamp().nullable().meta({ description: 'null when never used' }),
});

// --- SCIM (spec 2.14, 4.11) ---

export const ScimKey = named('ScimKey', z.object(keyFields('scim_')), {
  description: 'The active SCIM key (never the token).',
  example: { prefix: 'scim_AbC1dE2', created_at: '2026-03-02T09:00:00', last_used_at: '2026-11-26T06:00:12' },
});

export const ScimOperation = named(
  'ScimOperation',
  z.object({
    at: f.timestamp(),
    action: z.enum(DIRECTORY_ACTIONS),
    user_name: z.string().meta({ description: 'the userName of the user' }),
    user_id: f.id().nullable(),
    fields: z.array(z.string()).meta({ description: 'the changed attributes (updates only; empty otherwise)' }),
  }),
  { description: 'A provisioning operation of the identity provider.', example: { at: '2026-11-26T06:00:12', action: 'scim_user_updated', user_name: 'ayse@ege.example', user_id: 7, fields: ['department'] } },
);

export const ScimConnectionResponse = named(
  'ScimConnectionResponse',
  z.object({
    ok: f.ok(),
    base_url: z.string().meta({ description: 'the SCIM base URL to enter in the identity provider' }),
    key: ScimKey.nullable().meta({ description: 'the active SCIM key; null when none was created' }),
    operations: z.array(ScimOperation).meta({ description: 'the last 20 provisioning operations, newest first' }),
  }),
  { description: 'The SCIM connection card.' },
);
example(ScimConnectionResponse, {
  ok: true, base_url: 'https://ege.crm.example/api/scim/v2', key: { prefix: 'scim_AbC1dE2', created_at: '2026-03-02T09:00:00', last_used_at: '2026-11-26T06:00:12' },
  operations: [{ at: '2026-11-26T06:00:12', action: 'scim_user_updated', user_name: 'ayse@ege.example', user_id: 7, fields: ['department'] }],
});

export const ScimKeyCreated = named(
  'ScimKeyCreated',
  z.object({
    ok: f.ok(),
    key: z.string().meta({ description: 'the new SCIM key; shown only in this answer. Earlier SCIM keys stop working.' }),
    prefix: z.string(),
    base_url: z.string(),
  }),
  { description: 'A new SCIM key.', example: { ok: true, key: 'scim_AbC1dE2fG3hJ4kL5mN6pQ7rS8tU9vW0x', prefix: 'scim_AbC1dE2', base_url: 'https://ege.crm.example/api/scim/v2' } },
);

// --- ERP (spec 2.9, 4.6) ---

export const ErpKey = named('ErpKey', z.object(keyFields('erp_')), {
  description: 'An active ERP key (never the token).',
  example: { prefix: 'erp_AbC1dE2X', created_at: '2026-03-02T09:00:00', last_used_at: '2026-11-26T09:30:05' },
});

export const ErpQueueError = named(
  'ErpQueueError',
  z.object({
    id: f.id().meta({ description: 'the queue entry' }),
    order_id: f.id(),
    state: z.enum(['waiting', 'failed']).meta({ description: 'waiting: will be listed again; failed: parked after too many attempts' }),
    attempts: f.count(),
    error: z.string().meta({ description: "the ERP's last error" }),
    at: f.timestamp(),
  }),
  { description: 'An order the ERP reported an error for.', example: { id: 77, order_id: 311, state: 'waiting', attempts: 2, error: 'customer C10042 is blocked', at: '2026-11-26T09:30:05' } },
);

export const ErpConnectionResponse = named(
  'ErpConnectionResponse',
  z.object({
    ok: f.ok(),
    base_url: z.string().meta({ description: 'the ERP API base URL' }),
    keys: z.array(ErpKey).meta({ description: 'the active ERP keys, newest first' }),
    queue: z
      .object({
        waiting: f.count().meta({ description: 'waiting to be listed (never claimed, or the claim ran out)' }),
        claimed: f.count().meta({ description: 'claimed by the ERP, claim window running' }),
        retrying: f.count().meta({ description: 'waiting after a failed attempt' }),
        failed: f.count().meta({ description: 'dead letters: rejected by the ERP (`retry: false`) or parked after too many failed attempts (GET …/settings/erp/dead-letters)' }),
        written: f.count().meta({ description: 'written to the ERP' }),
      })
      .meta({ description: 'the order queue by state' }),
    last_poll_at: f.timestamp().nullable().meta({ description: 'when the ERP last polled (a claim or a key use); null when never' }),
    errors: z.array(ErpQueueError).meta({ description: 'entries with an ERP error, newest first (at most 20)' }),
    heartbeat: z
      .object({
        claimed_last_hour: f.count().meta({ description: 'queue entries whose latest claim was in the last hour' }),
        reported_last_hour: f.count().meta({ description: 'queue entries written or made dead letters in the last hour' }),
        oldest_waiting_at: f.timestamp().nullable().meta({ description: 'when the oldest entry still waiting (not written, not dead) was queued; null when none waits' }),
        stalled_since: f
          .timestamp()
          .nullable()
          .meta({ description: 'when the `erp_stalled` webhook event was raised for the current stall (no poll for ERP_STALL_MINUTES while orders wait); null when not stalled (a poll came since)' }),
      })
      .meta({ description: "the connector's heartbeat, read from the queue (no write per poll)" }),
  }),
  { description: 'The ERP connection card.' },
);
example(ErpConnectionResponse, {
  ok: true, base_url: 'https://ege.crm.example/api/erp/v1', keys: [{ prefix: 'erp_AbC1dE2X', created_at: '2026-03-02T09:00:00', last_used_at: '2026-11-26T09:30:05' }],
  queue: { waiting: 3, claimed: 1, retrying: 1, failed: 0, written: 482 }, last_poll_at: '2026-11-26T09:30:05',
  errors: [{ id: 77, order_id: 311, state: 'waiting', attempts: 2, error: 'customer C10042 is blocked', at: '2026-11-26T09:30:05' }],
  heartbeat: { claimed_last_hour: 12, reported_last_hour: 11, oldest_waiting_at: '2026-11-26T09:12:40', stalled_since: null },
});

export const ErpKeyCreated = named(
  'ErpKeyCreated',
  z.object({
    ok: f.ok(),
    key: z.string().meta({ description: 'the new ERP key; shown only in this answer. Earlier ERP keys stop working.' }),
    prefix: z.string(),
    base_url: z.string(),
  }),
  { description: 'A new ERP key.', example: { ok: true, key: 'erp_AbC1dE2XfG3hJ4kL5mN6pQ7rS8tU9vW0', prefix: 'erp_AbC1dE2X', base_url: 'https://ege.crm.example/api/erp/v1' } },
);

export const ErpKeysRevoked = named(
  'ErpKeysRevoked',
  z.object({ ok: f.ok(), revoked: f.count().meta({ description: 'how many ERP keys were revoked' }) }),
  { description: 'The ERP keys are revoked.', example: { ok: true, revoked: 1 } },
);

/** A dead letter of the ERP queue. */
const ErpDeadLetter = named(
  'ErpDeadLetter',
  z.object({
    id: f.id().meta({ description: 'the queue entry id (requeue it with POST /api/v1/settings/erp/dead-letters/{id}/requeue)' }),
    order_id: f.id(),
    ref: z.string().meta({ description: "the order's reference, ORD-<order id>" }),
    reason: z.enum(['rejected', 'attempts']).meta({ description: '`rejected`: the ERP refused the order (`retry: false`); `attempts`: it failed 5 claims' }),
    error: z.string().meta({ description: "the ERP's last error message" }),
    attempts: f.count().meta({ description: 'how many times the entry was claimed' }),
    dead_at: f.timestamp().nullable().meta({ description: 'when it became a dead letter; local time of the workspace' }),
  }),
  { description: 'An ERP queue entry the ERP rejected or that failed too often: fix the data, then requeue it.' },
);

export const ErpDeadLetterList = named(
  'ErpDeadLetterList',
  z.object({
    ok: f.ok(),
    dead_letters: z.array(ErpDeadLetter).max(200).meta({ description: 'newest first, at most 200' }),
    total: f.count().meta({ description: 'how many dead letters there are (requeue all takes every one)' }),
  }),
  {
    description: 'The dead letters of the ERP queue.',
    example: {
      ok: true,
      dead_letters: [{ id: 77, order_id: 311, ref: 'ORD-311', reason: 'rejected', error: 'unknown customer C10042', attempts: 1, dead_at: '2026-11-26T09:30:05' }],
      total: 1,
    },
  },
);

export const ErpRequeued = named(
  'ErpRequeued',
  z.object({ ok: f.ok(), requeued: f.count().meta({ description: 'how many dead letters wait in the queue again' }) }),
  { description: 'Dead letters put back in the ERP queue.', example: { ok: true, requeued: 1 } },
);
