import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { todayIn } from '../../../platform/common/time';
import type { JsonMap } from '../../../platform/database/tenant-entity';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { WorkspaceService } from '../../workspace/workspace.service';
import { claimRuns, cursorWorkspaces, timeWorkspaces } from './workflow-claim';
import { WorkflowRunner } from './workflow-runner';
import { Workflow } from './workflow.entity';
import { WorkflowRun } from './workflow-run.entity';
import { eventStarts, originAllows, RECORD_KINDS, RecordKind, STORM_PER_MINUTE, Trigger } from './workflows.rules';

const EVENT_BATCH = 500;
const RUN_BATCH = 50;
const TIME_BATCH = 200;

interface EventRow {
  xmin: string;
  id: number | null;
  txid: string;
  event: string;
  data: JsonMap;
  record_type: string;
  record_id: number | null;
  origin: { workflow_id?: number; run_id?: number; depth?: number; hook_id?: number } | null;
  occurred_at: Date;
}

/** One statement: the watermark and the events after the cursor below it (the journal's order; docs/decisions/webhooks-and-events.md). */
const EVENTS_SQL = `
  WITH w AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin)
  SELECT w.xmin::text AS xmin, e.id, e.txid::text AS txid, e.event, e.data, e.record_type, e.record_id, e.origin, e.occurred_at
    FROM w LEFT JOIN LATERAL (
      SELECT e.id, e.txid, e.event, e.data, e.record_type, e.record_id, e.origin, e.occurred_at FROM outbox_events e
       WHERE e.workspace_id = $1 AND (e.txid, e.id) > ($2::bigint, $3::int) AND e.txid < w.xmin
       ORDER BY e.txid, e.id LIMIT $4) e ON true
   ORDER BY e.txid, e.id`;

/** A run to start. */
export interface NewRun {
  rule: Workflow;
  triggerKind: string;
  triggerRef: string;
  eventId: number | null;
  eventData: JsonMap;
  recordKind: RecordKind;
  recordId: number;
  depth: number;
}

/**
 * The workflow engine (docs/decisions/workflows.md), off the request path: each round it
 * 1. reads each workspace's new outbox events after its cursor (locked for the round: one instance reads a
 *    workspace at a time), starts a run of every enabled rule whose trigger matches (not the rule's own
 *    change, not beyond depth 3, not a rule over the storm limit) and moves the cursor, in one transaction;
 * 2. fires time rules for records past their date, once per record and rule version;
 * 3. claims due runs (pending, waiting past their time, or under an expired lease) and runs them.
 */
