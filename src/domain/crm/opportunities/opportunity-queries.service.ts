import { Injectable } from '@nestjs/common';
import { notFound } from '../../../platform/common/errors';
import { daysBetween, dateIn, todayIn } from '../../../platform/common/time';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { UsersService } from '../../identity/users.service';
import { MODULES } from '../../workspace/defaults';
import { Workspace } from '../../workspace/workspace.entity';
import { ObjectRecordsService } from '../objects';
import { OrdersService } from '../orders';
import { Activity } from '../activities/activity.entity';
import { Company } from '../companies/company.entity';
import { Product } from '../products/product.entity';
import { AccessService } from '../shared/access.service';
import { searchPattern } from '../shared/search';
import { fromRowsByKeys, leftJoinLateralAndMapOne } from '../shared/lateral';
import { applyPage, applyPageWalked, finishPage, SortMode } from '../shared/paging';
import { RecordOpensService } from '../record-opens';
import { RefsService } from '../shared/refs.service';
import { Task } from '../tasks/task.entity';
import { Note } from './note.entity';
import { OppLog } from './opp-log.entity';
import { Opportunity } from './opportunity.entity';
import type { OppBrief, OppChange, OppComputed, OppDetail, OppListQuery, OppPage, OppThread, OppView } from './opportunity.types';
import * as R from './opportunities.rules';
import { Step } from './step.entity';

/** An opportunity row with its company, product and last stage change joined in (one query). */
type OppRow = Opportunity & { joinedCustomer?: Company | null; joinedProduct?: Product | null; joinedLastLog?: OppLog | null };

/**
 * Reads of opportunities: the list (one query joining company, product and the last stage change, then
 * one for the users), a record with its nested arrays, the brief a tool answers after a change, and the
 * computed fields.
 */
