import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { DomainError, forbidden, invalid, notFound } from '../../common/errors';
import { daysBetween, dateIn, isIsoDate, todayIn } from '../../common/time';
import { UnitOfWork } from '../../database/unit-of-work';
import { UserContext } from '../../identity/auth/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { Workspace } from '../../workspace/workspace.entity';
import { Activity } from '../activities/activity.entity';
import { Company } from '../companies/company.entity';
import { Product } from '../products/product.entity';
import { AccessService } from '../shared/access.service';
import { recordPath, rid } from '../shared/event-data';
import { applyPage, finishPage, PageQuery } from '../shared/paging';
import { RecordOpensService } from '../shared/record-opens.service';
import { RefsService } from '../shared/refs.service';
import { Task } from '../tasks/task.entity';
import { Note } from './note.entity';
import { OppLog } from './opp-log.entity';
import { Opportunity } from './opportunity.entity';
import * as R from './rules';
import { Step } from './step.entity';

export interface OppInput {
  name?: string;
  customer_id?: number;
  value?: number;
  currency?: string;
  potential_kg?: number;
  unit?: string;
  product_id?: number | null;
  close_date?: string | null;
  start_date?: string;
  stage?: string;
  type?: string;
  source?: string;
  competitor?: string;
  note?: string;
  line?: string;
  next_step?: string;
  offer_price?: number | null;
  payment_days?: number | null;
  probability?: number | null;
  bant_b?: boolean;
  bant_a?: boolean;
  bant_n?: boolean;
  bant_t?: boolean;
  fc?: string | null;
  health_manual?: boolean;
  health_grade?: string;
  health_label?: string;
  health_note?: string;
  tags?: string[];
  owner_id?: number;
  detail_status?: string;
}

export interface StageMoveInput {
  stage: string;
  note?: string;
  close_reason?: string;
  close_category?: string;
}

export interface OppListQuery extends PageQuery {
  stage?: string;
  owner_id?: number;
  customer_id?: number;
  status?: 'open' | 'closed';
  q?: string;
}

/** Everything computed from the rules, for the mapper. */
export interface OppComputed {
  isOpen: boolean;
  nextStage: string;
  gateProblems: string[];
  bant: number;
  sla: R.Sla;
  lifetimeLeft: number;
  valueBase: number;
  prob: number;
  weighted: number;
  fc: string;
  health: R.Health;
  trend: { trend: string; label: string };
  isAccount: boolean;
}

export interface OppView {
  opp: Opportunity;
  customer: Company | null;
  product: Product | null;
  canEdit: boolean;
  canRevive: boolean;
  computed: OppComputed;
}

export interface OppDetail extends OppView {
  logs: OppLog[];
  steps: Step[];
  notes: Note[];
  tasks: Task[];
  visits: Activity[];
  users: Map<number, User>;
}

export interface OppPage {
  items: OppView[];
  users: Map<number, User>;
  nextCursor: string | null;
}

const ACCOUNT_STATUSES = ['Active', 'Key account'];

