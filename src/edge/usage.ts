import type { Response } from 'express';
import type { CrmRequest } from './crm-request';
import type { Credential } from '../domain/identity/credential.entity';
import { ConnectionUsageCounter, usageSubjectOf } from '../domain/identity/connection-usage';

const counted = new WeakSet<CrmRequest>();

/**
 * Counts this request for its credential once it has finished (its status decides whether it was an
 * error): in memory only, the counter flushes in the background. Called where the bearer is resolved
 * (the limit middleware, the guard); a request counts once.
 */
export function countUsage(counter: ConnectionUsageCounter, req: CrmRequest, res: Response, credential: Pick<Credential, 'id' | 'kind' | 'grantId' | 'workspaceId'>): void {
  if (counted.has(req)) return;
  const s = usageSubjectOf(credential);
  if (!s) return;
  counted.add(req);
  res.once('finish', () => counter.record(credential.workspaceId, s.subject, s.id, res.statusCode));
}