@Injectable()
export class OpportunityQueries {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly users: UsersService,
    private readonly opens: RecordOpensService,
    private readonly orders: OrdersService,
    private readonly objects: ObjectRecordsService,
  ) {}

  async list(auth: UserContext, q: OppListQuery): Promise<OppPage> {
    const { qb, page } = await this.listQuery(auth, q);
    const { items, nextCursor } = finishPage((await qb.getMany()) as OppRow[], page);
    const views = items.map((o) => this.view(auth, o, o.joinedCustomer ?? null, o.joinedProduct ?? null, o.joinedLastLog ?? null));
    const users = await this.users.byIds(auth.workspace.id, items.map((o) => o.ownerId));
    return { items: views, users, nextCursor };
  }

  /**
   * The list's one query (exposed so its plan can be checked, see docs/crm-rules.md): the page's ids first,
   * chosen from the opportunities alone (filters, keyset order and LIMIT on their indexes; an index walk for
   * the unfiltered list), then by those keys
   * rows only the company, the product and the last stage change (a lateral `ORDER BY id DESC LIMIT 1` on
   * opp_logs' (workspace_id, opp_id, id) index). So it reads O(page) rows whatever the planner's
   * statistics: joined in one level, the planner could hash every opportunity of the workspace (and probe
   * opp_logs for each) before the LIMIT.
   */
  async listQuery(auth: UserContext, q: OppListQuery) {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    const ids = db.qb(Opportunity, 'po').select('po.id');
    const visible = await this.access.visibleOwnerIds(auth);
    if (visible) ids.andWhere('po.owner_id IN (:...visible)', { visible });
    if (q.stage !== undefined) ids.andWhere('po.stage = :stage', { stage: this.refs.oneOf(auth, 'stages', q.stage, 'stage') });
    if (q.owner_id !== undefined) ids.andWhere('po.owner_id = :owner', { owner: q.owner_id });
    if (q.customer_id !== undefined) ids.andWhere('po.customer_id = :customer', { customer: q.customer_id });
    if (q.status) ids.andWhere('po.is_open = :open', { open: q.status === 'open' });
    if (q.q?.trim()) ids.andWhere(`po.name ILIKE :q ESCAPE '\\'`, { q: searchPattern(q.q.trim()) });
    const qb = db.qb(Opportunity, 'o');
    let page: { limit: number; sort: SortMode };
    if (!visible && q.stage === undefined && q.owner_id === undefined && q.customer_id === undefined && !q.status && !q.q?.trim()) {
      // the unfiltered list walks the key's index (applyPageWalked): O(page) without statistics too
      page = applyPageWalked(qb, 'o', q, ws.timezone, { table: 'opportunities', workspaceId: ws.id });
    } else {
      page = applyPage(ids, 'po', q, ws.timezone);
      ids.take(undefined).limit(page.limit + 1);
      // the page's rows by their keys (a join to the ids let the planner scan the workspace to hash or merge them)
      fromRowsByKeys(qb, 'opportunities', ids.getQuery(), ws.id).setParameters(ids.getParameters());
      if (page.sort === 'update') qb.orderBy('o.updated_at', 'ASC').addOrderBy('o.id', 'ASC');
      else qb.orderBy('o.id', 'DESC');
    }
    // a plain LIMIT (with joins, take() would run a separate DISTINCT query)
    qb.take(undefined).limit(page.limit + 1);
    // company and product: one key probe per row of the page (a plain join let the planner scan the workspace's companies)
    leftJoinLateralAndMapOne(qb, 'o.joinedCustomer', Company, 'c', 'SELECT c1.* FROM companies c1 WHERE c1.workspace_id = o.workspace_id AND c1.id = o.customer_id LIMIT 1');
    leftJoinLateralAndMapOne(qb, 'o.joinedProduct', Product, 'p', 'SELECT p1.* FROM products p1 WHERE p1.workspace_id = o.workspace_id AND p1.id = o.product_id LIMIT 1');
    leftJoinLateralAndMapOne(
      qb,
      'o.joinedLastLog',
      OppLog,
      'l',
      'SELECT l1.* FROM opp_logs l1 WHERE l1.workspace_id = o.workspace_id AND l1.opp_id = o.id ORDER BY l1.id DESC LIMIT 1',
    );
    return { qb, page };
  }

  /** One record (404 when the caller may not see it) with its nested arrays; records the open for Today. */
  async get(auth: UserContext, id: number): Promise<OppDetail> {
    const row = (await this.uow
      .tenant(auth.workspace.id)
      .qb(Opportunity, 'o')
      .leftJoinAndMapOne('o.joinedCustomer', Company, 'c', 'c.workspace_id = o.workspace_id AND c.id = o.customer_id')
      .leftJoinAndMapOne('o.joinedProduct', Product, 'p', 'p.workspace_id = o.workspace_id AND p.id = o.product_id')
      .andWhere('o.id = :id', { id })
      .getOne()) as OppRow | null;
    if (!row || !this.access.canSee(await this.access.visibleOwnerIds(auth), row.ownerId)) throw notFound('opportunity');
    await this.opens.touch(auth, 'opportunity', id);
    return this.detail(auth, row, { customer: row.joinedCustomer ?? null, product: row.joinedProduct ?? null });
  }

  /** A record with its nested arrays; `known` skips the lookups of a company or product already at hand. */
  async detail(auth: UserContext, o: Opportunity, known: { customer?: Company | null; product?: Product | null } = {}): Promise<OppDetail> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    const where = { oppId: o.id };
    const [customer, product, logs, steps, notes, tasks, visits, orders, objects, threads] = await this.uow.all(
      () => (known.customer !== undefined ? known.customer : db.byId(Company, o.customerId)),
      () => (!o.productId ? null : known.product !== undefined && known.product?.id === o.productId ? known.product : db.byId(Product, o.productId)),
      () => db.find(OppLog, { where, order: { id: 'ASC' } }),
      () => db.find(Step, { where, order: { id: 'ASC' } }),
      () => notesOf(db, o.id),
      () => db.find(Task, { where, order: { id: 'DESC' }, take: 100 }),
      () => db.find(Activity, { where, order: { date: 'DESC', id: 'DESC' }, take: 100 }),
      () => (auth.modules.includes(MODULES.orders) ? this.orders.forOpportunity(auth, o.id) : []),
      () => this.objects.linkedTo(auth, 'opportunity', o.id),
      () =>
        o.threadsN > 0 && auth.modules.includes(MODULES.email) // threads_n counts them: no read for the many without e-mail
          ? db.sql<OppThread>('SELECT id, subject, messages_n, last_message_at, user_id FROM email_threads WHERE workspace_id = $1 AND opp_id = $2 ORDER BY last_message_at DESC, id DESC LIMIT 50', [o.id])
          : [],
    );
    const users = await this.users.byIds(ws.id, [o.ownerId, ...logs.map((l) => l.userId), ...steps.map((s) => s.assigneeId), ...notes.map((n) => n.userId), ...tasks.map((t) => t.assigneeId)]);
    const last = logs[logs.length - 1] ?? null;
    return { ...this.view(auth, o, customer, product, last), logs, steps, notes, tasks, visits, orders, objects, threads, users };
  }

  /** After a command: the record as it was changed, its company (read only when the command did not have it) and its notes. */
  async brief(auth: UserContext, change: OppChange): Promise<OppBrief> {
    const db = this.uow.tenant(auth.workspace.id);
    const o = change.opp;
    const [customer, notes] = await this.uow.all(
      () => (change.customer !== undefined ? change.customer : db.byId(Company, o.customerId)),
      () => notesOf(db, o.id),
    );
    return { opp: o, customer, nextStage: R.nextStage(auth.workspace.constants, o.stage), notes };
  }

  private view(auth: UserContext, o: Opportunity, customer: Company | null, product: Product | null, lastLog: OppLog | null): OppView {
    const canEdit = this.access.canEdit(auth, o.ownerId);
    return {
      opp: o,
      customer,
      product,
      canEdit,
      canRevive: canEdit && R.isLostOrCancelled(auth.workspace.constants, o.stage) && !o.revivedToId,
      computed: compute(auth.workspace, o, customer, lastLog),
    };
  }
}

