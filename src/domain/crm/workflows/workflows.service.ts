import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { DomainError, forbidden, invalid, invalidFields, notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { WebhookConnection } from '../../integrations/webhook-connection.entity';
import { InboundHook } from '../hooks/inbound-hook.entity';
import { ObjectType } from '../objects/object-type.entity';
import { Workflow, WorkflowVersion } from './workflow.entity';
import { WorkflowTemplate, workflowTemplates } from './workflow-templates';
import { WorkflowRun } from './workflow-run.entity';
import { NamedRun, RunNames, WorkflowRunNames } from './workflow-run-names';
import { Action, Assignee, CHAT_KINDS, Definition, parseDefinition, RECORD_KINDS, RecordKind } from './workflows.rules';

export const MAX_WORKFLOWS = 100;
export const MAX_RUNS_PAGE = 100;

export interface WorkflowInput {
  name?: string;
  description?: string;
  trigger?: unknown;
  conditions?: unknown;
  actions?: unknown;
  enabled?: boolean;
}

export interface WorkflowView {
  rule: Workflow;
  createdBy: User | undefined;
}

export interface RunsQuery {
  limit?: number;
  /** Runs older than this run id (the next page). */
  before?: number;
}

export interface RunsPage {
  items: WorkflowRun[];
  nextBefore: number | null;
}

/**
 * Workflow rules of a workspace (admins; beyond the spec, docs/decisions/workflows.md): CRUD with a new
 * version on every change of the definition, enable and disable, and their runs. The engine
 * (WorkflowEngine) runs them; this service only checks and stores.
 */
@Injectable()
export class WorkflowsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersService,
    private readonly runNames: WorkflowRunNames,
  ) {}

  async list(auth: UserContext): Promise<WorkflowView[]> {
    assertAdmin(auth);
    const rules = await this.uow.tenant(auth.workspace.id).find(Workflow, { order: { name: 'ASC', id: 'ASC' }, take: MAX_WORKFLOWS });
    return this.views(auth, rules);
  }

  async get(auth: UserContext, id: number): Promise<WorkflowView> {
    assertAdmin(auth);
    return (await this.views(auth, [await this.load(auth, id, false)]))[0]!;
  }

  async create(auth: UserContext, input: WorkflowInput, template = ''): Promise<WorkflowView> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const name = (input.name ?? '').trim();
      const problems = name ? [] : [{ field: 'name', message: 'is required' }];
      if (problems.length) throw invalidFields(problems);
      const def = parseDefinition(input);
      await this.checkRefs(auth, def);
      if ((await db.count(Workflow)) >= MAX_WORKFLOWS) throw new DomainError('conflict', `a workspace has at most ${MAX_WORKFLOWS} workflows`);
      const rule = await db.save(
        Workflow,
        db.create(Workflow, {
          name,
          description: input.description ?? '',
          version: 1,
          enabled: input.enabled ?? false,
          disabledReason: '',
          ...columnsOf(def),
          template,
          lastAssigneeId: null,
          createdById: auth.user.id,
        }),
      );
      await this.saveVersion(auth, rule);
      await this.listen(auth, rule);
      return (await this.views(auth, [rule]))[0]!;
    });
  }

  /** Changes the fields sent; a change of trigger, conditions or actions (or the name) is a new version. */
  async update(auth: UserContext, id: number, input: WorkflowInput): Promise<WorkflowView> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const rule = await this.load(auth, id, true);
      let changed = false;
      if (input.name !== undefined) {
        const name = (input.name ?? '').trim();
        if (!name) throw invalid('name', 'must not be empty');
        changed ||= name !== rule.name;
        rule.name = name;
      }
      if (input.description !== undefined) rule.description = input.description ?? '';
      if (input.trigger !== undefined || input.conditions !== undefined || input.actions !== undefined) {
        const def = parseDefinition({
          trigger: input.trigger ?? rule.trigger,
          conditions: input.conditions !== undefined ? input.conditions : rule.conditions,
          actions: input.actions ?? rule.actions,
        });
        await this.checkRefs(auth, def);
        Object.assign(rule, columnsOf(def));
        changed = true;
      }
      if (input.enabled !== undefined) setEnabled(rule, input.enabled);
      if (changed) rule.version += 1;
      const saved = await db.save(Workflow, rule);
      if (changed) await this.saveVersion(auth, saved);
      await this.listen(auth, saved);
      return (await this.views(auth, [saved]))[0]!;
    });
  }

  /** Creates a disabled rule from a template (templates are built from this workspace's constants). */
  async install(auth: UserContext, key: string, name?: string): Promise<WorkflowView> {
    assertAdmin(auth);
    const t = (await this.templates(auth)).find((x) => x.key === key);
    if (!t) throw notFound('workflow template');
    return this.create(auth, { name: name ?? t.name, description: t.description, trigger: t.trigger, conditions: t.conditions, actions: t.actions, enabled: false }, t.key);
  }

  async templates(auth: UserContext): Promise<WorkflowTemplate[]> {
    assertAdmin(auth);
    const chat = await this.uow.tenant(auth.workspace.id).findOne(WebhookConnection, { where: { kind: In([...CHAT_KINDS]), active: true }, order: { id: 'ASC' } });
    return workflowTemplates(auth.workspace.constants, chat ? { id: chat.id, kind: chat.kind } : null);
  }

  async setEnabled(auth: UserContext, id: number, enabled: boolean): Promise<WorkflowView> {
    return this.update(auth, id, { enabled });
  }

  /** Deletes the rule, its versions and its runs (a waiting run never resumes). */
  async remove(auth: UserContext, id: number): Promise<void> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    await this.uow.run(async () => {
      const rule = await this.load(auth, id, true);
      await db.delete(WorkflowRun, { workflowId: rule.id });
      await db.delete(WorkflowVersion, { workflowId: rule.id });
      await db.delete(Workflow, { id: rule.id });
    });
  }

  async runs(auth: UserContext, id: number, q: RunsQuery): Promise<RunsPage> {
    assertAdmin(auth);
    const rule = await this.load(auth, id, false);
    return this.page(auth, { workflowId: rule.id }, q);
  }

  /**
   * The runs about one record, newest first (every rule's): for whoever sees the record (its own GET's visibility,
   * 404 `not_found` otherwise; docs/decisions/workflows.md), the rules themselves staying admin reading.
   */
  async runsOfRecord(auth: UserContext, recordKind: string, recordId: number, q: RunsQuery): Promise<RunsPage> {
    if (!(RECORD_KINDS as readonly string[]).includes(recordKind)) throw invalid('record_kind', `must be one of ${RECORD_KINDS.join(', ')}`);
    if (!isAdmin(auth)) await this.runNames.assertVisible(auth, recordKind, recordId);
    return this.page(auth, { recordKind, recordId }, q);
  }

  /** One run: for admins, and for whoever sees its record (404 `not_found` otherwise, as for a run that is not there). */
  async run(auth: UserContext, id: number): Promise<WorkflowRun> {
    const run = await this.uow.tenant(auth.workspace.id).byId(WorkflowRun, id);
    if (!run) throw notFound('workflow run');
    if (!isAdmin(auth)) await this.runNames.assertVisible(auth, run.recordKind, run.recordId).catch(() => Promise.reject(notFound('workflow run')));
    return run;
  }

  /** The names a run's answer gives: its rule, its records (those the reader sees) and its users. */
  names(auth: UserContext, runs: NamedRun[]): Promise<RunNames> {
    return this.runNames.of(auth, runs);
  }

  private async page(auth: UserContext, where: { workflowId?: number; recordKind?: string; recordId?: number }, q: RunsQuery): Promise<RunsPage> {
    const limit = Math.min(Math.max(q.limit ?? 50, 1), MAX_RUNS_PAGE);
    const qb = this.uow.tenant(auth.workspace.id).qb(WorkflowRun, 'r');
    if (where.workflowId !== undefined) qb.andWhere('r.workflowId = :w', { w: where.workflowId });
    if (where.recordKind !== undefined) qb.andWhere('r.recordKind = :k AND r.recordId = :rid', { k: where.recordKind, rid: where.recordId });
    if (q.before !== undefined) qb.andWhere('r.id < :before', { before: q.before });
    const items = await qb.orderBy('r.id', 'DESC').take(limit + 1).getMany();
    const more = items.length > limit;
    if (more) items.pop();
    return { items, nextBefore: more ? items[items.length - 1]!.id : null };
  }

  async load(auth: UserContext, id: number, lock: boolean): Promise<Workflow> {
    const rule = await this.uow.tenant(auth.workspace.id).byId(Workflow, id, lock);
    if (!rule) throw notFound('workflow');
    return rule;
  }

  /**
   * An enabled rule listening to events makes the engine read this workspace's outbox from now on (a
   * cursor at the oldest transaction in flight); the cursor then stays and moves with the outbox.
   */
  private async listen(auth: UserContext, rule: Workflow): Promise<void> {
    if (!rule.enabled || (rule.triggerKind !== 'event' && rule.triggerKind !== 'hook')) return;
    await this.uow
      .tenant(auth.workspace.id)
      .sql(`INSERT INTO workflow_cursors (workspace_id, txid, event_id)
             SELECT $1, pg_snapshot_xmin(pg_current_snapshot())::text::bigint, 0 WHERE NOT EXISTS (SELECT 1 FROM workflow_cursors WHERE workspace_id = $1)
             ON CONFLICT (workspace_id) DO NOTHING`);
  }

  private async saveVersion(auth: UserContext, rule: Workflow): Promise<void> {
    const db = this.uow.tenant(auth.workspace.id);
    await db.insert(WorkflowVersion, {
      workflowId: rule.id,
      version: rule.version,
      definition: { name: rule.name, trigger: rule.trigger, conditions: rule.conditions, actions: rule.actions },
      createdById: auth.user.id,
    });
  }

  /** Users, hooks and constants the definition names exist in this workspace (400 naming the part). */
  private async checkRefs(auth: UserContext, def: Definition): Promise<void> {
    const db = this.uow.tenant(auth.workspace.id);
    const problems: { field: string; message: string }[] = [];
    const c = auth.workspace.constants;
    if (def.trigger.kind === 'hook' && !(await db.exists(InboundHook, { id: def.trigger.hook_id }))) problems.push({ field: 'trigger.hook_id', message: `no inbound hook with id ${def.trigger.hook_id}` });
    if (def.trigger.kind === 'time' && def.trigger.stage !== undefined && !c.stages.includes(def.trigger.stage)) problems.push({ field: 'trigger.stage', message: `not a stage of this workspace (${c.stages.join(', ')})` });
    const wanted = new Map<number, string>();
    const connections: { id: number; at: string; chat: boolean }[] = [];
    const objects: { key: string; fields: string[]; at: string }[] = [];
    const assignee = (a: Assignee, at: string) => {
      if (a.kind === 'user') wanted.set(a.user_id, `${at}.user_id`);
      if (a.kind === 'round_robin') a.user_ids.forEach((u, i) => wanted.set(u, `${at}.user_ids[${i}]`));
    };
    const walk = (list: Action[], at: string) =>
      list.forEach((a, i) => {
        const here = `${at}[${i}]`;
        if (a.type === 'create_task') {
          assignee(a.assignee, `${here}.assignee`);
          if (a.priority !== undefined && !c.task_priorities.includes(a.priority)) problems.push({ field: `${here}.priority`, message: `not a task priority of this workspace (${c.task_priorities.join(', ')})` });
        }
        if (a.type === 'assign_owner') assignee(a.assignee, `${here}.assignee`);
        if (a.type === 'post_chat' || a.type === 'call_webhook') connections.push({ id: a.connection_id, at: `${here}.connection_id`, chat: a.type === 'post_chat' });
        if (a.type === 'create_record') objects.push({ key: a.object, fields: Object.keys(a.fields), at: here });
        if (a.type === 'update_fields' && typeof a.fields.stage === 'string' && !c.stages.includes(a.fields.stage)) problems.push({ field: `${here}.fields.stage`, message: `not a stage of this workspace (${c.stages.join(', ')})` });
        if (a.type === 'update_fields' && 'stage' in a.fields && typeof a.fields.stage !== 'string') problems.push({ field: `${here}.fields.stage`, message: 'must be a stage of this workspace' });
        if (a.type === 'branch') {
          walk(a.then, `${here}.then`);
          walk(a.else, `${here}.else`);
        }
      });
    walk(def.actions, 'actions');
    for (const c of connections) {
      const conn = await db.byId(WebhookConnection, c.id);
      const fits = conn && (c.chat ? (CHAT_KINDS as readonly string[]).includes(conn.kind) : conn.kind === 'webhook');
      if (!fits) problems.push({ field: c.at, message: c.chat ? `no chat connection (${CHAT_KINDS.join(', ')}) with id ${c.id}` : `no webhook connection with id ${c.id}` });
    }
    for (const o of objects) {
      const type = await db.findOne(ObjectType, { where: { key: o.key } });
      if (!type) problems.push({ field: `${o.at}.object`, message: `no custom object with key ${o.key}` });
      else for (const f of o.fields) if (!type.fields.some((d) => d.key === f)) problems.push({ field: `${o.at}.fields.${f}`, message: `not a field of ${o.key} (${type.fields.map((d) => d.key).join(', ')})` });
    }
    if (wanted.size) {
      const found = await this.users.byIds(auth.workspace.id, [...wanted.keys()]);
      for (const [id, at] of wanted) if (!found.get(id)?.active) problems.push({ field: at, message: `no active user with id ${id}` });
    }
    if (problems.length) throw invalidFields(problems);
  }

  private async views(auth: UserContext, rules: Workflow[]): Promise<WorkflowView[]> {
    const users = await this.users.byIds(auth.workspace.id, rules.map((r) => r.createdById));
    return rules.map((rule) => ({ rule, createdBy: users.get(rule.createdById) }));
  }
}

export function assertAdmin(auth: UserContext): void {
  if (!isAdmin(auth)) throw forbidden('only admins manage workflows');
}

function columnsOf(def: Definition): Pick<Workflow, 'trigger' | 'conditions' | 'actions' | 'triggerKind' | 'triggerEvent'> {
  return { trigger: def.trigger, conditions: def.conditions, actions: def.actions, triggerKind: def.trigger.kind, triggerEvent: def.trigger.kind === 'event' ? def.trigger.event : '' };
}

/** Enabling clears the storm guard's reason; an admin's disable leaves none. */
function setEnabled(rule: Workflow, enabled: boolean): void {
  rule.enabled = enabled;
  rule.disabledReason = '';
}

export const isRecordKind = (k: string): k is RecordKind => (RECORD_KINDS as readonly string[]).includes(k);
