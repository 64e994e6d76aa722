import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { GrantView } from '../../../domain/identity/oauth/oauth.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { AppConnection, AppConnectionList } from './app.schema';
import { listResponse } from '../shared/common.mapper';

export function toAppConnection(v: GrantView, ws: Workspace): z.output<typeof AppConnection> {
  const g = v.grant;
  return {
    id: g.id,
    app_name: g.clientName,
    client_id: g.clientId,
    scope: g.scopes.join(' '),
    scope_words: v.scopeWords,
    created_at: formatTimestamp(g.createdAt, ws.timezone),
    last_used_at: formatTimestamp(g.lastUsedAt, ws.timezone),
    call_count: g.callCount,
  };
}

export const toAppConnectionList = (page: { items: GrantView[]; nextCursor: string | null }, ws: Workspace): z.output<typeof AppConnectionList> =>
  listResponse(
    page.items.map((g) => toAppConnection(g, ws)),
    page.nextCursor,
  );
