import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../../platform/common/errors';
import { formatTimestamp } from '../../../platform/common/time';
import type { JsonMap } from '../../../platform/database/tenant-entity';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import type { Workspace } from '../../workspace/workspace.entity';
import { WorkspaceService } from '../../workspace/workspace.service';
import { ActionResult, RunScope, WorkflowActions } from './workflow-actions';
import { Workflow, WorkflowVersion } from './workflow.entity';
import { RunStep, StepOutcome, WorkflowRun } from './workflow-run.entity';
import { Action, Definition, holds, isRemote, RecordKind, retryDelayMinutes } from './workflows.rules';

/** One step's outcome, ready for the run's list. */
export function step(ws: Workspace, path: string, type: string, outcome: StepOutcome, r: Partial<ActionResult> & { detail: string }): RunStep {
  return {
    path,
    type,
    outcome,
    detail: r.detail.slice(0, 300),
    ...(r.recordKind ? { record_kind: r.recordKind } : {}),
    ...(r.recordId ? { record_id: r.recordId } : {}),
    ...(r.userId ? { user_id: r.userId } : {}),
    at: formatTimestamp(new Date(), ws.timezone),
  };
}

/**
 * Runs a claimed run from its next step: the rule's conditions first, then each action in its own
 * transaction with the run's progress (so a crash repeats at most the step in flight), every change
 * under the origin `workflow` (UnitOfWork.withOrigin: the events it raises name the rule, and carry the
 * depth the engine reads back). A refusal (DomainError: a gate, a missing record) fails the run at that
 * step; any other error (the target unreachable) is retried with backoff, then fails.
 */