@Injectable()
export class WorkflowEngine implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('WorkflowEngine');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private lastTime = 0;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly runner: WorkflowRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.workflowWorker) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.round()
        .catch((e) => this.log.error(`workflow round failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`))
        .finally(() => (this.running = null));
    }, this.config.workflowPollMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round: events, time rules (at most once a minute unless `time`), due runs. Returns the runs executed. */
  async round(opts: { time?: boolean } = {}): Promise<number> {
    for (const ws of await this.uow.runDetached(() => cursorWorkspaces(this.uow))) {
      while ((await this.ingest(ws)) === EVENT_BATCH);
    }
    if (opts.time || Date.now() - this.lastTime >= 60_000) {
      this.lastTime = Date.now();
      for (const ws of await this.uow.runDetached(() => timeWorkspaces(this.uow))) await this.fireTime(ws);
    }
    let done = 0;
    for (;;) {
      const claimed = await claimRuns(this.uow, RUN_BATCH, this.config.workflowLeaseSeconds);
      for (const r of claimed) await this.runner.execute(r.workspaceId, r.id).catch((e) => this.log.error(`run ${r.id}: ${String(e)}`));
      done += claimed.length;
      if (claimed.length < RUN_BATCH) return done;
    }
  }

  /** Reads one batch of a workspace's events after its cursor; returns how many events it read. */
  async ingest(wsId: number): Promise<number> {
    const db = this.uow.tenant(wsId);
    return this.uow.runDetached(async () => {
      const [cursor] = await db.sql<{ txid: string; event_id: number }>(`SELECT txid::text AS txid, event_id FROM workflow_cursors WHERE workspace_id = $1 FOR UPDATE SKIP LOCKED`);
      if (!cursor) return 0;
      const rows = await db.sql<EventRow>(EVENTS_SQL, [cursor.txid, cursor.event_id, EVENT_BATCH]);
      const events = rows.filter((r) => r.id !== null);
      const rules = await db.find(Workflow, { where: { enabled: true } });
      const listening = rules.filter((r) => r.triggerKind === 'event' || r.triggerKind === 'hook');
      const starts: NewRun[] = [];
      for (const e of events) {
        const kind = e.record_type as RecordKind;
        if (e.record_id === null || !(RECORD_KINDS as readonly string[]).includes(kind)) continue;
        for (const rule of listening) {
          // a rule acts on events after it was enabled or changed, not on what was waiting in the outbox
          if (e.occurred_at < rule.updatedAt) continue;
          if (!triggerMatches(rule.trigger, e)) continue;
          const allowed = originAllows(rule.id, e.origin);
          if (!allowed.ok) continue;
          starts.push({ rule, triggerKind: rule.triggerKind, triggerRef: rule.trigger.kind === 'hook' ? `hook:${rule.trigger.hook_id}` : e.event, eventId: e.id, eventData: stripOrigin(e.data), recordKind: kind, recordId: e.record_id, depth: allowed.depth });
        }
      }
      await this.start(wsId, starts);
      const last = events[events.length - 1];
      const next = events.length === EVENT_BATCH ? { txid: last!.txid, id: last!.id! } : laterOf({ txid: cursor.txid, id: cursor.event_id }, { txid: rows[0]!.xmin, id: 0 });
      await db.sql(`UPDATE workflow_cursors SET txid = $2::bigint, event_id = $3 WHERE workspace_id = $1`, [next.txid, next.id]);
      return events.length;
    });
  }

  /**
   * Inserts runs, after the storm guard: a rule that would pass STORM_PER_MINUTE runs in the last minute
   * is disabled with the reason shown on it, and none of its runs start. In the caller's transaction.
   */
  async start(wsId: number, starts: NewRun[]): Promise<WorkflowRun[]> {
    if (!starts.length) return [];
    const db = this.uow.tenant(wsId);
    const byRule = new Map<number, NewRun[]>();
    for (const s of starts) byRule.set(s.rule.id, [...(byRule.get(s.rule.id) ?? []), s]);
    const out: WorkflowRun[] = [];
    for (const [ruleId, list] of byRule) {
      const [{ n }] = (await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM workflow_runs WHERE workspace_id = $1 AND workflow_id = $2 AND created_at > now() - interval '1 minute'`, [ruleId])) as [{ n: number }];
      if (n + list.length > STORM_PER_MINUTE) {
        const reason = `stopped by the storm guard: more than ${STORM_PER_MINUTE} runs in one minute (${n + list.length})`;
        await db.update(Workflow, { id: ruleId }, { enabled: false, disabledReason: reason });
        this.log.warn(`workflow ${ruleId} of workspace ${wsId}: ${reason}`);
        continue;
      }
      for (const s of list) {
        out.push(
          await db.save(
            WorkflowRun,
            db.create(WorkflowRun, {
              workflowId: s.rule.id, version: s.rule.version, triggerKind: s.triggerKind, triggerRef: s.triggerRef, eventId: s.eventId, eventData: s.eventData,
              recordKind: s.recordKind, recordId: s.recordId, depth: s.depth, status: 'pending', steps: [], nextStep: 0, attempts: 0, dueAt: null, claimedAt: null, error: '', finishedAt: null,
            }),
          ),
        );
      }
    }
    return out;
  }

  /** Time rules of one workspace: records past their date that this rule version has not fired for. */
  async fireTime(wsId: number): Promise<void> {
    const [ws] = await this.workspaces.byIds([wsId]);
    if (!ws) return;
    const db = this.uow.tenant(wsId);
    await this.uow.runDetached(async () => {
      const rules = (await db.find(Workflow, { where: { enabled: true, triggerKind: 'time' } })).filter((r) => r.trigger.kind === 'time');
      const today = todayIn(ws.timezone);
      const starts: NewRun[] = [];
      for (const rule of rules) {
        const t = rule.trigger as Extract<Trigger, { kind: 'time' }>;
        const ids = await db.sql<{ id: number }>(timeSql(t.watch), [rule.id, rule.version, today, t.days, t.watch === 'task_overdue' ? ws.constants.task_closed_statuses : (t.stage ?? '-'), TIME_BATCH]);
        for (const { id } of ids) starts.push({ rule, triggerKind: 'time', triggerRef: t.watch, eventId: null, eventData: {}, recordKind: t.watch === 'task_overdue' ? 'task' : 'opportunity', recordId: id, depth: 1 });
      }
      const runs = await this.start(wsId, starts);
      for (const r of runs) await db.sql(`INSERT INTO workflow_fired (workspace_id, workflow_id, version, record_id) SELECT $1, $2, $3, $4
           WHERE NOT EXISTS (SELECT 1 FROM workflow_fired WHERE workspace_id = $1 AND workflow_id = $2 AND version = $3 AND record_id = $4) ON CONFLICT DO NOTHING`, [r.workflowId, r.version, r.recordId]);
    });
  }
}

/** $1 workspace, $2 rule, $3 version, $4 today (local date), $5 days, $6 closed task statuses or the stage, $7 limit. */
function timeSql(watch: string): string {
  const notFired = (alias: string) => `NOT EXISTS (SELECT 1 FROM workflow_fired f WHERE f.workspace_id = $1 AND f.workflow_id = $2 AND f.version = $3 AND f.record_id = ${alias}.id)`;
  switch (watch) {
    case 'task_overdue':
      return `SELECT t.id FROM tasks t WHERE t.workspace_id = $1 AND NOT t.is_sample AND t.due_date IS NOT NULL AND t.due_date <= $4::date - $5::int
                AND NOT (t.status = ANY($6::varchar[])) AND ${notFired('t')} ORDER BY t.id LIMIT $7`;
    case 'opportunity_past_close':
      return `SELECT o.id FROM opportunities o WHERE o.workspace_id = $1 AND NOT o.is_sample AND o.is_open AND o.close_date <= $4::date - $5::int
                AND $6::text IS NOT NULL AND ${notFired('o')} ORDER BY o.id LIMIT $7`;
    default:
      return `SELECT o.id FROM opportunities o WHERE o.workspace_id = $1 AND NOT o.is_sample AND o.is_open AND o.stage = $6::text
                AND o.stage_changed_at <= now() - make_interval(days => $5::int) AND $4::date IS NOT NULL AND ${notFired('o')} ORDER BY o.id LIMIT $7`;
  }
}

function triggerMatches(t: Trigger, e: EventRow): boolean {
  if (t.kind === 'hook') return e.origin?.hook_id === t.hook_id;
  return eventStarts(t, e.event, e.data);
}

/** The run's context is the event as a reader saw it, minus the origin stamp of the change. */
function stripOrigin(data: JsonMap): JsonMap {
  const { origin: _o, workflow_id: _w, ...rest } = data ?? {};
  return rest;
}

function laterOf(a: { txid: string; id: number }, b: { txid: string; id: number }): { txid: string; id: number } {
  const ta = BigInt(a.txid);
  const tb = BigInt(b.txid);
  return ta > tb || (ta === tb && a.id >= b.id) ? a : b;
}
