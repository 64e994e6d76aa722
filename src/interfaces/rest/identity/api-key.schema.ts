import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';

/** One of the caller's API keys (GET /api/v1/api-keys): never the secret, only its first characters. */
export const ApiKeyItem = named(
  'ApiKeyItem',
  z.object({
    id: f.id(),
    name: z.string().meta({ description: 'the name given at creation (what uses the key)' }),
    prefix: z.string().meta({ description: 'the first characters of the key, to recognise it' }),
    created_at: f.timestamp(),
    last_used_at: f.timestamp().nullable().meta({ description: 'null when never used' }),
  }),
  { description: "An API key of the caller (`sk_…`: acts as the caller with crm.read and crm.write).", example: { id: 7, name: 'Nightly export', prefix: 'sk_3f9a1c2b7d', created_at: '2026-11-26T09:30:00', last_used_at: null } },
);

export const ApiKeyList = named(
  'ApiKeyList',
  z.object({
    ok: f.ok(),
    items: z.array(ApiKeyItem).meta({ description: 'live keys, newest first' }),
    max: z.number().int().meta({ description: 'how many live keys a user may hold at once' }),
  }),
  { description: "The caller's live API keys." },
);
example(ApiKeyList, { ok: true, items: [{ id: 7, name: 'Nightly export', prefix: 'sk_3f9a1c2b7d', created_at: '2026-11-26T09:30:00', last_used_at: null }], max: 50 });

export const ApiKeyCreated = named(
  'ApiKeyCreated',
  z.object({ ok: f.ok(), key: ApiKeyItem, token: z.string().meta({ description: 'the key itself (`sk_…`): in this answer only, the service keeps its hash' }) }),
  { description: 'A new API key; its secret is shown this once.' },
);
example(ApiKeyCreated, { ok: true, key: { id: 7, name: 'Nightly export', prefix: 'sk_3f9a1c2b7d', created_at: '2026-11-26T09:30:00', last_used_at: null }, token: 'sk_3f9a1c2b7d…' });

export const OtherSessionsRevoked = named(
  'OtherSessionsRevoked',
  z.object({ ok: f.ok(), revoked: z.number().int().meta({ description: 'how many sessions were signed out' }) }),
  { description: "Every other session of the caller signed out.", example: { ok: true, revoked: 2 } },
);
