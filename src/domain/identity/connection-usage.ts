import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { PeriodicJob } from '../../platform/common/periodic-job';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import type { CredentialKind } from './credential.entity';
import type { UsageSubject } from './connection-usage.entity';

const HOUR_MS = 3_600_000;
const MAX_PENDING = 50_000;

/**
 * An error in the connections console: any 5xx, and any 4xx but 404 (a 404 is the answer "no such
 * record, or not yours", which a healthy client gets while it syncs). 401 for an unknown, revoked or
 * expired token is not attributed: the credential is not known then.
 */
export const isUsageError = (status: number): boolean => status >= 500 || (status >= 400 && status !== 404);

/** The subject a credential's calls count for: an OAuth access token counts for its grant; sessions and refresh tokens are not counted. */
export function usageSubjectOf(c: { id: number; kind: CredentialKind; grantId: number | null }): { subject: UsageSubject; id: number } | null {
  if (c.kind === 'oauth') return c.grantId === null ? null : { subject: 'grant', id: c.grantId };
  if (c.kind === 'api' || c.kind === 'erp' || c.kind === 'scim') return { subject: 'credential', id: c.id };
  return null;
}

interface Bucket {
  workspaceId: number;
  subject: UsageSubject;
  subjectId: number;
  hour: number;
  requests: number;
  errors: number;
}

/**
 * Requests and errors per credential per hour, without a database write per request: each finished
 * request adds to an in-memory bucket of this instance, and every USAGE_FLUSH_MS (30 s) and at shutdown (before the
 * data source closes)
 * one upsert per workspace adds the buckets to `connection_usage` (the unique bucket key adds the counts
 * of every instance together). A crash loses at most one interval of counts.
 */
@Injectable()
export class ConnectionUsageCounter implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(ConnectionUsageCounter.name);
  private pending = new Map<string, Bucket>();
  private readonly job = new PeriodicJob(
    () => this.flush(),
    (e) => this.log.warn(`usage flush failed: ${String(e)}`),
  );

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start(this.config.usageFlushMs);
  }

  /** One finished request of a credential, with its HTTP status. */
  record(workspaceId: number, subject: UsageSubject, subjectId: number, status: number, now = Date.now()): void {
    this.add(workspaceId, subject, subjectId, Math.floor(now / HOUR_MS) * HOUR_MS, 1, isUsageError(status) ? 1 : 0);
  }

  private add(workspaceId: number, subject: UsageSubject, subjectId: number, hour: number, requests: number, errors: number): void {
    const key = `${workspaceId}:${subject}:${subjectId}:${hour}`;
    let b = this.pending.get(key);
    if (!b) {
      if (this.pending.size >= MAX_PENDING) return;
      b = { workspaceId, subject, subjectId, hour, requests: 0, errors: 0 };
      this.pending.set(key, b);
    }
    b.requests += requests;
    b.errors += errors;
  }

  /** Writes the counted buckets: one upsert per workspace (tests call it to skip the wait). */
  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const byWs = new Map<number, Bucket[]>();
    for (const b of batch.values()) byWs.set(b.workspaceId, [...(byWs.get(b.workspaceId) ?? []), b]);
    for (const [workspaceId, buckets] of byWs) {
      try {
        await this.write(workspaceId, buckets);
      } catch (e) {
        // kept for the next flush: a database that is briefly away loses no counts
        for (const b of buckets) this.add(b.workspaceId, b.subject, b.subjectId, b.hour, b.requests, b.errors);
        this.log.warn(`usage flush failed: ${String(e)}`);
      }
    }
  }

  private async write(workspaceId: number, buckets: Bucket[]): Promise<void> {
    await this.uow.runDetached(() =>
        this.uow.tenant(workspaceId).sql(
          `INSERT INTO connection_usage (workspace_id, subject, subject_id, hour, requests, errors)
           SELECT $1, u.subject, u.subject_id, u.hour, u.requests, u.errors
             FROM unnest($2::varchar[], $3::int[], $4::timestamptz[], $5::int[], $6::int[]) AS u(subject, subject_id, hour, requests, errors)
           ON CONFLICT (workspace_id, subject, subject_id, hour)
           DO UPDATE SET requests = connection_usage.requests + excluded.requests, errors = connection_usage.errors + excluded.errors
            WHERE connection_usage.workspace_id = $1`,
          [buckets.map((b) => b.subject), buckets.map((b) => b.subjectId), buckets.map((b) => new Date(b.hour)), buckets.map((b) => b.requests), buckets.map((b) => b.errors)],
        ),
      );
  }

  /** Before the data source closes (TypeORM destroys it in onApplicationShutdown): the last counts are written. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.job.stop();
    await this.flush();
  }
}
