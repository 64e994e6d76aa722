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
import { foldedMatch, foldedPattern } from '../shared/search';
import { fromRowsByKeys, leftJoinLateral } from '../shared/lateral';
import { applyPage, applyPageWalked, applySearch, finishPage, SortMode } from '../shared/paging';
import { RecordOpensService } from '../record-opens';
import { RefsService } from '../shared/refs.service';
import { Task } from '../tasks/task.entity';
import { Note } from './note.entity';
import { OppLog } from './opp-log.entity';
import { Opportunity } from './opportunity.entity';
import type { OppBrief, OppChange, OppComputed, OppCustomer, OppDetail, OppLastLog, OppListQuery, OppPage, OppProduct, OppThread, OppView } from './opportunity.types';
import { bantScore, forecastCategory, gateProblems, health, isAccount, isLostOrCancelled, isOpenStage, lifetimeLeft, nextStage, prob, round2, sla, toBase, trend } from './opportunities.rules';
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
    const { items, nextCursor } = finishPage((await qb.getRawMany<OppListRow>()).map(listed), page);
    const views = items.map((r) => this.view(auth, r.opp, r.customer, r.product, r.lastLog));
    const users = await this.users.byIds(auth.workspace.id, items.map((r) => r.opp.ownerId));
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
    if (q.q?.trim()) ids.andWhere(foldedMatch('po.name_fold'), { q: foldedPattern(q.q) });
    if (q.external_id !== undefined) ids.andWhere('po.external_id = :externalId', { externalId: q.external_id.trim() });
    // at most MAX_LIST_IDS primary-key probes: unknown or invisible ids simply do not match
    if (q.ids !== undefined) ids.andWhere(q.ids.length ? 'po.id IN (:...byIds)' : '1 = 0', { byIds: q.ids });
    const qb = db.qb(Opportunity, 'o');
    let page: { limit: number; sort: SortMode };
    if (!visible && q.stage === undefined && q.owner_id === undefined && q.customer_id === undefined && !q.status && !q.q?.trim() && q.external_id === undefined && q.ids === undefined) {
      // the unfiltered list walks the key's index (applyPageWalked): O(page) without statistics too
      page = applyPageWalked(qb, 'o', q, ws.timezone, { table: 'opportunities', workspaceId: ws.id });
    } else if (q.q?.trim() && (q.sort ?? 'recent') === 'recent') {
      // a text search: the newest rows first, the trigram index only for what they do not fill (applySearch)
      page = applySearch(qb, 'o', q, { table: 'opportunities', workspaceId: ws.id }, { ids, alias: 'po' });
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
    // company and product: one key probe per row of the page (a plain join let the planner scan the workspace's companies);
    // only the columns the list shows, read into plain rows (listed) instead of hydrated entities
    leftJoinLateral(qb, Company, 'c', 'SELECT c1.id, c1.name, c1.city, c1.status, c1.erp_code FROM companies c1 WHERE c1.workspace_id = o.workspace_id AND c1.id = o.customer_id LIMIT 1');
    leftJoinLateral(qb, Product, 'p', 'SELECT p1.id, p1.name FROM products p1 WHERE p1.workspace_id = o.workspace_id AND p1.id = o.product_id LIMIT 1');
    leftJoinLateral(
      qb,
      OppLog,
      'l',
      'SELECT l1.from_stage, l1.to_stage FROM opp_logs l1 WHERE l1.workspace_id = o.workspace_id AND l1.opp_id = o.id ORDER BY l1.id DESC LIMIT 1',
    );
    qb.select(LIST_COLUMNS);
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
    return { ...this.view(auth, o, customer, product, last), customer, product, logs, steps, notes, tasks, visits, orders, objects, threads, users };
  }

  /** After a command: the record as it was changed, its company (read only when the command did not have it) and its notes. */
  async brief(auth: UserContext, change: OppChange): Promise<OppBrief> {
    const db = this.uow.tenant(auth.workspace.id);
    const o = change.opp;
    const [customer, notes] = await this.uow.all(
      () => (change.customer !== undefined ? change.customer : db.byId(Company, o.customerId)),
      () => notesOf(db, o.id),
    );
    return { opp: o, customer, nextStage: nextStage(auth.workspace.constants, o.stage), notes };
  }

  private view(auth: UserContext, o: Opportunity, customer: OppCustomer | null, product: OppProduct | null, lastLog: OppLastLog | null): OppView {
    const canEdit = this.access.canEdit(auth, o.ownerId);
    return {
      opp: o,
      customer,
      product,
      canEdit,
      canRevive: canEdit && isLostOrCancelled(auth.workspace.constants, o.stage) && !o.revivedToId,
      computed: compute(auth.workspace, o, customer, lastLog),
    };
  }
}

/** The list's select: every column of the opportunity, and of its company, product and last stage change what the list shows. */
const LIST_COLUMNS =
  'o.workspace_id, o.id, o.name, o.customer_id, o.owner_id, o.stage, o.is_open, o.stage_changed_at, o.value, o.currency, o.potential_kg, o.unit, ' +
  'o.product_id, o.close_date, o.start_date, o.type, o.source, o.competitor, o.external_id, o.note, o.line, o.next_step, o.offer_price, o.payment_days, ' +
  'o.probability, o.bant_b, o.bant_a, o.bant_n, o.bant_t, o.fc, o.health_grade, o.health_label, o.health_note, o.close_reason, ' +
  'o.close_category, o.detail_status, o.closed_at, o.tags, o.revived_from_id, o.revived_to_id, o.last_activity_at, o.is_sample, o.threads_n, ' +
  'o.created_at, o.updated_at, c.id AS c_id, c.name AS c_name, c.city AS c_city, c.status AS c_status, c.erp_code AS c_erp_code, ' +
  'p.id AS p_id, p.name AS p_name, l.from_stage AS l_from_stage, l.to_stage AS l_to_stage';

