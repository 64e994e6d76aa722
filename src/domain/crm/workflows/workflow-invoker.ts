import { Injectable } from '@nestjs/common';
import { DomainError, invalid, notFound } from '../../../platform/common/errors';
import type { JsonMap } from '../../../platform/database/tenant-entity';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { OpportunitiesService } from '../opportunities';
import { sinceInstant } from '../shared/paging';
import { RunScope, WorkflowActions } from './workflow-actions';
import { WorkflowEngine } from './workflow-engine';
import { step, WorkflowRunner } from './workflow-runner';
import { RunStep, WorkflowRun } from './workflow-run.entity';
import { assertAdmin, isRecordKind, WorkflowsService } from './workflows.service';
import { eventStarts, holds, RECORD_KINDS, RecordKind } from './workflows.rules';

/** At most this many journal events are replayed by one simulation. */
export const SIMULATE_EVENTS = 1000;

export interface SimulatedRun {
  eventId: number | null;
  event: string;
  recordKind: RecordKind;
  recordId: number;
  steps: RunStep[];
}

export interface Simulation {
  since: Date;
  events: number;
  truncated: boolean;
  runs: SimulatedRun[];
}

/**
 * The runs a person asks for: the manual trigger (started and run at once, in the caller's request),
 * and the simulation (the journal's events since a time replayed through the rule, nothing written).
 */
