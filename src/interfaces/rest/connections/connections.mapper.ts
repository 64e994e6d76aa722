import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { ConnectionView } from '../../../domain/crm/connections';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { ConsoleConnection } from './connections.schema';

export const toConsoleConnection = (c: ConnectionView, ws: Workspace): z.output<typeof ConsoleConnection> => ({
  kind: c.kind,
  id: c.id,
  name: c.name,
  owner: c.owner,
  created_at: formatTimestamp(c.createdAt, ws.timezone),
  last_used_at: formatTimestamp(c.lastUsedAt, ws.timezone),
  requests_24h: c.requests24h,
  errors_24h: c.errors24h,
  scopes: c.scopes,
  state: c.state,
  actions: c.actions,
});
