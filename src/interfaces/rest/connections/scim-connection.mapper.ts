import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { AuditLog } from '../../../platform/outbox/audit-log.entity';
import type { Credential } from '../../../domain/identity/credential.entity';
import type { DIRECTORY_ACTIONS } from '../../../domain/identity/user-directory.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { ScimConnectionResponse } from './connection.schema';

export function toScimConnection(r: { key: Credential | null; operations: AuditLog[] }, baseUrl: string, ws: Workspace): z.output<typeof ScimConnectionResponse> {
  return {
    ok: true,
    base_url: baseUrl,
    key: r.key ? { prefix: r.key.prefix, created_at: formatTimestamp(r.key.createdAt, ws.timezone), last_used_at: formatTimestamp(r.key.lastUsedAt, ws.timezone) } : null,
    operations: r.operations.map((a) => ({
      at: formatTimestamp(a.at, ws.timezone),
      // the service reads only these actions
      action: a.action as (typeof DIRECTORY_ACTIONS)[number],
      user_name: a.subject,
      user_id: typeof a.detail?.user_id === 'number' ? a.detail.user_id : null,
      fields: Array.isArray(a.detail?.fields) ? (a.detail.fields as unknown[]).filter((f): f is string => typeof f === 'string') : [],
    })),
  };
}