@Injectable()
export class WorkflowInvoker {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly service: WorkflowsService,
    private readonly engine: WorkflowEngine,
    private readonly runner: WorkflowRunner,
    private readonly actions: WorkflowActions,
    private readonly opps: OpportunitiesService,
  ) {}

  /**
   * Runs a manual rule on one record of this workspace now and answers the run as it stands (done, failed or
   * waiting); called inside an open transaction it queues the run (pending) for the engine instead.
   */
  async runManual(auth: UserContext, id: number, recordKind: string, recordId: number): Promise<WorkflowRun> {
    assertAdmin(auth);
    const rule = await this.service.load(auth, id, false);
    if (rule.trigger.kind !== 'manual') throw new DomainError('conflict', `the workflow's trigger is ${rule.trigger.kind}, not manual`);
    if (!rule.enabled) throw new DomainError('conflict', 'the workflow is disabled');
    if (!isRecordKind(recordKind) || recordKind !== rule.trigger.record_kind) throw invalid('record_kind', `must be ${rule.trigger.record_kind} for this workflow`);
    if (!(await this.actions.snapshot(auth.workspace.id, recordKind, recordId))) throw notFound(recordKind);
    // inside a caller's transaction (an MCP write and its audit row) the run is only queued: its steps commit one
    // by one, which a transaction still open around them would not allow (the embedded database has one connection)
    const queued = this.uow.inTransaction;
    const run = await this.uow.run(async () => {
      const [r] = await this.engine.start(auth.workspace.id, [{ rule, triggerKind: 'manual', triggerRef: `user:${auth.user.id}`, eventId: null, eventData: {}, recordKind, recordId, depth: 1 }]);
      // claimed in the same transaction: the engine never takes a run this request runs itself
      if (r && !queued) await this.uow.tenant(auth.workspace.id).update(WorkflowRun, { id: r.id }, { status: 'running', claimedAt: new Date() });
      return r;
    });
    if (!run) throw new DomainError('conflict', 'the workflow was stopped by the storm guard');
    if (queued) return run;
    await this.runner.execute(auth.workspace.id, run.id);
    return this.service.run(auth, run.id);
  }

  /**
   * What the rule would have done on the journal's events since `since` (event and hook triggers; a manual or
   * time rule starts on no event, so it answers no runs): each action described, nothing written, no round
   * robin turn taken for good. It reads the records as they are now, not as they were.
   */
  async simulate(auth: UserContext, id: number, since: string): Promise<Simulation> {
    assertAdmin(auth);
    const rule = await this.service.load(auth, id, false);
    const from = sinceInstant(since.length === 10 ? `${since}T00:00:00` : since, auth.workspace.timezone, 'since');
    const actor = (await this.runner.actor(auth.workspace, rule)) ?? auth;
    const db = this.uow.tenant(auth.workspace.id);
    const rows = await db.sql<{ id: number; event: string; data: JsonMap; record_type: string; record_id: number | null; origin: { hook_id?: number; workflow_id?: number } | null }>(
      `SELECT id, event, data, record_type, record_id, origin FROM outbox_events WHERE workspace_id = $1 AND occurred_at >= $2 ORDER BY txid, id LIMIT $3`,
      [from, SIMULATE_EVENTS + 1],
    );
    const truncated = rows.length > SIMULATE_EVENTS;
    const events = rows.slice(0, SIMULATE_EVENTS);
    const t = rule.trigger;
    const runs: SimulatedRun[] = [];
    const turn = rule.lastAssigneeId;
    for (const e of events) {
      const kind = e.record_type as RecordKind;
      if (e.record_id === null || !(RECORD_KINDS as readonly string[]).includes(kind)) continue;
      if (e.origin?.workflow_id === rule.id) continue;
      const starts = t.kind === 'hook' ? e.origin?.hook_id === t.hook_id : eventStarts(t, e.event, e.data);
      if (!starts) continue;
      const { origin: _o, workflow_id: _w, ...data } = e.data ?? {};
      runs.push({ eventId: e.id, event: e.event, recordKind: kind, recordId: e.record_id, steps: await this.dryRun(actor, rule, kind, e.record_id, data) });
    }
    rule.lastAssigneeId = turn;
    return { since: from, events: events.length, truncated, runs };
  }

  private async dryRun(auth: UserContext, rule: RunScope['rule'], kind: RecordKind, id: number, data: JsonMap): Promise<RunStep[]> {
    const ws = auth.workspace;
    const record = await this.actions.snapshot(ws.id, kind, id);
    if (!record) return [step(ws, 'record', 'record', 'failed', { detail: `the ${kind} ${id} no longer exists` })];
    const scope: RunScope = { auth, rule, kind, id, context: { ...data, record }, dry: true };
    if (!holds(rule.conditions, scope.context)) return [step(ws, 'conditions', 'conditions', 'skipped', { detail: 'the conditions do not hold' })];
    const steps: RunStep[] = [];
    // a failed step ends the run there, as it does live (WorkflowRunner): a branch's actions share its transaction,
    // so one of them failing is the branch's failure, with nothing of the branch kept
    for (const [i, a] of rule.actions.entries()) {
      const path = `actions[${i}]`;
      if (!holds(a.when, scope.context)) steps.push(step(ws, path, a.type, 'skipped', { detail: 'its condition does not hold' }));
      else if (a.type === 'wait') steps.push(step(ws, path, 'wait', 'waiting', { detail: `would wait ${a.minutes} minutes` }));
      else if (a.type === 'branch') {
        const taken = holds(a.if, scope.context) ? 'then' : 'else';
        const inner: RunStep[] = [step(ws, path, 'branch', 'done', { detail: taken })];
        for (const [j, b] of a[taken].entries()) {
          if (b.type === 'branch' || b.type === 'wait') continue;
          const sub = `${path}.${taken}[${j}]`;
          const s = holds(b.when, scope.context) ? await this.describe(scope, sub, b) : step(ws, sub, b.type, 'skipped', { detail: 'its condition does not hold' });
          if (s.outcome === 'failed') return [...steps, { ...s, path, type: 'branch' }];
          inner.push(s);
        }
        steps.push(...inner);
      } else {
        const s = await this.describe(scope, path, a);
        steps.push(s);
        if (s.outcome === 'failed') return steps;
      }
    }
    return steps;
  }

  /**
   * What the action would do; what it could not work out even without writing (a user gone) is its failure. A stage
   * move asks the gates as the live run would (OpportunitiesService.checkStageMove, the check of moveStage without
   * the move): a refusal is the step's failure with the same message a run would record.
   */
  private async describe(scope: RunScope, path: string, a: Parameters<WorkflowActions['perform']>[1]): Promise<RunStep> {
    const ws = scope.auth.workspace;
    try {
      const stage = a.type === 'update_fields' && scope.kind === 'opportunity' ? a.fields.stage : undefined;
      const record = (scope.context.record ?? {}) as JsonMap;
      if (typeof stage === 'string' && stage !== record.stage) {
        await this.opps.checkStageMove(scope.auth, scope.id, { stage });
        return step(ws, path, a.type, 'done', { detail: `would set ${Object.keys((a as { fields: JsonMap }).fields).join(', ')}; the gates allow the move to ${stage}` });
      }
      return step(ws, path, a.type, 'done', await this.actions.perform(scope, a));
    } catch (e) {
      return step(ws, path, a.type, 'failed', { detail: e instanceof DomainError ? `${e.code}: ${e.message}` : e instanceof Error ? e.message : String(e) });
    }
  }
}
