import { Injectable } from '@nestjs/common';
import { DomainError, invalid } from '../../../platform/common/errors';
import { storedAsIs } from '../../../platform/common/record-input';
import { dateIn, todayIn } from '../../../platform/common/time';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { MODULES } from '../../workspace/defaults';
import { LinkedRecords, ObjectRecordsService } from '../objects';
import { OrdersService, OrderView } from '../orders';
import { AccessService } from '../shared/access.service';
import { DuplicateError, normalizeName } from '../shared/duplicate';
import { assertExternalIdFree, assertExternalIdNotTaken, externalIdOf, externalIdsTaken } from '../shared/external-id';
import { foldedMatch, foldedPattern } from '../shared/search';
import { Page, paginateRows, PageQuery } from '../shared/paging';
import { RecordOpensService } from '../record-opens';
import { RefsService } from '../shared/refs.service';
import { nextVisitDue } from './visits';
import { Company } from './company.entity';
import { CompanyFields, type CompanyCreateInput, type CompanyInput } from './company.view';
import { companyCreated } from './company.view';
import { LIST_COLUMNS, listed } from './company-list-row';
import { PendingState, visitFacts, VisitFacts } from './companies.rules';

export type { CompanyCreateInput, CompanyInput } from './company.view';

export interface CompanyCreateOptions {
  /** Sample data (demo seed): raises no events. */
  isSample?: boolean;
}

export interface CompanyListQuery extends PageQuery {
  q?: string;
  status?: string;
  ownerId?: number;
  city?: string;
  sector?: string;
  externalId?: string;
  /** Default true; false lists archived companies. */
  active?: boolean;
}

export interface MainContact {
  name: string;
  email: string;
  phone: string;
  wa: string;
}

/** Everything about a company that the record shows beyond its own columns (computed in one batch). */
export interface CompanyFacts extends VisitFacts {
  pendingState: PendingState;
  openOpps: number;
  mainContact: MainContact | null;
  canEdit: boolean;
}

/** Batch data for a set of companies: owner users and per-company facts. */
export interface CompanyViews {
  owners: Map<number, User>;
  facts: Map<number, CompanyFacts>;
}

/** What a customer card (Today, spec 4.2) reads of a company: Today selects only these columns. */
export type CompanyCardRow = Pick<
  Company,
  'id' | 'name' | 'city' | 'sector' | 'status' | 'unit' | 'currency' | 'phone' | 'active' | 'lastVisit' | 'nextVisitDue' | 'potentialKg' | 'ownerId' | 'createdAt'
>;

export interface CompanyPage extends Page<Company> {
  views: CompanyViews;
}

export interface CompanyOne {
  company: Company;
  views: CompanyViews;
  /** The record's `orders` (spec 2.8): visible orders, newest first; empty without the Orders module. */
  orders: OrderView[];
  /** Custom records linking to the company (record reads and updates; a new company has none). */
  objects: LinkedRecords[];
}

/** The declared fields `columns` and the commands treat themselves; every other is a plain text column (`storedAsIs`). */
const TREATED = ['name', 'status', 'external_id', 'potential_kg', 'currency', 'unit', 'owner_id', 'active', 'force'] as const;

