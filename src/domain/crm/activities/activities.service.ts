import { callerLang } from '../../workspace/labels';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { namesByIds } from '../shared/lateral';
import { invalid } from '../../../platform/common/errors';
import { dateIn } from '../../../platform/common/time';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { Workspace } from '../../workspace/workspace.entity';
import { Company } from '../companies/company.entity';
import { Opportunity } from '../opportunities/opportunity.entity';
import { Person } from '../people/person.entity';
import { AccessService } from '../shared/access.service';
import { recordPath } from '../shared/record-keys';
import { Page, paginate } from '../shared/paging';
import { RefsService } from '../shared/refs.service';
import { applyVisit, nextVisitDue } from '../companies';
import { DeletedRecordsService } from '../sync';
import { Activity } from './activity.entity';
import type { ActivityChanges, ActivityFields, ActivityFilters } from './activity.view';
import type { z } from 'zod';
import { normalizeBlocks } from './activities.rules';
import { dropFollowUp, FollowUpContext, syncFollowUp } from './follow-up';
import { Task } from '../tasks/task.entity';

export type { ActivityChanges, ActivityFields } from './activity.view';

export interface ActivityListQuery extends z.output<typeof ActivityFilters> {
  limit?: number;
  cursor?: string;
  sort?: 'recent' | 'update';
  updated_since?: string;
}

/** An activity with what its record shows of other records (loaded per page, not per row). */
export interface ActivityView {
  activity: Activity;
  /** Company name ('' when the company no longer exists). */
  customer: string;
  people: { id: number; name: string }[];
  opp: string | null;
  /** The title of the follow-up task (task_id); null without one or when it no longer exists. */
  task: string | null;
  /** Batch-loaded users of the page (owner summaries). */
  users: Map<number, User>;
  canEdit: boolean;
}

const uniq = (xs: number[]): number[] => [...new Set(xs)];

/**
 * Activities / visits. Logging a visit moves the company's last_visit / next_visit_due forward
 * (applyVisit), touches the linked opportunity's last_activity_at and raises visit_created, all in
 * one transaction. Visibility and edit rights follow the owner (AccessService).
 */
