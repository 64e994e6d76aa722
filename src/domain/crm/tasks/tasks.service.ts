import { Injectable } from '@nestjs/common';
import { Brackets } from 'typeorm';
import { forbidden, invalid, notFound } from '../../../platform/common/errors';
import { todayIn } from '../../../platform/common/time';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { linkNames, type LinkNames } from '../shared/lateral';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { Opportunity } from '../opportunities/opportunity.entity';
import { Person } from '../people/person.entity';
import { AccessService } from '../shared/access.service';
import { Page, paginate } from '../shared/paging';
import { RefsService } from '../shared/refs.service';
import { DeletedRecordsService } from '../sync';
import { Task } from './task.entity';
import { TaskFields, type TaskFilters } from './task.view';
import type { z } from 'zod';
import { storedAsIs } from '../../../platform/common/record-input';
import { canEditTask, canSeeTask, defaultPriority, defaultStatus, doneAtAfter, isDueSoon, isOverdue } from './tasks.rules';

/** The declared fields `create` treats itself; any other is stored as it came (`storedAsIs`). */
const HANDLED = ['title', 'description', 'due_date', 'priority', 'status', 'assignee_id', 'customer_id', 'person_id', 'opp_id'] as const;

/** A PATCH: only the fields present change; null clears an optional field. */
export type TaskChanges = Partial<TaskFields>;

export interface TaskListQuery extends z.output<typeof TaskFilters> {
  limit?: number;
  /** An export's batch (PageQuery.batch). */
  batch?: boolean;
  cursor?: string;
  sort?: 'recent' | 'update';
  updated_since?: string;
}

export interface TaskView {
  task: Task;
  overdue: boolean;
  dueSoon: boolean;
  /** Batch-loaded users of the page (assignee and owner summaries). */
  users: Map<number, User>;
  /** Batch-loaded names of the page's linked company, person and opportunity. */
  names: LinkNames;
  canEdit: boolean;
}

/**
 * Actions and tasks. A task is visible to admins and to the team of its assignee or its owner
 * (creator); the owner, the assignee and admins may change it.
 */
