import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../../../platform/database/unit-of-work';

const FLUSH_EVERY_MS = 5_000;
const MAX_PENDING = 50_000;

/**
 * Last-used time and call count of OAuth grants without a database write per request: each use of an
 * access token adds to an in-memory counter, and every 5 s (and at shutdown, before the data source
 * closes) one statement per workspace adds the counts and moves last_used_at forward. A crash loses at
 * most 5 s of counts.
 */
@Injectable()
export class GrantUsage implements BeforeApplicationShutdown {
  private readonly log = new Logger(GrantUsage.name);
  /** `${workspaceId}:${grantId}` → calls and the latest use. */
  private pending = new Map<string, { workspaceId: number; grantId: number; calls: number; last: number }>();
  private timer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(private readonly uow: UnitOfWork) {}

  record(workspaceId: number, grantId: number): void {
    this.add(workspaceId, grantId, 1, Date.now());
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.closing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  private add(workspaceId: number, grantId: number, calls: number, last: number): void {
    const key = `${workspaceId}:${grantId}`;
    const hit = this.pending.get(key);
    if (hit) {
      hit.calls += calls;
      hit.last = Math.max(hit.last, last);
    } else if (this.pending.size < MAX_PENDING) {
      this.pending.set(key, { workspaceId, grantId, calls, last });
    }
  }

  /** Writes the counted uses (tests call it to skip the wait); what fails to write is kept for the next flush. */
  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const byWs = new Map<number, { ids: number[]; calls: number[]; last: Date[] }>();
    for (const u of batch.values()) {
      const w = byWs.get(u.workspaceId) ?? { ids: [], calls: [], last: [] };
      w.ids.push(u.grantId);
      w.calls.push(u.calls);
      w.last.push(new Date(u.last));
      byWs.set(u.workspaceId, w);
    }
    for (const [workspaceId, w] of byWs) {
      try {
        await this.write(workspaceId, w);
      } catch (e) {
        // kept for the next flush (as ConnectionUsageCounter): a database briefly away loses no uses
        w.ids.forEach((grantId, i) => this.add(workspaceId, grantId, w.calls[i]!, w.last[i]!.getTime()));
        this.log.warn(`grant usage flush failed: ${String(e)}`);
        this.schedule();
      }
    }
  }

  private async write(workspaceId: number, w: { ids: number[]; calls: number[]; last: Date[] }): Promise<void> {
    await this.uow.runDetached(() =>
      this.uow.tenant(workspaceId).sql(
        `UPDATE oauth_grants g SET call_count = g.call_count + u.calls,
                last_used_at = GREATEST(coalesce(g.last_used_at, u.last), u.last)
           FROM unnest($2::int[], $3::int[], $4::timestamptz[]) AS u(id, calls, last)
          WHERE g.workspace_id = $1 AND g.id = u.id`,
        [w.ids, w.calls, w.last],
      ),
    );
  }

  /**
   * The last batch, written before the data source closes: TypeORM destroys it in its module's
   * onApplicationShutdown, which may run before this one's (as ConnectionUsageCounter does).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