@Injectable()
export class OpportunitiesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly users: UsersService,
    private readonly opens: RecordOpensService,
  ) {}

  // ---------------------------------------------------------------- reads

  async list(auth: UserContext, q: OppListQuery): Promise<OppPage> {
    const { qb, page } = await this.listQuery(auth, q);
    const { items, nextCursor } = finishPage(await qb.getMany(), page);
    const views = await this.views(auth, items);
    const users = await this.users.byIds(auth.workspace.id, items.map((o) => o.ownerId));
    return { items: views, users, nextCursor };
  }

  /** The list's one query over opportunities (exposed so its plan can be checked, see docs/crm-rules.md). */
  async listQuery(auth: UserContext, q: OppListQuery) {
    const ws = auth.workspace;
    const qb = this.uow.repo(Opportunity).createQueryBuilder('o').where('o.workspace_id = :ws', { ws: ws.id });
    const visible = await this.access.visibleOwnerIds(auth);
    if (visible) qb.andWhere('o.owner_id IN (:...visible)', { visible });
    if (q.stage !== undefined) qb.andWhere('o.stage = :stage', { stage: this.refs.oneOf(auth, 'stages', q.stage, 'stage') });
    if (q.owner_id !== undefined) qb.andWhere('o.owner_id = :owner', { owner: q.owner_id });
    if (q.customer_id !== undefined) qb.andWhere('o.customer_id = :customer', { customer: q.customer_id });
    if (q.status) qb.andWhere('o.is_open = :open', { open: q.status === 'open' });
    if (q.q) qb.andWhere('o.name ILIKE :q', { q: `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    return { qb, page: applyPage(qb, 'o', q) };
  }

  async get(auth: UserContext, id: number): Promise<OppDetail> {
    const opp = await this.access.findVisible(this.uow.manager, Opportunity, auth, id, 'opportunity');
    await this.opens.touch(auth, 'opportunity', id);
    return this.detail(auth, opp);
  }

  // ---------------------------------------------------------------- writes

  async create(auth: UserContext, input: OppInput): Promise<OppDetail> {
    const ws = auth.workspace;
    if (!input.name?.trim()) throw invalid('name', 'is required');
    if (input.customer_id === undefined) throw invalid('customer_id', 'is required');
    const opp = await this.uow.run(async (m) => {
      const customer = await this.refs.company(auth, input.customer_id!);
      const c = ws.constants;
      const stage = input.stage ?? c.open_stages[0];
      if (!R.isOpenStage(c, stage)) throw invalid('stage', `a new opportunity starts in an open stage: ${c.open_stages.join(', ')}`);
      const draft = m.create(Opportunity, {
        workspaceId: ws.id,
        name: input.name!.trim(),
        customerId: customer.id,
        ownerId: auth.user.id,
        stage: c.open_stages[0],
        isOpen: true,
        stageChangedAt: new Date(),
        value: 0,
        currency: customer.currency || ws.app.currency_base,
        potentialKg: 0,
        unit: ws.app.unit_default,
        startDate: todayIn(ws.timezone),
        tags: [],
        isSample: false,
        lastActivityAt: new Date(),
      });
      await this.apply(auth, draft, input);
      if (stage !== draft.stage) {
        const problems = ws.constants.stage_rules ? R.moveProblems(c, draft, draft.stage, stage, todayIn(ws.timezone)) : [];
        if (problems.length) throw gateError(stage, problems);
        draft.stage = stage;
      }
      const saved = await m.save(draft);
      await m.insert(OppLog, { workspaceId: ws.id, oppId: saved.id, fromStage: null, toStage: saved.stage, note: '', userId: auth.user.id });
      await this.ensureSteps(m, saved, c.open_stages[0]);
      if (saved.stage !== c.open_stages[0]) await this.ensureSteps(m, saved, saved.stage);
      this.uow.recordEvent(this.event(ws, 'opp_created', saved, customer, `New opportunity: ${saved.name}`, await this.ownerOf(saved)));
      return saved;
    });
    return this.detail(auth, opp);
  }

  async update(auth: UserContext, id: number, input: OppInput): Promise<OppDetail> {
    const opp = await this.uow.run(async (m) => {
      const o = await this.access.findVisible(m, Opportunity, auth, id, 'opportunity', true);
      this.access.assertCanEdit(auth, o.ownerId);
      const before = { b: o.bantB, a: o.bantA, n: o.bantN, t: o.bantT };
      await this.apply(auth, o, input);
      o.lastActivityAt = new Date();
      const saved = await m.save(o);
      for (const k of ['b', 'a', 'n', 't'] as const) {
        const now = saved[R.BANT_FIELD[k]];
        if (now !== before[k]) {
          await m.update(Step, { workspaceId: saved.workspaceId, oppId: saved.id, bantKey: k }, { done: now, doneAt: now ? new Date() : null });
        }
      }
      return saved;
    });
    return this.detail(auth, opp);
  }

  async moveStage(auth: UserContext, id: number, input: StageMoveInput): Promise<OppDetail> {
    const ws = auth.workspace;
    const c = ws.constants;
    const opp = await this.uow.run(async (m) => {
      const o = await this.access.findVisible(m, Opportunity, auth, id, 'opportunity', true);
      this.access.assertCanEdit(auth, o.ownerId);
      const from = o.stage;
      const to = input.stage;
      if (!c.stages.includes(to)) throw invalid('stage', `must be one of ${c.stages.join(', ')}`);
      if (!o.isOpen) throw invalid('stage', `the opportunity is closed (${from}); revive it to work on it again`);
      if (to === from) throw invalid('stage', `the opportunity is already in ${from}`);
      const closing = !R.isOpenStage(c, to);
      if (to === R.LOST || to === R.CANCEL) {
        if (!input.close_reason) throw invalid('close_reason', `is required for ${to}; one of ${c.loss_reasons.join(', ')}`);
        this.refs.oneOf(auth, 'loss_reasons', input.close_reason, 'close_reason');
      }
      const problems = c.stage_rules ? R.moveProblems(c, o, from, to, todayIn(ws.timezone)) : [];
      if (problems.length) throw gateError(to, problems);
      const now = new Date();
      o.stage = to;
      o.isOpen = !closing;
      o.stageChangedAt = now;
      o.lastActivityAt = now;
      if (closing) {
        o.closedAt = now;
        o.closeReason = input.close_reason ?? '';
        o.closeCategory = input.close_category ?? (to === R.WIN ? 'Won' : to);
      }
      const saved = await m.save(o);
      await m.insert(OppLog, { workspaceId: ws.id, oppId: o.id, fromStage: from, toStage: to, note: input.note ?? '', userId: auth.user.id });
      await this.ensureSteps(m, saved, to);
      const customer = await m.findOne(Company, { where: { workspaceId: ws.id, id: o.customerId } });
      const owner = await this.ownerOf(saved);
      const label = (s: string) => c.stage_labels[s] ?? s;
      this.uow.recordEvent(this.event(ws, 'opp_stage', saved, customer, `${saved.name}: ${label(from)} → ${label(to)}`, owner));
      if (to === R.WIN) this.uow.recordEvent(this.event(ws, 'opp_won', saved, customer, `Won: ${saved.name}`, owner));
      if (to === R.LOST) this.uow.recordEvent(this.event(ws, 'opp_lost', saved, customer, `Lost: ${saved.name} (${saved.closeReason})`, owner));
      return saved;
    });
    return this.detail(auth, opp);
  }

  /** Spec 3.2: a new open opportunity from a lost or cancelled one. */
  async revive(auth: UserContext, id: number): Promise<OppDetail> {
    const ws = auth.workspace;
    const c = ws.constants;
    const created = await this.uow.run(async (m) => {
      const old = await this.access.findVisible(m, Opportunity, auth, id, 'opportunity', true);
      if (!this.access.canEdit(auth, old.ownerId)) throw forbidden();
      if (old.stage !== R.LOST && old.stage !== R.CANCEL) throw forbidden(`only lost or cancelled opportunities can be revived (this one is ${old.stage})`);
      if (old.revivedToId) throw forbidden(`already revived as opportunity ${old.revivedToId}`);
      const first = c.open_stages[0];
      const now = new Date();
      const fresh = await m.save(
        m.create(Opportunity, {
          workspaceId: ws.id,
          name: old.name,
          customerId: old.customerId,
          ownerId: old.ownerId,
          stage: first,
          isOpen: true,
          stageChangedAt: now,
          value: 0,
          currency: old.currency,
          potentialKg: old.potentialKg,
          unit: old.unit,
          productId: old.productId,
          line: old.line,
          type: old.type,
          source: old.source,
          startDate: todayIn(ws.timezone),
          tags: [...old.tags],
          revivedFromId: old.id,
          isSample: old.isSample,
          lastActivityAt: now,
        }),
      );
      await m.update(Opportunity, { workspaceId: ws.id, id: old.id }, { revivedToId: fresh.id });
      await m.insert(OppLog, { workspaceId: ws.id, oppId: fresh.id, fromStage: null, toStage: first, note: `revived from ${rid('O', old.id)}`, userId: auth.user.id });
      await this.ensureSteps(m, fresh, first);
      const customer = await m.findOne(Company, { where: { workspaceId: ws.id, id: fresh.customerId } });
      this.uow.recordEvent(this.event(ws, 'opp_created', fresh, customer, `Revived opportunity: ${fresh.name}`, await this.ownerOf(fresh)));
      return fresh;
    });
    return this.detail(auth, created);
  }

  /** Spec 3.3: flip (or set) a step; BANT steps set the opportunity's BANT flag. */
  async toggleStep(auth: UserContext, stepId: number, input: { done?: boolean; note?: string }): Promise<{ detail: OppDetail; step: Step }> {
    if (input.note !== undefined && input.note.length > 250) throw invalid('note', 'at most 250 characters');
    const ws = auth.workspace;
    const { opp, step } = await this.uow.run(async (m) => {
      const s = await m.findOne(Step, { where: { workspaceId: ws.id, id: stepId }, lock: { mode: 'pessimistic_write' } });
      if (!s) throw notFound('step');
      const o = await this.access.findVisible(m, Opportunity, auth, s.oppId, 'opportunity', true).catch((e: unknown) => {
        throw e instanceof DomainError && e.code === 'not_found' ? notFound('step') : e;
      });
      this.access.assertCanEdit(auth, o.ownerId);
      s.done = input.done ?? !s.done;
      s.doneAt = s.done ? new Date() : null;
      if (input.note !== undefined) s.note = input.note;
      await m.save(s);
      if (s.bantKey && s.bantKey in R.BANT_FIELD) o[R.BANT_FIELD[s.bantKey as 'b' | 'a' | 'n' | 't']] = s.done;
      o.lastActivityAt = new Date();
      return { opp: await m.save(o), step: s };
    });
    return { detail: await this.detail(auth, opp), step };
  }

  async addNote(auth: UserContext, id: number, body: string): Promise<OppDetail> {
    const opp = await this.uow.run(async (m) => {
      const o = await this.access.findVisible(m, Opportunity, auth, id, 'opportunity', true);
      this.access.assertCanEdit(auth, o.ownerId);
      await m.insert(Note, { workspaceId: o.workspaceId, recordType: 'opportunity', recordId: o.id, body, userId: auth.user.id });
      o.lastActivityAt = new Date();
      return m.save(o);
    });
    return this.detail(auth, opp);
  }

  // ---------------------------------------------------------------- internals

  /** Applies a create/update body to an entity, checking every value against the workspace. */
  private async apply(auth: UserContext, o: Opportunity, i: OppInput): Promise<void> {
    const ws = auth.workspace;
    if (i.name !== undefined) {
      if (!i.name.trim()) throw invalid('name', 'must not be empty');
      o.name = i.name.trim();
    }
    if (i.customer_id !== undefined && i.customer_id !== o.customerId) o.customerId = (await this.refs.company(auth, i.customer_id)).id;
    if (i.value !== undefined) o.value = i.value;
    if (i.currency !== undefined) {
      if (!ws.app.currencies.includes(i.currency)) throw invalid('currency', `must be one of ${ws.app.currencies.join(', ')}`);
      o.currency = i.currency;
    }
    if (i.potential_kg !== undefined) o.potentialKg = i.potential_kg;
    if (i.unit !== undefined) {
      if (!ws.app.units.includes(i.unit)) throw invalid('unit', `must be one of ${ws.app.units.join(', ')}`);
      o.unit = i.unit;
    }
    if (i.product_id !== undefined) o.productId = i.product_id === null ? null : (await this.refs.product(auth, i.product_id)).id;
    if (i.close_date !== undefined) {
      if (i.close_date !== null && !isIsoDate(i.close_date)) throw invalid('close_date', 'must be a date YYYY-MM-DD');
      o.closeDate = i.close_date;
    }
    if (i.start_date !== undefined) {
      if (!isIsoDate(i.start_date)) throw invalid('start_date', 'must be a date YYYY-MM-DD');
      o.startDate = i.start_date;
    }
    if (i.type !== undefined) o.type = i.type === '' ? '' : this.refs.oneOf(auth, 'opp_types', i.type, 'type');
    if (i.fc !== undefined) o.fc = i.fc === null || i.fc === '' ? null : this.refs.oneOf(auth, 'forecast_cats', i.fc, 'fc');
    for (const [key, prop] of [
      ['source', 'source'],
      ['competitor', 'competitor'],
      ['note', 'note'],
      ['line', 'line'],
      ['next_step', 'nextStep'],
      ['detail_status', 'detailStatus'],
    ] as const) {
      if (i[key] !== undefined) o[prop] = i[key]!;
    }
    if (i.offer_price !== undefined) o.offerPrice = i.offer_price;
    if (i.payment_days !== undefined) o.paymentDays = i.payment_days;
    if (i.probability !== undefined) o.probability = i.probability;
    if (i.bant_b !== undefined) o.bantB = i.bant_b;
    if (i.bant_a !== undefined) o.bantA = i.bant_a;
    if (i.bant_n !== undefined) o.bantN = i.bant_n;
    if (i.bant_t !== undefined) o.bantT = i.bant_t;
    if (i.tags !== undefined) o.tags = [...new Set(i.tags.map((t) => t.trim()).filter(Boolean))];
    if (i.health_manual === false) {
      o.healthGrade = null;
      o.healthLabel = null;
      o.healthNote = i.health_note ?? '';
    } else if (i.health_manual === true || i.health_grade !== undefined) {
      if (!i.health_grade) throw invalid('health_grade', 'is required with health_manual (A, B, C or D)');
      o.healthGrade = i.health_grade;
      o.healthLabel = i.health_label ?? null;
      if (i.health_note !== undefined) o.healthNote = i.health_note;
    } else if (i.health_note !== undefined) {
      o.healthNote = i.health_note;
    }
    if (i.owner_id !== undefined) o.ownerId = (await this.refs.owner(auth, i.owner_id, o.ownerId)).id;
  }

  /** Creates the stage's checklist once (re-entering a stage keeps its steps). */
  private async ensureSteps(m: EntityManager, o: Opportunity, stage: string): Promise<void> {
    const templates = R.STAGE_STEPS[stage];
    if (!templates?.length) return;
    if (await m.exists(Step, { where: { workspaceId: o.workspaceId, oppId: o.id, stage } })) return;
    await m.insert(
      Step,
      templates.map((t, position) => {
        const done = t.bantKey ? o[R.BANT_FIELD[t.bantKey]] : false;
        return { workspaceId: o.workspaceId, oppId: o.id, stage, title: t.title, position, auto: !!t.bantKey, bantKey: t.bantKey ?? null, done, doneAt: done ? new Date() : null };
      }),
    );
  }

  private async ownerOf(o: Opportunity): Promise<User | null> {
    return this.uow.repo(User).findOne({ where: { workspaceId: o.workspaceId, id: o.ownerId } });
  }

  private event(ws: Workspace, event: 'opp_created' | 'opp_stage' | 'opp_won' | 'opp_lost', o: Opportunity, customer: Company | null, title: string, owner: User | null) {
    const stageLabel = ws.constants.stage_labels[o.stage] ?? o.stage;
    return {
      workspaceId: ws.id,
      event,
      title,
      text: `${o.name} · ${customer?.name ?? ''} · ${stageLabel} · ${o.value} ${o.currency}`,
      url: recordPath('opportunity', o.id),
      recordType: 'opportunity',
      recordId: o.id,
      sample: o.isSample,
      data: {
        id: o.id,
        rid: rid('O', o.id),
        name: o.name,
        customer: customer?.name ?? '',
        customer_id: o.customerId,
        stage: o.stage,
        stage_label: stageLabel,
        value: o.value,
        currency: o.currency,
        owner: owner ? { id: owner.id, username: owner.username, full_name: owner.fullName } : null,
      },
    };
  }

  /** Views for a page of opportunities: customers, products and last logs in one query each. */
  private async views(auth: UserContext, opps: Opportunity[]): Promise<OppView[]> {
    if (!opps.length) return [];
    const ws = auth.workspace;
    const ids = opps.map((o) => o.id);
    const [customers, products, lastLogs] = await Promise.all([
      this.uow.repo(Company).find({ where: { workspaceId: ws.id, id: In([...new Set(opps.map((o) => o.customerId))]) } }),
      this.uow.repo(Product).find({ where: { workspaceId: ws.id, id: In([...new Set(opps.map((o) => o.productId).filter((x): x is number => x !== null))]) } }),
      this.uow.manager
        .createQueryBuilder(OppLog, 'l')
        .distinctOn(['l.opp_id'])
        .where('l.workspace_id = :ws AND l.opp_id IN (:...ids)', { ws: ws.id, ids })
        .orderBy('l.opp_id')
        .addOrderBy('l.id', 'DESC')
        .getMany(),
    ]);
    const cMap = new Map(customers.map((c) => [c.id, c]));
    const pMap = new Map(products.map((p) => [p.id, p]));
    const lMap = new Map(lastLogs.map((l) => [l.oppId, l]));
    return opps.map((o) => this.view(auth, o, cMap.get(o.customerId) ?? null, o.productId ? (pMap.get(o.productId) ?? null) : null, lMap.get(o.id) ?? null));
  }

  private view(auth: UserContext, o: Opportunity, customer: Company | null, product: Product | null, lastLog: OppLog | null): OppView {
    const ws = auth.workspace;
    const canEdit = this.access.canEdit(auth, o.ownerId);
    return {
      opp: o,
      customer,
      product,
      canEdit,
      canRevive: canEdit && (o.stage === R.LOST || o.stage === R.CANCEL) && !o.revivedToId,
      computed: compute(ws, o, customer, lastLog),
    };
  }

  private async detail(auth: UserContext, o: Opportunity): Promise<OppDetail> {
    const ws = auth.workspace;
    const where = { workspaceId: ws.id, oppId: o.id };
    const [customer, product, logs, steps, notes, tasks, visits] = await Promise.all([
      this.uow.repo(Company).findOne({ where: { workspaceId: ws.id, id: o.customerId } }),
      o.productId ? this.uow.repo(Product).findOne({ where: { workspaceId: ws.id, id: o.productId } }) : Promise.resolve(null),
      this.uow.repo(OppLog).find({ where, order: { id: 'ASC' } }),
      this.uow.repo(Step).find({ where, order: { id: 'ASC' } }),
      this.uow.repo(Note).find({ where: { workspaceId: ws.id, recordType: 'opportunity', recordId: o.id }, order: { id: 'DESC' } }),
      this.uow.repo(Task).find({ where, order: { id: 'DESC' }, take: 100 }),
      this.uow.repo(Activity).find({ where, order: { date: 'DESC', id: 'DESC' }, take: 100 }),
    ]);
    const users = await this.users.byIds(ws.id, [o.ownerId, ...logs.map((l) => l.userId), ...steps.map((s) => s.assigneeId), ...notes.map((n) => n.userId), ...tasks.map((t) => t.assigneeId)]);
    const last = logs[logs.length - 1] ?? null;
    return { ...this.view(auth, o, customer, product, last), logs, steps, notes, tasks, visits, users };
  }
}

function gateError(stage: string, problems: string[]): DomainError {
  return new DomainError('invalid', `stage: the gate of ${stage} is not met: ${problems.join('; ')}`, { field: 'stage', gate_problems: problems });
}

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
    gateProblems: isOpen && next ? R.gateProblems(o, next, today) : [],
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
    isAccount: !!customer && (ACCOUNT_STATUSES.includes(customer.status) || !!customer.erpCode),
  };
}
