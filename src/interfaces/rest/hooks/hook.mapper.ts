import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { HookResult, HookView } from '../../../domain/crm/hooks';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { HookAccepted, InboundHook, InboundHookList, InboundHookResponse, InboundHookSecretResponse } from './hook.schema';
import { toUserSummary } from '../../../domain/identity/user.view';

/** `base`: the workspace's configured address (linkBaseOf), never the request's Host. */
export function toInboundHook(v: HookView, ws: Workspace, base: string): z.output<typeof InboundHook> {
  const h = v.hook;
  return {
    id: h.id,
    name: h.name,
    public_key: h.publicKey,
    url: `${base}/hooks/${h.publicKey}`,
    target: h.target,
    object_key: h.objectKey,
    mapping: h.mapping.map((r) => (r.path !== undefined ? { field: r.field, path: r.path } : { field: r.field, value: r.value ?? null })),
    auth_mode: h.authMode,
    secret_hint: h.secretPrefix,
    idempotency_path: h.idempotencyPath,
    owner: v.owner ? toUserSummary(v.owner, ws.app.locale) : null,
    active: h.active,
    per_minute: h.perMinute,
    received: h.received,
    replayed: h.replayed,
    last_received_at: formatTimestamp(h.lastReceivedAt, ws.timezone),
    created_at: formatTimestamp(h.createdAt, ws.timezone),
    updated_at: formatTimestamp(h.updatedAt, ws.timezone),
  };
}

export const toInboundHookResponse = (v: HookView, ws: Workspace, base: string): z.output<typeof InboundHookResponse> => ({ ok: true as const, hook: toInboundHook(v, ws, base) });
export const toInboundHookSecret = (v: HookView, ws: Workspace, base: string): z.output<typeof InboundHookSecretResponse> => ({ ok: true as const, hook: toInboundHook(v, ws, base), secret: v.secret ?? '' });
export const toInboundHookList = (views: HookView[], ws: Workspace, base: string): z.output<typeof InboundHookList> => ({ ok: true as const, items: views.map((v) => toInboundHook(v, ws, base)) });
export const toHookAccepted = (r: HookResult): z.output<typeof HookAccepted> => ({ ok: true as const, kind: r.kind, id: r.id, ...(r.replayed ? { replayed: true } : {}) });