@Injectable()
export class ActivitiesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly users: UsersService,
    private readonly deleted: DeletedRecordsService,
  ) {}

  async list(auth: UserContext, q: ActivityListQuery): Promise<Page<ActivityView>> {
    if (q.from && q.to && q.to < q.from) throw invalid('to', 'must not be before from');
    return this.uow.run(async () => {
      const visible = await this.access.visibleOwnerIds(auth);
      const qb = this.uow.tenant(auth.workspace.id).qb(Activity, 'a');
      if (visible) qb.andWhere('a.owner_id IN (:...visible)', { visible });
      if (q.customer_id !== undefined) qb.andWhere('a.customer_id = :customerId', { customerId: q.customer_id });
      if (q.opp_id !== undefined) qb.andWhere('a.opp_id = :oppId', { oppId: q.opp_id });
      if (q.owner_id !== undefined) qb.andWhere('a.owner_id = :ownerId', { ownerId: q.owner_id });
      if (q.type !== undefined) qb.andWhere('a.type = :type', { type: q.type });
      if (q.from) qb.andWhere('a.date >= :from', { from: q.from });
      if (q.to) qb.andWhere('a.date <= :to', { to: q.to });
      // the unfiltered list walks the key's index (applyPageWalked): O(page) without statistics too
      const unfiltered = !visible && [q.customer_id, q.opp_id, q.owner_id, q.type, q.from, q.to].every((x) => x === undefined || x === '');
      const walk = unfiltered ? { table: 'activities', workspaceId: auth.workspace.id } : null;
      const page = await paginate(qb, 'a', { limit: q.limit, cursor: q.cursor, sort: q.sort, updatedSince: q.updated_since }, auth.workspace.timezone, walk);
      return { items: await this.hydrate(auth, page.items), nextCursor: page.nextCursor };
    });
  }

  async get(auth: UserContext, id: number): Promise<ActivityView> {
    return this.uow.run(async () => {
      const a = await this.access.findVisible(Activity, auth, id, 'activity');
      return (await this.hydrate(auth, [a]))[0]!;
    });
  }

  /**
   * `followUpTaskId`: undefined = the next step becomes a new task (follow-up.ts); a caller that made the
   * task itself (a lead's conversion) passes its id, or null for none.
   */
  async create(auth: UserContext, input: ActivityFields, opts: { followUpTaskId?: number | null } = {}): Promise<ActivityView> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      const type = this.refs.oneOf(auth, 'visit_types', input.type, 'type');
      const blocks = normalizeBlocks(input.blocks);
      const company = await this.refs.company(auth, input.customer_id, 'customer_id');
      const personIds = uniq(input.person_ids ?? []);
      await this.checkPeople(auth, company.id, personIds);
      const opp = input.opp_id != null ? await this.checkOpp(auth, company.id, input.opp_id) : null;
      const owner = await this.refs.owner(auth, input.owner_id, auth.user.id);
      const activity = await db.save(
        Activity,
        db.create(Activity, {
          type,
          topic: input.topic ?? '',
          date: input.date,
          durationMin: input.duration_min ?? null,
          customerId: company.id,
          personIds,
          oppId: opp?.id ?? null,
          note: input.note ?? '',
          nextAction: input.next_action ?? '',
          nextDate: input.next_date ?? null,
          outcome: input.outcome ?? '',
          ownerId: owner.id,
          blocks,
          isSample: false,
          followUpTaskId: opts.followUpTaskId ?? null,
        }),
      );
      if (opts.followUpTaskId === undefined) {
        activity.followUpTaskId = await syncFollowUp(this.followUpContext(auth), activity, company.name, true);
        if (activity.followUpTaskId !== null) await db.update(Activity, { id: activity.id }, { followUpTaskId: activity.followUpTaskId });
      }
      await applyVisit(db, ws, company.id, activity.date);
      if (opp) await this.touchOpportunity(db, opp.id);
      this.uow.recordEvent({
        workspaceId: ws.id,
        event: 'visit_created',
        title: `Visit: ${company.name} (${type})`,
        text: [`${owner.fullName}, ${activity.date}`, activity.topic, activity.nextAction && `Next: ${activity.nextAction}`].filter(Boolean).join(' · '),
        url: recordPath('activity', activity.id),
        data: { id: activity.id, customer: company.name, type, date: activity.date, next_action: activity.nextAction, note: activity.note },
        recordType: 'activity',
        recordId: activity.id,
        sample: activity.isSample,
      });
      return (await this.hydrate(auth, [activity]))[0]!;
    });
  }

  async update(auth: UserContext, id: number, ch: ActivityChanges): Promise<ActivityView> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      const a = await this.access.findVisible(Activity, auth, id, 'activity', true);
      this.access.assertCanEdit(auth, a.ownerId);
      const patch: Partial<Activity> = {};
      if (ch.type !== undefined && ch.type !== null) patch.type = this.refs.oneOf(auth, 'visit_types', ch.type, 'type');
      if (ch.topic !== undefined) patch.topic = ch.topic ?? '';
      if (ch.date !== undefined && ch.date !== null) patch.date = ch.date;
      if (ch.duration_min !== undefined) patch.durationMin = ch.duration_min;
      if (ch.note !== undefined) patch.note = ch.note ?? '';
      if (ch.next_action !== undefined) patch.nextAction = ch.next_action ?? '';
      if (ch.next_date !== undefined) patch.nextDate = ch.next_date;
      if (ch.outcome !== undefined) patch.outcome = ch.outcome ?? '';
      if (ch.blocks !== undefined) patch.blocks = normalizeBlocks(ch.blocks);

      const companyChanged = ch.customer_id != null && ch.customer_id !== a.customerId;
      const customerId = companyChanged ? (await this.refs.company(auth, ch.customer_id!, 'customer_id')).id : a.customerId;
      if (companyChanged) patch.customerId = customerId;

      if (ch.person_ids !== undefined) {
        const personIds = uniq(ch.person_ids ?? []);
        await this.checkPeople(auth, customerId, personIds);
        patch.personIds = personIds;
      } else if (companyChanged && a.personIds.length) {
        await this.checkPeople(auth, customerId, a.personIds);
      }

      let oppId = a.oppId;
      if (ch.opp_id !== undefined) {
        oppId = ch.opp_id === null ? null : (await this.checkOpp(auth, customerId, ch.opp_id)).id;
        patch.oppId = oppId;
      } else if (companyChanged && a.oppId !== null) {
        const o = await db.byId(Opportunity, a.oppId);
        if (o && o.customerId !== customerId) throw invalid('opp_id', `opportunity ${o.id} belongs to another company; change or clear opp_id`);
      }

      if (ch.owner_id != null && ch.owner_id !== a.ownerId) patch.ownerId = (await this.refs.owner(auth, ch.owner_id, a.ownerId)).id;

      if (Object.keys(patch).length) {
        await db.update(Activity, { id }, patch);
        const date = patch.date ?? a.date;
        if (companyChanged || date !== a.date) {
          await this.retractVisit(db, ws, a.customerId, a.date);
          await applyVisit(db, ws, customerId, date);
        }
        if (oppId !== null) await this.touchOpportunity(db, oppId);
        await this.followUpAfterEdit(auth, db, a, patch);
      }
      return (await this.hydrate(auth, [(await db.byId(Activity, id))!]))[0]!;
    });
  }

  /**
   * Hard delete (a visit logged by mistake); the company's last visit falls back to the latest remaining
   * one. A tombstone in the same transaction lets a sync see the deletion (GET /deleted).
   */
  async remove(auth: UserContext, id: number): Promise<void> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    await this.uow.run(async () => {
      const a = await this.access.findVisible(Activity, auth, id, 'activity', true);
      this.access.assertCanEdit(auth, a.ownerId);
      await db.delete(Activity, { id });
      await dropFollowUp(this.followUpContext(auth), a);
      await this.deleted.record({ workspaceId: ws.id, type: 'activity', recordId: id, ownerId: a.ownerId, userIds: [] });
      await this.retractVisit(db, ws, a.customerId, a.date);
    });
  }

  private followUpContext(auth: UserContext): FollowUpContext {
    return { db: this.uow.tenant(auth.workspace.id), ws: auth.workspace, userId: auth.user.id, lang: callerLang(auth), deleted: this.deleted };
  }

  /** An edit that touches the next step or what its task names (company, opportunity, people, owner) updates that one task. */
  private async followUpAfterEdit(auth: UserContext, db: TenantDb, before: Activity, patch: Partial<Activity>): Promise<void> {
    const keys: (keyof Activity)[] = ['nextAction', 'nextDate', 'blocks', 'customerId', 'oppId', 'personIds', 'ownerId'];
    if (!keys.some((k) => k in patch)) return;
    const after = { ...before, ...patch } as Activity;
    const stepChanged = (patch.nextAction !== undefined && patch.nextAction !== before.nextAction) || (patch.nextDate !== undefined && patch.nextDate !== before.nextDate);
    const company = await db.byId(Company, after.customerId);
    const taskId = await syncFollowUp(this.followUpContext(auth), after, company?.name ?? '', stepChanged);
    if (taskId !== before.followUpTaskId) await db.update(Activity, { id: before.id }, { followUpTaskId: taskId });
  }

  /** The people must exist, be visible and work for the visited company. */
  private async checkPeople(auth: UserContext, companyId: number, ids: number[]): Promise<Person[]> {
    const people = await this.refs.people(auth, ids, 'person_ids');
    const foreign = people.filter((p) => p.customerId !== companyId).map((p) => p.id);
    if (foreign.length) throw invalid('person_ids', `person ${foreign.join(', ')} does not belong to company ${companyId}`);
    return people;
  }

  private async checkOpp(auth: UserContext, companyId: number, id: number): Promise<Opportunity> {
    const o = await this.refs.opportunity(auth, id, 'opp_id');
    if (o.customerId !== companyId) throw invalid('opp_id', `opportunity ${id} belongs to another company`);
    return o;
  }

  private async touchOpportunity(db: TenantDb, oppId: number): Promise<void> {
    await db.update(Opportunity, { id: oppId }, { lastActivityAt: new Date() });
  }

  /**
   * A visit on `date` moved away or deleted: when it was the company's last visit, last_visit becomes
   * the latest remaining visit (none: null, and next_visit_due counts from the company's creation).
   */
  private async retractVisit(db: TenantDb, ws: Workspace, companyId: number, date: string): Promise<void> {
    const company = await db.byId(Company, companyId, true);
    if (!company || company.lastVisit !== date) return;
    const row = await db
      .qb(Activity, 'a')
      .select('MAX(a.date)', 'last')
      .andWhere('a.customer_id = :companyId', { companyId })
      .getRawOne<{ last: string | null }>();
    const last = row?.last ?? null;
    if (last === date) return;
    const due = nextVisitDue(last ?? dateIn(company.createdAt, ws.timezone), company.status, ws.constants.visit_period);
    await db.update(Company, { id: companyId }, { lastVisit: last, nextVisitDue: due });
  }

  /** Owners, company names, people and opportunity names of a page: one query each (none for an empty set). */
  private async hydrate(auth: UserContext, rows: Activity[]): Promise<ActivityView[]> {
    if (!rows.length) return [];
    const ws = auth.workspace.id;
    const db = this.uow.tenant(ws);
    const users = await this.users.byIds(ws, rows.map((r) => r.ownerId));
    const companyIds = uniq(rows.map((r) => r.customerId));
    const personIds = uniq(rows.flatMap((r) => r.personIds));
    const oppIds = uniq(rows.map((r) => r.oppId).filter((x): x is number => x !== null));
    // one key probe per id (O(page) whatever the statistics); a linked record the caller cannot open is not named
    const visible = await this.access.visibleOwnerIds(auth);
    const companies = await namesByIds(db, 'companies', companyIds, visible);
    const people = await namesByIds(db, 'people', personIds, visible);
    const opps = await namesByIds(db, 'opportunities', oppIds, visible);
    const taskIds = uniq(rows.map((r) => r.followUpTaskId).filter((x): x is number => x !== null));
    const tasks = taskIds.length ? new Map((await db.find(Task, { select: { workspaceId: true, id: true, title: true }, where: { id: In(taskIds) } })).map((t) => [t.id, t.title])) : new Map<number, string>();
    return rows.map((a) => ({
      activity: a,
      customer: companies.get(a.customerId) ?? '',
      people: a.personIds.filter((id) => people.has(id)).map((id) => ({ id, name: people.get(id)! })),
      opp: a.oppId !== null ? (opps.get(a.oppId) ?? null) : null,
      task: a.followUpTaskId !== null ? (tasks.get(a.followUpTaskId) ?? null) : null,
      users,
      canEdit: this.access.canEdit(auth, a.ownerId),
    }));
  }
}