/** A row of LIST_COLUMNS (dates are strings, numerics numbers: platform/database/pg-types). */
interface OppListRow {
  workspace_id: number;
  id: number;
  name: string;
  customer_id: number;
  owner_id: number;
  stage: string;
  is_open: boolean;
  stage_changed_at: Date;
  value: number;
  currency: string;
  potential_kg: number;
  unit: string;
  product_id: number | null;
  close_date: string;
  start_date: string;
  type: string;
  source: string;
  competitor: string;
  external_id: string | null;
  note: string;
  line: string;
  next_step: string;
  offer_price: number | null;
  payment_days: number | null;
  probability: number | null;
  bant_b: boolean;
  bant_a: boolean;
  bant_n: boolean;
  bant_t: boolean;
  fc: string | null;
  health_grade: string | null;
  health_label: string | null;
  health_note: string;
  close_reason: string;
  close_category: string;
  detail_status: string;
  closed_at: Date | null;
  tags: string[];
  revived_from_id: number | null;
  revived_to_id: number | null;
  last_activity_at: Date;
  is_sample: boolean;
  threads_n: number;
  created_at: Date;
  updated_at: Date;
  c_id: number | null;
  c_name: string;
  c_city: string;
  c_status: string;
  c_erp_code: string;
  p_id: number | null;
  p_name: string;
  l_from_stage: string | null;
  l_to_stage: string | null;
}

interface OppListed {
  id: number;
  updatedAt: Date;
  opp: Opportunity;
  customer: OppCustomer | null;
  product: OppProduct | null;
  lastLog: OppLastLog | null;
}

/** A list row as the view reads it (id and updatedAt for the page's cursor). */
function listed(r: OppListRow): OppListed {
  const opp: Opportunity = {
    workspaceId: r.workspace_id,
    id: r.id,
    name: r.name,
    customerId: r.customer_id,
    ownerId: r.owner_id,
    stage: r.stage,
    isOpen: r.is_open,
    stageChangedAt: r.stage_changed_at,
    value: r.value,
    currency: r.currency,
    potentialKg: r.potential_kg,
    unit: r.unit,
    productId: r.product_id,
    closeDate: r.close_date,
    startDate: r.start_date,
    type: r.type,
    source: r.source,
    competitor: r.competitor,
    externalId: r.external_id,
    note: r.note,
    line: r.line,
    nextStep: r.next_step,
    offerPrice: r.offer_price,
    paymentDays: r.payment_days,
    probability: r.probability,
    bantB: r.bant_b,
    bantA: r.bant_a,
    bantN: r.bant_n,
    bantT: r.bant_t,
    fc: r.fc,
    healthGrade: r.health_grade,
    healthLabel: r.health_label,
    healthNote: r.health_note,
    closeReason: r.close_reason,
    closeCategory: r.close_category,
    detailStatus: r.detail_status,
    closedAt: r.closed_at,
    tags: r.tags,
    revivedFromId: r.revived_from_id,
    revivedToId: r.revived_to_id,
    lastActivityAt: r.last_activity_at,
    isSample: r.is_sample,
    threadsN: r.threads_n,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
  return {
    id: r.id,
    updatedAt: r.updated_at,
    opp,
    customer: r.c_id === null ? null : { id: r.c_id, name: r.c_name, city: r.c_city, status: r.c_status, erpCode: r.c_erp_code },
    product: r.p_id === null ? null : { id: r.p_id, name: r.p_name },
    lastLog: r.l_to_stage === null ? null : { fromStage: r.l_from_stage, toStage: r.l_to_stage },
  };
}

/** The notes of an opportunity, newest first. */
const notesOf = (db: TenantDb, oppId: number): Promise<Note[]> => db.find(Note, { where: { recordType: 'opportunity', recordId: oppId }, order: { id: 'DESC' } });

/** All rule outputs of one opportunity, as of today in the workspace's time zone. */
export function compute(ws: Workspace, o: Opportunity, customer: OppCustomer | null, lastLog: OppLastLog | null, now = new Date()): OppComputed {
  const c = ws.constants;
  const today = todayIn(ws.timezone, now);
  const isOpen = isOpenStage(c, o.stage);
  const next = nextStage(c, o.stage);
  const stageSla = sla(c, o.stage, dateIn(o.stageChangedAt, ws.timezone), today);
  const daysLeft = lifetimeLeft(o.startDate, ws.app.opp_lifetime_days, today, isOpen);
  const valueBase = toBase(o.value, o.currency, ws.app.currency_base, ws.currencyRates);
  const probability = prob(c, o.stage, o.probability);
  const bant = bantScore(o);
  return {
    isOpen,
    nextStage: next,
    gateProblems: isOpen && next ? gateProblems(c, o, next, today) : [],
    bant,
    sla: stageSla,
    lifetimeLeft: daysLeft,
    valueBase,
    prob: probability,
    weighted: round2(valueBase * probability),
    fc: forecastCategory(c, o.stage, o.fc),
    health: health({
      open: isOpen,
      daysSinceActivity: Math.max(0, daysBetween(dateIn(o.lastActivityAt, ws.timezone), today)),
      slaLeft: stageSla.sla_left,
      slaDays: stageSla.sla_days,
      nextStep: o.nextStep,
      bant,
      closeDate: o.closeDate,
      lifetimeLeft: daysLeft,
      today,
      manual: o.healthGrade ? { grade: o.healthGrade, label: o.healthLabel ?? '' } : null,
    }),
    trend: trend(c, lastLog ? { from: lastLog.fromStage, to: lastLog.toStage } : null),
    isAccount: !!customer && isAccount(c.customer_account_statuses, customer),
  };
}