@Injectable()
export class CompaniesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly users: UsersService,
    private readonly opens: RecordOpensService,
    private readonly orders: OrdersService,
    private readonly objects: ObjectRecordsService,
  ) {}

  async list(auth: UserContext, q: CompanyListQuery): Promise<CompanyPage> {
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(Company, 'c');
    if (visible) qb.andWhere('c.owner_id IN (:...visible)', { visible });
    qb.andWhere('c.active = :active', { active: q.active ?? true });
    if (q.q?.trim()) qb.andWhere(foldedMatch('c.name_fold'), { q: foldedPattern(q.q) });
    if (q.status !== undefined) qb.andWhere('c.status = :status', { status: q.status });
    if (q.ownerId !== undefined) qb.andWhere('c.owner_id = :ownerId', { ownerId: q.ownerId });
    if (q.city?.trim()) qb.andWhere('lower(c.city) = lower(:city)', { city: q.city.trim() });
    if (q.sector?.trim()) qb.andWhere('lower(c.sector) = lower(:sector)', { sector: q.sector.trim() });
    if (q.externalId !== undefined) qb.andWhere('c.external_id = :externalId', { externalId: q.externalId.trim() });
    // the unfiltered list (workspace, active) walks the key's index: O(page) without statistics too
    const unfiltered = !visible && q.status === undefined && q.ownerId === undefined && !q.city?.trim() && !q.sector?.trim() && q.externalId === undefined;
    const walk = unfiltered ? { table: 'companies', where: (a: string) => `${a}.active = :active`, workspaceId: auth.workspace.id } : null;
    const page = await paginateRows(qb, 'c', q, auth.workspace.timezone, walk, LIST_COLUMNS, listed, { table: 'companies', workspaceId: auth.workspace.id });
    return { ...page, views: await this.views(auth, page.items) };
  }

  /** One visible company; records the open for Today's `recent`. */
  async get(auth: UserContext, id: number): Promise<CompanyOne> {
    return this.uow.run(async () => {
      const company = await this.access.findVisible(Company, auth, id, 'company');
      await this.opens.touch(auth, 'company', id);
      return { company, views: await this.views(auth, [company]), orders: await this.ordersOf(auth, id), objects: await this.objects.linkedTo(auth, 'company', id) };
    });
  }

  async create(auth: UserContext, input: CompanyCreateInput, opts: CompanyCreateOptions = {}): Promise<CompanyOne> {
    const db = this.uow.tenant(auth.workspace.id);
    const company = await this.uow.run(async () => {
      const draft = await this.draft(auth, input, opts);
      await assertExternalIdFree(db, Company, 'company', draft.externalId, null);
      if (!input.force) {
        // one creator at a time per workspace, so two concurrent creates cannot both miss the other
        await db.lock(COMPANY_LOCK);
        const existing = firstDuplicate(await this.duplicates(db, [draft]), draft);
        if (existing) throw new DuplicateError(existing, 'company', duplicateWhy(existing, draft), this.access.canSee(await this.access.visibleOwnerIds(auth), existing.ownerId));
      }
      const saved = await db.save(Company, draft);
      this.uow.recordEvent(companyCreated(auth, saved));
      return saved;
    });
    return { company, views: await this.views(auth, [company]), orders: [], objects: [] };
  }

  /**
   * Creates several companies with the rules of `create` (the same checks, one `customer_created` event each) in
   * one duplicate query and one insert instead of a round of statements per company: the import's path
   * (docs/decisions/import.md, "Throughput"). Answers in input order the saved company or the error that refused
   * it; a refused input writes nothing and does not stop the others. An input repeating an earlier one of the
   * same call (name key or tax number) is refused as the duplicate of that one.
   */
  async createMany(auth: UserContext, inputs: CompanyCreateInput[], opts: CompanyCreateOptions = {}): Promise<(Company | DomainError)[]> {
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const out: (Company | DomainError)[] = new Array(inputs.length);
      const drafts: { i: number; c: Company; force: boolean }[] = [];
      // the inputs' external keys already held, in one query for the batch (the draft reads the key as externalIdOf does)
      const taken = await externalIdsTaken(db, Company, inputs.map((x) => externalIdOf(x.external_id)));
      for (const [i, input] of inputs.entries()) {
        try {
          const c = await this.draft(auth, input, opts);
          assertExternalIdNotTaken(taken, 'company', c.externalId);
          drafts.push({ i, c, force: !!input.force });
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          out[i] = e;
        }
      }
      const checked = drafts.filter((d) => !d.force);
      if (checked.length) await db.lock(COMPANY_LOCK);
      const found = await this.duplicates(db, checked.map((d) => d.c));
      const visible = await this.access.visibleOwnerIds(auth);
      const earlier = new Map<string, number>();
      const kept: typeof drafts = [];
      const repeats: { i: number; of: number; why: string }[] = [];
      for (const d of drafts) {
        const existing = d.force ? null : firstDuplicate(found, d.c);
        if (existing) {
          out[d.i] = new DuplicateError(existing, 'company', duplicateWhy(existing, d.c), this.access.canSee(visible, existing.ownerId));
          continue;
        }
        const keys = [`n:${d.c.nameNorm}`, ...(d.c.taxNo ? [`t:${d.c.taxNo}`] : [])];
        const first = d.force ? undefined : keys.map((k) => earlier.get(k)).find((x) => x !== undefined);
        if (first !== undefined) {
          repeats.push({ i: d.i, of: first, why: earlier.get(keys[0]!) === first ? 'the same name' : 'the same tax number' });
          continue;
        }
        for (const k of keys) if (!earlier.has(k)) earlier.set(k, d.i);
        kept.push(d);
      }
      const saved = await db.saveMany(Company, kept.map((d) => d.c));
      kept.forEach((d, n) => {
        out[d.i] = saved[n]!;
        this.uow.recordEvent(companyCreated(auth, saved[n]!));
      });
      for (const r of repeats) {
        const of = out[r.of] as Company;
        out[r.i] = new DuplicateError(of, 'company', r.why, this.access.canSee(visible, of.ownerId));
      }
      return out;
    });
  }

  /** A new company as `create` would insert it (name, status, owner, columns, next visit), or the error that refuses it. */
  private async draft(auth: UserContext, input: CompanyCreateInput, opts: CompanyCreateOptions): Promise<Company> {
    const ws = auth.workspace;
    const name = requiredName(input.name);
    const status = input.status !== undefined ? this.refs.oneOf(auth, 'customer_statuses', input.status, 'status') : ws.constants.customer_statuses[0];
    if (!status) throw invalid('status', 'the workspace has no customer statuses');
    const ownerId = (await this.refs.owner(auth, input.owner_id, auth.user.id)).id;
    const values = this.columns(auth, input);
    return this.uow.tenant(ws.id).create(Company, {
      ...values,
      name,
      nameNorm: normalizeName(name),
      status,
      ownerId,
      active: input.active ?? true,
      lastVisit: null,
      nextVisitDue: nextVisitDue(todayIn(ws.timezone), status, ws.constants.visit_period),
      isSample: opts.isSample ?? false,
      createdBy: auth.user.id,
    });
  }

  async update(auth: UserContext, id: number, input: CompanyInput): Promise<CompanyOne> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    const company = await this.uow.run(async () => {
      const current = await this.access.findVisible(Company, auth, id, 'company', true);
      this.access.assertCanEdit(auth, current.ownerId);
      const patch: Partial<Company> = this.columns(auth, input);
      await assertExternalIdFree(db, Company, 'company', patch.externalId, id);
      if (input.name !== undefined) {
        patch.name = requiredName(input.name);
        patch.nameNorm = normalizeName(patch.name);
      }
      if (input.status !== undefined && input.status !== current.status) {
        patch.status = this.refs.oneOf(auth, 'customer_statuses', input.status, 'status');
        const base = current.lastVisit ?? dateIn(current.createdAt, ws.timezone);
        patch.nextVisitDue = nextVisitDue(base, patch.status, ws.constants.visit_period);
      }
      if (input.owner_id !== undefined) patch.ownerId = (await this.refs.owner(auth, input.owner_id, current.ownerId)).id;
      if (input.active !== undefined) patch.active = input.active;
      if (Object.keys(patch).length) await db.update(Company, { id }, patch);
      return (await db.byId(Company, id))!;
    });
    return { company, views: await this.views(auth, [company]), orders: await this.ordersOf(auth, id), objects: await this.objects.linkedTo(auth, 'company', id) };
  }

  /** Archive (active = false); the record stays and can be re-activated with PATCH active: true. */
  async archive(auth: UserContext, id: number): Promise<void> {
    const db = this.uow.tenant(auth.workspace.id);
    await this.uow.run(async () => {
      const current = await this.access.findVisible(Company, auth, id, 'company', true);
      this.access.assertCanEdit(auth, current.ownerId);
      if (current.active) await db.update(Company, { id }, { active: false });
    });
  }

  /** Orders on the record: one query, none without the Orders module (rule 11). */
  private ordersOf(auth: UserContext, id: number): Promise<OrderView[]> {
    return auth.modules.includes(MODULES.orders) ? this.orders.forCompany(auth, id) : Promise.resolve([]);
  }

  /**
   * Owners, open-opportunity counts, main contacts and open-task flags for a set of companies: two
   * queries, whatever the number of companies (lists and Today use this).
   */
  async views(auth: UserContext, companies: CompanyCardRow[]): Promise<CompanyViews> {
    const ws = auth.workspace;
    const ids = [...new Set(companies.map((c) => c.id))];
    const owners = await this.users.byIds(ws.id, companies.map((c) => c.ownerId));
    const facts = new Map<number, CompanyFacts>();
    if (!ids.length) return { owners, facts };
    const db = this.uow.tenant(ws.id);

    // One statement, one probe per company (so O(companies) rows whatever the statistics; with
    // `customer_id IN (...)` and no statistics the planner scanned every person or task of the workspace):
    // its open opportunities (IDX_opportunities_open_customer), whether it has an open task, and its main
    // contact (the first active main person by id). Not EXISTS for the tasks: PostgreSQL may answer an
    // EXISTS with a hashed subplan over every task of the workspace.
    const rows = await db.sql<{ id: number; open_opps: number; open_tasks: boolean; m_name: string | null } & Record<'m_email' | 'm_phone' | 'm_wa', string>>(
      `SELECT k.id,
              (SELECT count(*)::int FROM opportunities o WHERE o.workspace_id = $1 AND o.customer_id = k.id AND o.is_open) AS open_opps,
              COALESCE((SELECT true FROM tasks t WHERE t.workspace_id = $1 AND t.customer_id = k.id AND t.status <> ALL($3::text[]) LIMIT 1), false) AS open_tasks,
              m.name AS m_name, m.email AS m_email, m.phone AS m_phone, m.wa AS m_wa
       FROM unnest($2::int[]) AS k(id)
       LEFT JOIN LATERAL (SELECT p.name, p.email, p.phone, p.wa FROM people p
         WHERE p.workspace_id = $1 AND p.customer_id = k.id AND p.is_main AND p.active ORDER BY p.id LIMIT 1) m ON true`,
      [ids, [...ws.constants.task_closed_statuses]],
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));

    const today = todayIn(ws.timezone);
    for (const c of companies) {
      const r = byId.get(c.id);
      facts.set(c.id, {
        ...visitFacts(c, today, ws.constants),
        pendingState: r?.open_tasks ? 'open_tasks' : 'none',
        openOpps: Number(r?.open_opps ?? 0),
        mainContact: r && r.m_name !== null ? { name: r.m_name, email: r.m_email, phone: r.m_phone, wa: r.m_wa } : null,
        canEdit: this.access.canEdit(auth, c.ownerId),
      });
    }
    return { owners, facts };
  }

  /** A company of the caller's workspace that the caller may see; otherwise 404. */
  /** The companies with the name key or the tax number of any of `drafts`, oldest first (the duplicate check of creates). */
  private async duplicates(db: TenantDb, drafts: Company[]): Promise<Company[]> {
    if (!drafts.length) return [];
    const names = [...new Set(drafts.map((d) => d.nameNorm))];
    const taxes = [...new Set(drafts.map((d) => d.taxNo ?? '').filter(Boolean))];
    const qb = db.qb(Company, 'c');
    if (taxes.length) qb.andWhere('(c.name_norm IN (:...names) OR c.tax_no IN (:...taxes))', { names, taxes });
    else qb.andWhere('c.name_norm IN (:...names)', { names });
    return qb.orderBy('c.id', 'ASC').getMany();
  }

  /** Plain columns of the input (trimmed, a note as written), with currency and unit checked against the workspace. */
  private columns(auth: UserContext, input: CompanyInput & { force?: boolean }): Partial<Company> {
    const out: Partial<Record<keyof Company, unknown>> = storedAsIs(Company, input, TREATED, CompanyFields);
    for (const [prop, v] of Object.entries(out) as [keyof Company, unknown][]) {
      if (typeof v === 'string' && prop !== 'note') out[prop] = v.trim();
    }
    if (input.external_id !== undefined) out.externalId = externalIdOf(input.external_id);
    if (input.potential_kg !== undefined) out.potentialKg = input.potential_kg;
    if (input.currency !== undefined) {
      const cur = input.currency.trim().toUpperCase();
      if (cur && !auth.workspace.app.currencies.includes(cur)) throw invalid('currency', `must be one of ${auth.workspace.app.currencies.join(', ')}`);
      out.currency = cur;
    }
    if (input.unit !== undefined) {
      const unit = input.unit.trim();
      if (unit && !auth.workspace.app.units.includes(unit)) throw invalid('unit', `must be one of ${auth.workspace.app.units.join(', ')}`);
      out.unit = unit;
    }
    return out as Partial<Company>;
  }
}

/** First key of the advisory lock serializing company creation per workspace (second key: workspace id). */
const COMPANY_LOCK = 0x636f6d70; // "comp"

/** The duplicate of a new company among `found` (oldest first): a name match before a tax-number match. */
function firstDuplicate(found: Company[], c: Company): Company | undefined {
  return found.find((x) => x.nameNorm === c.nameNorm) ?? (c.taxNo ? found.find((x) => x.taxNo === c.taxNo) : undefined);
}

const duplicateWhy = (existing: Company, c: Company) => (existing.nameNorm === c.nameNorm ? 'the same name' : 'the same tax number');

function requiredName(name: string): string {
  const n = name.trim();
  if (!n) throw invalid('name', 'must not be empty');
  return n;
}