@Injectable()
export class TasksService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly users: UsersService,
    private readonly deleted: DeletedRecordsService,
  ) {}

  async list(auth: UserContext, q: TaskListQuery): Promise<Page<TaskView>> {
    if (q.due_after && q.due_before && q.due_before < q.due_after) throw invalid('due_before', 'must not be before due_after');
    const today = todayIn(auth.workspace.timezone);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const visible = await this.access.visibleOwnerIds(auth);
      const qb = db.qb(Task, 't');
      if (visible) qb.andWhere('(t.assignee_id IN (:...visible) OR t.owner_id IN (:...visible))', { visible });
      if (q.status !== undefined) qb.andWhere('t.status = :status', { status: q.status });
      if (q.assignee_id !== undefined) qb.andWhere('t.assignee_id = :assigneeId', { assigneeId: q.assignee_id });
      if (q.customer_id !== undefined) qb.andWhere('t.customer_id = :customerId', { customerId: q.customer_id });
      if (q.opp_id !== undefined) qb.andWhere('t.opp_id = :oppId', { oppId: q.opp_id });
      if (q.due_before) qb.andWhere('t.due_date <= :dueBefore', { dueBefore: q.due_before });
      if (q.due_after) qb.andWhere('t.due_date >= :dueAfter', { dueAfter: q.due_after });
      const closed = [...auth.workspace.constants.task_closed_statuses];
      if (q.open === 'true') qb.andWhere('t.status NOT IN (:...closed)', { closed });
      if (q.open === 'false') qb.andWhere('t.status IN (:...closed)', { closed });
      const overdue = 't.due_date < :today AND t.status NOT IN (:...closed)';
      if (q.overdue === 'true') qb.andWhere(overdue, { today, closed });
      if (q.overdue === 'false') qb.andWhere(new Brackets((w) => w.where(`NOT (${overdue})`, { today, closed }).orWhere('t.due_date IS NULL')));
      // the unfiltered list walks the key's index: O(page) without statistics too
      const unfiltered = !visible && [q.status, q.assignee_id, q.customer_id, q.opp_id, q.due_before, q.due_after, q.open, q.overdue].every((x) => x === undefined || x === '');
      const walk = unfiltered ? { table: 'tasks', workspaceId: auth.workspace.id } : null;
      const page = await paginate(qb, 't', { limit: q.limit, batch: q.batch, cursor: q.cursor, sort: q.sort, updatedSince: q.updated_since }, auth.workspace.timezone, walk);
      return { items: await this.hydrate(auth, page.items), nextCursor: page.nextCursor };
    });
  }

  async get(auth: UserContext, id: number): Promise<TaskView> {
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => (await this.hydrate(auth, [await this.load(auth, db, id, false)]))[0]!);
  }

  async create(auth: UserContext, input: TaskFields): Promise<TaskView> {
    const c = auth.workspace.constants;
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const priority = input.priority != null ? this.refs.oneOf(auth, 'task_priorities', input.priority, 'priority') : defaultPriority(c.task_priorities);
      const status = input.status != null ? this.refs.oneOf(auth, 'task_statuses', input.status, 'status') : defaultStatus(c.task_statuses);
      const assigneeId = input.assignee_id != null && input.assignee_id !== auth.user.id ? (await this.refs.user(auth, input.assignee_id, 'assignee_id')).id : auth.user.id;
      const links = await this.resolveLinks(auth, db, { customerId: null, personId: null, oppId: null }, input);
      const task = await db.save(
        Task,
        db.create(Task, {
          ...storedAsIs(Task, input, HANDLED, TaskFields),
          title: input.title.trim(),
          description: input.description ?? '',
          dueDate: input.due_date ?? null,
          priority,
          status,
          assigneeId,
          ownerId: auth.user.id,
          ...links,
          doneAt: doneAtAfter(c, null, status, new Date()),
          isSample: false,
        }),
      );
      return (await this.hydrate(auth, [task]))[0]!;
    });
  }

  async update(auth: UserContext, id: number, ch: TaskChanges): Promise<TaskView> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      const t = await this.load(auth, db, id, true);
      if (!canEditTask({ id: auth.user.id, admin: isAdmin(auth) }, t)) throw forbidden();
      const patch: Partial<Task> = {};
      if (ch.title != null) patch.title = ch.title.trim();
      if (ch.description !== undefined) patch.description = ch.description ?? '';
      if (ch.due_date !== undefined) patch.dueDate = ch.due_date;
      if (ch.priority != null) patch.priority = this.refs.oneOf(auth, 'task_priorities', ch.priority, 'priority');
      if (ch.status != null && ch.status !== t.status) {
        patch.status = this.refs.oneOf(auth, 'task_statuses', ch.status, 'status');
        patch.doneAt = doneAtAfter(ws.constants, t, patch.status, new Date());
      }
      if (ch.assignee_id != null && ch.assignee_id !== t.assigneeId) patch.assigneeId = (await this.refs.user(auth, ch.assignee_id, 'assignee_id')).id;
      if (ch.customer_id !== undefined || ch.person_id !== undefined || ch.opp_id !== undefined) {
        Object.assign(patch, await this.resolveLinks(auth, db, t, ch));
      }
      if (Object.keys(patch).length) await db.update(Task, { id }, patch);
      return (await this.hydrate(auth, [(await db.byId(Task, id))!]))[0]!;
    });
  }

  /** Hard delete, with a tombstone in the same transaction for sync (GET /deleted). */
  async remove(auth: UserContext, id: number): Promise<void> {
    const db = this.uow.tenant(auth.workspace.id);
    await this.uow.run(async () => {
      const t = await this.load(auth, db, id, true);
      if (!canEditTask({ id: auth.user.id, admin: isAdmin(auth) }, t)) throw forbidden();
      await db.delete(Task, { id });
      await this.deleted.record({ workspaceId: auth.workspace.id, type: 'task', recordId: id, ownerId: t.ownerId, userIds: [t.assigneeId] });
    });
  }

  private async load(auth: UserContext, db: TenantDb, id: number, lock: boolean): Promise<Task> {
    const t = await db.byId(Task, id, lock);
    if (!t || !canSeeTask(await this.access.visibleOwnerIds(auth), t)) throw notFound('task');
    return t;
  }

  /**
   * The company, person and opportunity a task relates to. Changed references are looked up with the
   * caller's visibility (400 naming the field). Without a company, it is taken from the opportunity or
   * the person; with one, the opportunity and a person who has a company must belong to it.
   */
  private async resolveLinks(
    auth: UserContext,
    db: TenantDb,
    current: { customerId: number | null; personId: number | null; oppId: number | null },
    ch: TaskChanges,
  ): Promise<{ customerId: number | null; personId: number | null; oppId: number | null }> {
    let customerId = current.customerId;
    if (ch.customer_id !== undefined) customerId = ch.customer_id === null ? null : (await this.refs.company(auth, ch.customer_id, 'customer_id')).id;

    let person: Person | null = null;
    if (ch.person_id != null) person = await this.refs.person(auth, ch.person_id, 'person_id');
    else if (ch.person_id === undefined && current.personId !== null) person = await db.byId(Person, current.personId);
    const personId = ch.person_id === null ? null : (person?.id ?? (ch.person_id === undefined ? current.personId : null));

    let opp: Opportunity | null = null;
    if (ch.opp_id != null) opp = await this.refs.opportunity(auth, ch.opp_id, 'opp_id');
    else if (ch.opp_id === undefined && current.oppId !== null) opp = await db.byId(Opportunity, current.oppId);
    const oppId = ch.opp_id === null ? null : (opp?.id ?? (ch.opp_id === undefined ? current.oppId : null));

    if (customerId === null && ch.customer_id === undefined) customerId = opp?.customerId ?? person?.customerId ?? null;
    if (customerId !== null) {
      if (opp && opp.customerId !== customerId) throw invalid(ch.opp_id != null ? 'opp_id' : 'customer_id', `opportunity ${opp.id} belongs to another company`);
      if (person && person.customerId !== null && person.customerId !== customerId) {
        throw invalid(ch.person_id != null ? 'person_id' : 'customer_id', `person ${person.id} does not belong to company ${customerId}`);
      }
    }
    return { customerId, personId, oppId };
  }

  private async hydrate(auth: UserContext, rows: Task[]): Promise<TaskView[]> {
    if (!rows.length) return [];
    const ws = auth.workspace;
    const today = todayIn(ws.timezone);
    const soon = ws.constants.action_soon_days;
    const users = await this.users.byIds(ws.id, rows.flatMap((t) => [t.assigneeId, t.ownerId]));
    const names = await linkNames(this.uow.tenant(ws.id), { companies: rows.map((t) => t.customerId), people: rows.map((t) => t.personId), opps: rows.map((t) => t.oppId)  }, await this.access.visibleOwnerIds(auth));
    const caller = { id: auth.user.id, admin: isAdmin(auth) };
    return rows.map((task) => ({
      task,
      overdue: isOverdue(ws.constants, task, today),
      dueSoon: isDueSoon(ws.constants, task, today, soon),
      users,
      names,
      canEdit: canEditTask(caller, task),
    }));
  }
}