/** The notes of an opportunity, newest first. */
const notesOf = (db: TenantDb, oppId: number): Promise<Note[]> => db.find(Note, { where: { recordType: 'opportunity', recordId: oppId }, order: { id: 'DESC' } });

/** All rule outputs of one opportunity, as of today in the workspace's time zone. */
export function compute(ws: Workspace, o: Opportunity, customer: Company | null, lastLog: OppLog | null, now = new Date()): OppComputed {
  const c = ws.constants;
  const today = todayIn(ws.timezone, now);
  const isOpen = R.isOpenStage(c, o.stage);
  const next = R.nextStage(c, o.stage);
  const sla = R.sla(c, o.stage, dateIn(o.stageChangedAt, ws.timezone), today);
  const lifetimeLeft = R.lifetimeLeft(o.startDate, ws.app.opp_lifetime_days, today, isOpen);
  const valueBase = R.toBase(o.value, o.currency, ws.app.currency_base, ws.currencyRates);
  const prob = R.prob(c, o.stage, o.probability);
  const bant = R.bantScore(o);
  return {
    isOpen,
    nextStage: next,
    gateProblems: isOpen && next ? R.gateProblems(c, o, next, today) : [],
    bant,
    sla,
    lifetimeLeft,
    valueBase,
    prob,
    weighted: R.round2(valueBase * prob),
    fc: R.forecastCategory(c, o.stage, o.fc),
    health: R.health({
      open: isOpen,
      daysSinceActivity: Math.max(0, daysBetween(dateIn(o.lastActivityAt, ws.timezone), today)),
      slaLeft: sla.sla_left,
      slaDays: sla.sla_days,
      nextStep: o.nextStep,
      bant,
      closeDate: o.closeDate,
      lifetimeLeft,
      today,
      manual: o.healthGrade ? { grade: o.healthGrade, label: o.healthLabel ?? '' } : null,
    }),
    trend: R.trend(c, lastLog ? { from: lastLog.fromStage, to: lastLog.toStage } : null),
    isAccount: !!customer && R.isAccount(c.customer_account_statuses, customer),
  };
}
