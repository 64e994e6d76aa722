import { Injectable } from '@nestjs/common';
import { Brackets } from 'typeorm';
import { DomainError, forbidden, invalidFields, notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { Page, paginate, PageQuery } from '../shared/paging';
import { RefsService } from '../shared/refs.service';
import { checkDefinition, checkValues } from './approval-fields';
import { ApprovalList } from './approval-list.entity';
import { ApprovalComputed, ApprovalRequest, ApprovalStatus } from './approval-request.entity';
import { MAX_LEAVE_SPAN_DAYS, workingDays, type WorkingDays } from './working-days';
import { daysBetween, isIsoDate } from '../../../platform/common/time';

export interface ApprovalListInput {
  name?: string;
  approver_id?: number;
  fields?: unknown;
  working_days?: unknown;
  active?: boolean;
}

export interface SubmitInput {
  values?: unknown;
  note?: string;
}

/** Whose requests a list shows: assigned to me (default), made by me, or both (admins: all). */
export type ApprovalBox = 'approver' | 'requester' | 'all';

export interface ApprovalQuery extends Omit<PageQuery, 'updatedSince'> {
  role?: ApprovalBox;
  status?: ApprovalStatus;
  list_id?: number;
  updated_since?: string;
}

export interface ListView {
  list: ApprovalList;
  approver: User | undefined;
}

export interface RequestViews {
  lists: Map<number, ApprovalList>;
  users: Map<number, User>;
}

export interface RequestOne {
  item: ApprovalRequest;
  views: RequestViews;
}

export interface RequestPage extends Page<ApprovalRequest> {
  views: RequestViews;
}

export interface SubmitOptions {
  /** Sample data (demo seed). */
  isSample?: boolean;
}

/**
 * Approval lists and their requests (docs/crm-rules.md "Approvals"). A request is visible to its
 * requester, its approver and admins; only the approver or an admin decides it, once.
 */
@Injectable()
export class ApprovalsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly refs: RefsService,
    private readonly users: UsersService,
  ) {}

  /** The workspace's active lists (admins: `all` includes inactive ones). */
  async forms(auth: UserContext, all = false): Promise<ListView[]> {
    const lists = await this.uow.tenant(auth.workspace.id).find(ApprovalList, { where: all && isAdmin(auth) ? {} : { active: true }, order: { name: 'ASC', id: 'ASC' }, take: 500 });
    const users = await this.users.byIds(auth.workspace.id, lists.map((l) => l.approverId));
    return lists.map((list) => ({ list, approver: users.get(list.approverId) }));
  }

  async createList(auth: UserContext, input: ApprovalListInput, opts: SubmitOptions = {}): Promise<ListView> {
    if (!isAdmin(auth)) throw forbidden('only admins manage approval lists');
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const name = (input.name ?? '').trim();
      const def = checkDefinition(input.fields, input.working_days);
      const problems = [...(name ? [] : [{ field: 'name', message: 'is required' }]), ...def.problems];
      if (input.approver_id === undefined) problems.push({ field: 'approver_id', message: 'is required' });
      if (problems.length) throw invalidFields(problems);
      const approver = await this.refs.user(auth, input.approver_id!, 'approver_id');
      const list = await db.save(
        ApprovalList,
        db.create(ApprovalList, { name, fields: def.fields, daysStart: def.daysStart, daysEnd: def.daysEnd, approverId: approver.id, active: input.active ?? true, isSample: opts.isSample ?? false }),
      );
      return { list, approver };
    });
  }

  /** Name, approver and active flag; fields and working days only together (the definition as a whole). */
  async updateList(auth: UserContext, id: number, input: ApprovalListInput): Promise<ListView> {
    if (!isAdmin(auth)) throw forbidden('only admins manage approval lists');
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const list = await db.byId(ApprovalList, id, true);
      if (!list) throw notFound('approval list');
      if (input.name !== undefined) {
        const name = (input.name ?? '').trim();
        if (!name) throw invalidFields([{ field: 'name', message: 'must not be empty' }]);
        list.name = name;
      }
      if (input.fields !== undefined || input.working_days !== undefined) {
        const def = checkDefinition(input.fields ?? list.fields, input.working_days !== undefined ? input.working_days : list.daysStart ? { start: list.daysStart, end: list.daysEnd } : undefined);
        if (def.problems.length) throw invalidFields(def.problems);
        Object.assign(list, { fields: def.fields, daysStart: def.daysStart, daysEnd: def.daysEnd });
      }
      if (input.approver_id !== undefined) list.approverId = (await this.refs.user(auth, input.approver_id, 'approver_id')).id;
      if (input.active !== undefined) list.active = input.active;
      const saved = await db.save(ApprovalList, list);
      return { list: saved, approver: (await this.users.byIds(auth.workspace.id, [saved.approverId])).get(saved.approverId) };
    });
  }

  /**
   * Working days from `start` to `end` (both `YYYY-MM-DD`, included) by the rules of a leave request, so
   * a form shows the count while the user picks dates (nothing is stored).
   */
  countWorkingDays(auth: UserContext, start: string, end: string): WorkingDays {
    const problems: { field: string; message: string }[] = [];
    if (!isIsoDate(start)) problems.push({ field: 'start', message: 'must be a date YYYY-MM-DD' });
    if (!isIsoDate(end)) problems.push({ field: 'end', message: 'must be a date YYYY-MM-DD' });
    if (!problems.length) {
      const span = daysBetween(start, end);
      if (span < 0) problems.push({ field: 'end', message: 'must not be before start' });
      else if (span >= MAX_LEAVE_SPAN_DAYS) problems.push({ field: 'end', message: `at most ${MAX_LEAVE_SPAN_DAYS} days after start` });
    }
    if (problems.length) throw invalidFields(problems);
    return workingDays(start, end, auth.workspace.constants.holiday_country);
  }

  /**
   * Adds an entry to list `listId` and sends it to the list's approver; a caller who is the approver
   * gets it approved at once. Leave lists compute working days (weekends and public holidays of
   * `constants.holiday_country` excluded).
   */
  async submit(auth: UserContext, listId: number, input: SubmitInput, opts: SubmitOptions = {}): Promise<RequestOne> {
    const db = this.uow.tenant(auth.workspace.id);
    const item = await this.uow.run(async () => {
      const list = await db.byId(ApprovalList, listId);
      if (!list || !list.active) throw notFound('approval list');
      if (input.values === undefined || input.values === null) throw invalidFields([{ field: 'values', message: 'is required: an object of field key -> value' }]);
      const checked = checkValues(list, input.values);
      if (checked.problems.length) throw invalidFields(checked.problems);
      for (const p of checked.persons) await this.refs.user(auth, p.id, `values.${p.key}`);
      const computed: ApprovalComputed = {};
      if (list.daysStart) {
        const country = auth.workspace.constants.holiday_country;
        Object.assign(computed, workingDays(checked.values[list.daysStart] as string, checked.values[list.daysEnd] as string, country));
      }
      const self = list.approverId === auth.user.id;
      const now = new Date();
      return db.save(
        ApprovalRequest,
        db.create(ApprovalRequest, {
          listId: list.id,
          requesterId: auth.user.id,
          approverId: list.approverId,
          status: self ? 'approved' : 'pending',
          values: checked.values,
          computed,
          note: (input.note ?? '').trim(),
          decisionNote: '',
          decidedBy: self ? auth.user.id : null,
          decidedAt: self ? now : null,
          isSample: opts.isSample ?? false,
        }),
      );
    });
    return { item, views: await this.views(auth, [item]) };
  }

  async list(auth: UserContext, q: ApprovalQuery): Promise<RequestPage> {
    const me = auth.user.id;
    const qb = this.uow.tenant(auth.workspace.id).qb(ApprovalRequest, 'r');
    const role = q.role ?? 'approver';
    if (role === 'approver') qb.andWhere('r.approver_id = :me', { me });
    else if (role === 'requester') qb.andWhere('r.requester_id = :me', { me });
    else if (!isAdmin(auth)) qb.andWhere(new Brackets((w) => w.where('r.approver_id = :me', { me }).orWhere('r.requester_id = :me', { me })));
    if (q.status) qb.andWhere('r.status = :status', { status: q.status });
    if (q.list_id !== undefined) qb.andWhere('r.list_id = :listId', { listId: q.list_id });
    const page = await paginate(qb, 'r', { limit: q.limit, cursor: q.cursor, sort: q.sort, updatedSince: q.updated_since }, auth.workspace.timezone);
    return { ...page, views: await this.views(auth, page.items) };
  }

  async get(auth: UserContext, id: number): Promise<RequestOne> {
    const item = await this.visible(auth, id);
    return { item, views: await this.views(auth, [item]) };
  }

  /** Approve or reject a pending request: its approver or an admin (403 for the requester, 404 for others); once (409). */
  async decide(auth: UserContext, id: number, decision: 'approved' | 'rejected', note?: string): Promise<RequestOne> {
    const db = this.uow.tenant(auth.workspace.id);
    const item = await this.uow.run(async () => {
      const r = await this.visible(auth, id, true);
      if (!this.canDecide(auth, r)) throw forbidden('only the approver or an admin decides this request');
      if (r.status !== 'pending') throw new DomainError('conflict', `the request was already ${r.status}`);
      Object.assign(r, { status: decision, decisionNote: (note ?? '').trim(), decidedBy: auth.user.id, decidedAt: new Date() });
      return db.save(ApprovalRequest, r);
    });
    return { item, views: await this.views(auth, [item]) };
  }

  canDecide(auth: UserContext, r: ApprovalRequest): boolean {
    return isAdmin(auth) || r.approverId === auth.user.id;
  }

  private async visible(auth: UserContext, id: number, lock = false): Promise<ApprovalRequest> {
    const r = await this.uow.tenant(auth.workspace.id).byId(ApprovalRequest, id, lock);
    if (!r || !(isAdmin(auth) || r.requesterId === auth.user.id || r.approverId === auth.user.id)) throw notFound('approval request');
    return r;
  }

  /** Lists and users of a set of requests: one query each. */
  private async views(auth: UserContext, items: ApprovalRequest[]): Promise<RequestViews> {
    const listIds = [...new Set(items.map((r) => r.listId))];
    const lists = listIds.length ? await this.uow.tenant(auth.workspace.id).qb(ApprovalList, 'l').andWhere('l.id IN (:...listIds)', { listIds }).getMany() : [];
    const users = await this.users.byIds(auth.workspace.id, items.flatMap((r) => [r.requesterId, r.approverId, r.decidedBy]));
    return { lists: new Map(lists.map((l) => [l.id, l])), users };
  }
}