@Injectable()
export class WorkflowRunner {
  private readonly log = new Logger('WorkflowRunner');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly actions: WorkflowActions,
  ) {}

  /** The admin a rule acts as: its author while an active admin, else the workspace's first active admin. */
  async actor(ws: Workspace, rule: Workflow): Promise<UserContext | null> {
    const db = this.uow.tenant(ws.id);
    let user = await db.byId(User, rule.createdById);
    if (!user?.active || user.role !== 'admin') user = await db.findOne(User, { where: { role: 'admin', active: true }, order: { id: 'ASC' } });
    if (!user) return null;
    const modules = this.workspaces.licensedModules(ws).filter((m) => user.modules.includes(m));
    return { workspace: ws, user, credential: { id: 0, kind: 'session', scopes: ['crm.read', 'crm.write'] }, modules };
  }

  /** The definition a run names (its version), or the rule's own when the version row is missing. */
  async definition(ws: Workspace, rule: Workflow, version: number): Promise<Definition> {
    if (version === rule.version) return { trigger: rule.trigger, conditions: rule.conditions, actions: rule.actions };
    const v = await this.uow.tenant(ws.id).findOne(WorkflowVersion, { where: { workflowId: rule.id, version } });
    return v ? v.definition : { trigger: rule.trigger, conditions: rule.conditions, actions: rule.actions };
  }

  async context(ws: Workspace, kind: RecordKind, id: number, eventData: JsonMap): Promise<JsonMap> {
    return { ...eventData, record: (await this.actions.snapshot(ws.id, kind, id)) ?? {} };
  }

  /** Executes run `id` of workspace `wsId` (claimed: status running). */
  async execute(wsId: number, id: number): Promise<void> {
    const [ws] = await this.workspaces.byIds([wsId]);
    const db = this.uow.tenant(wsId);
    const run = await db.byId(WorkflowRun, id);
    if (!ws || !run) return;
    const rule = await db.byId(Workflow, run.workflowId);
    if (!rule) return this.finish(ws, run, 'failed', 'the workflow was deleted');
    const auth = await this.actor(ws, rule);
    if (!auth) return this.finish(ws, run, 'failed', 'no active admin to act as');
    const def = await this.definition(ws, rule, run.version);
    const kind = run.recordKind as RecordKind;
    const record = await this.actions.snapshot(ws.id, kind, run.recordId);
    if (!record) return this.finish(ws, run, 'failed', `the ${kind} ${run.recordId} no longer exists`);
    const scope: RunScope = { auth, rule, kind, id: run.recordId, context: { ...run.eventData, record }, dry: false };
    if (run.nextStep === 0 && run.steps.length === 0 && !holds(def.conditions, scope.context)) {
      run.steps.push(step(ws, 'conditions', 'conditions', 'skipped', { detail: 'the conditions do not hold' }));
      return this.finish(ws, run, 'done', '');
    }
    const origin = { data: { origin: 'workflow', workflow_id: rule.id }, meta: { workflow_id: rule.id, run_id: run.id, depth: run.depth } };
    for (let i = run.nextStep; i < def.actions.length; i++) {
      const a = def.actions[i]!;
      const path = `actions[${i}]`;
      if (a.type === 'wait' && holds(a.when, scope.context)) {
        run.steps.push(step(ws, path, 'wait', 'waiting', { detail: `until ${formatTimestamp(new Date(Date.now() + a.minutes * 60_000), ws.timezone)}` }));
        run.nextStep = i + 1;
        run.status = 'waiting';
        run.dueAt = new Date(Date.now() + a.minutes * 60_000);
        run.claimedAt = null;
        await this.uow.runDetached(() => db.save(WorkflowRun, run));
        return;
      }
      const ok = await this.uow.withOrigin(origin, () => this.stepAt(ws, run, scope, a, path, i));
      if (!ok) return;
    }
    return this.finish(ws, run, 'done', '');
  }

  /** One top-level action (a branch with its chosen actions); false when the run stopped (failed or retrying). */
  private async stepAt(ws: Workspace, run: WorkflowRun, scope: RunScope, a: Action, path: string, index: number): Promise<boolean> {
    const db = this.uow.tenant(ws.id);
    const before = run.steps.length;
    let token = run.claimedAt;
    try {
      // a remote action (a mail server, a chat, a receiver) runs before the step's transaction: no transaction
      // stays open while a request is in flight (the embedded database has one connection); the claim is checked
      // (and renewed) first, so an instance that lost the run sends nothing
      const sending = a.type !== 'branch' && a.type !== 'wait' && isRemote(a) && holds(a.when, scope.context);
      if (sending) {
        await this.uow.runDetached(() => this.renewLease(ws, run, token));
        token = run.claimedAt;
      }
      const remote = sending ? await this.actions.perform(scope, a, `${run.id}:${path}`) : null;
      await this.uow.runDetached(async () => {
        await this.renewLease(ws, run, token);
        if (remote) run.steps.push(step(ws, path, a.type, 'done', remote.mail ? { ...remote, detail: remote.detail + (await this.actions.fileMail(scope, remote.mail)) } : remote));
        else if (!holds(a.when, scope.context)) run.steps.push(step(ws, path, a.type, 'skipped', { detail: 'its condition does not hold' }));
        else if (a.type === 'branch') {
          const taken = holds(a.if, scope.context) ? 'then' : 'else';
          run.steps.push(step(ws, path, 'branch', 'done', { detail: taken }));
          for (const [j, b] of a[taken].entries()) {
            const sub = `${path}.${taken}[${j}]`;
            if (b.type === 'branch' || b.type === 'wait') continue;
            if (!holds(b.when, scope.context)) run.steps.push(step(ws, sub, b.type, 'skipped', { detail: 'its condition does not hold' }));
            else run.steps.push(step(ws, sub, b.type, 'done', await this.actions.perform(scope, b, `${run.id}:${sub}`)));
          }
        } else if (a.type !== 'wait') run.steps.push(step(ws, path, a.type, 'done', await this.actions.perform(scope, a)));
        run.nextStep = index + 1;
        run.attempts = 0;
        await db.save(WorkflowRun, run);
      });
    } catch (e) {
      // the transaction rolled back: the steps pushed inside it are taken back too
      run.steps.length = before;
      run.claimedAt = token;
      if (e instanceof LeaseLost) {
        this.log.warn(`workflow ${run.workflowId} run ${run.id}: ${e.message}`);
        return false;
      }
      if (e instanceof DomainError) {
        run.steps.push(step(ws, path, a.type, 'failed', { detail: `${e.code}: ${e.message}` }));
        await this.finish(ws, run, 'failed', `${path}: ${e.message}`);
        return false;
      }
      const delay = retryDelayMinutes(run.attempts);
      const message = e instanceof Error ? e.message : String(e);
      if (delay === null) {
        run.steps.push(step(ws, path, a.type, 'failed', { detail: `unreachable after ${run.attempts + 1} attempts: ${message}` }));
        await this.finish(ws, run, 'failed', `${path}: ${message}`);
        return false;
      }
      this.log.warn(`workflow ${run.workflowId} run ${run.id} ${path}: ${message}; retry in ${delay} min`);
      run.steps.push(step(ws, path, a.type, 'retrying', { detail: `attempt ${run.attempts + 1} failed (${message}); again in ${delay} min` }));
      run.attempts += 1;
      run.status = 'waiting';
      run.dueAt = new Date(Date.now() + delay * 60_000);
      run.claimedAt = null;
      await this.uow.runDetached(() => db.save(WorkflowRun, run));
      return false;
    }
    scope.context.record = (await this.actions.snapshot(ws.id, scope.kind, scope.id)) ?? scope.context.record;
    return true;
  }

  /**
   * The claim as a fencing token (docs/decisions/workflows.md): the step goes on only while the run is still this
   * instance's claim (`claimed_at` as it claimed or last renewed it), and renews it. The row stays locked until the
   * step commits, so no other instance claims it meanwhile; an instance whose lease ran out (another took the run
   * over) stops before acting, and the action is never done twice.
   */
  private async renewLease(ws: Workspace, run: WorkflowRun, token: Date | null): Promise<void> {
    const lease = new Date();
    const held = await this.uow
      .tenant(ws.id)
      .sql<{ id: number }>(`WITH u AS (UPDATE workflow_runs SET claimed_at = $3 WHERE workspace_id = $1 AND id = $2 AND status = 'running' AND claimed_at IS NOT DISTINCT FROM $4 RETURNING id) SELECT id FROM u`, [run.id, lease, token]);
    if (!held.length) throw new LeaseLost(`the run was taken over by another instance (lease of ${token?.toISOString() ?? 'none'} lost); it stops here`);
    run.claimedAt = lease;
  }

  private async finish(ws: Workspace, run: WorkflowRun, status: 'done' | 'failed', error: string): Promise<void> {
    run.status = status;
    run.error = error.slice(0, 300);
    run.finishedAt = new Date();
    run.dueAt = null;
    run.claimedAt = null;
    await this.uow.runDetached(() => this.uow.tenant(ws.id).save(WorkflowRun, run));
  }
}

/** This instance no longer holds the run: nothing of the step is written, the run is left to its new holder. */
class LeaseLost extends Error {}
