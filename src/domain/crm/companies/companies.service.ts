import { Injectable } from '@nestjs/common';
import { invalid } from '../../../platform/common/errors';
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
import { assertExternalIdFree, externalIdOf } from '../shared/external-id';
import { recordPath, rid } from '../shared/record-keys';
import { foldedMatch, foldedPattern } from '../shared/search';
import { Page, paginateRows, PageQuery } from '../shared/paging';
import { RecordOpensService } from '../record-opens';
import { RefsService } from '../shared/refs.service';
import { nextVisitDue } from './visits';
import { Company } from './company.entity';
import { LIST_COLUMNS, listed } from './company-list-row';
import { PendingState, visitFacts, VisitFacts } from './companies.rules';

/** Writable fields of a company (the record's own snake_case names). */
export interface CompanyInput {
  name?: string;
  status?: string;
  sector?: string;
  city?: string;
  country?: string;
  address?: string;
  phone?: string;
  email?: string;
  website?: string;
  tax_no?: string;
  tax_office?: string;
  erp_code?: string;
  erp_ext_id?: string;
  /** The record's key in another system; '' or null clears it. */
  external_id?: string | null;
  source?: string;
  potential_kg?: number | null;
  currency?: string;
  unit?: string;
  note?: string;
  owner_id?: number;
  active?: boolean;
}

export interface CompanyCreateInput extends CompanyInput {
  name: string;
  /** Create even when a duplicate exists. */
  force?: boolean;
}

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

/** String columns a create / update may set (snake_case input name → entity property). */
const TEXT_FIELDS = [
  ['sector', 'sector'],
  ['city', 'city'],
  ['country', 'country'],
  ['address', 'address'],
  ['phone', 'phone'],
  ['email', 'email'],
  ['website', 'website'],
  ['tax_no', 'taxNo'],
  ['tax_office', 'taxOffice'],
  ['erp_code', 'erpCode'],
  ['erp_ext_id', 'erpExtId'],
  ['source', 'source'],
  ['note', 'note'],
] as const satisfies readonly (readonly [keyof CompanyInput, keyof Company])[];

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
    const ws = auth.workspace;
    const name = requiredName(input.name);
    const status = input.status !== undefined ? this.refs.oneOf(auth, 'customer_statuses', input.status, 'status') : ws.constants.customer_statuses[0];
    if (!status) throw invalid('status', 'the workspace has no customer statuses');
    const db = this.uow.tenant(ws.id);
    const company = await this.uow.run(async () => {
      const ownerId = (await this.refs.owner(auth, input.owner_id, auth.user.id)).id;
      const values = this.columns(auth, input);
      await assertExternalIdFree(db, Company, 'company', values.externalId, null);
      const nameNorm = normalizeName(name);
      if (!input.force) {
        // one creator at a time per workspace, so two concurrent creates cannot both miss the other
        await db.lock(COMPANY_LOCK);
        const existing = await this.findDuplicate(db, nameNorm, values.taxNo ?? '');
        if (existing) {
          const why = existing.nameNorm === nameNorm ? 'the same name' : 'the same tax number';
          throw new DuplicateError(existing, 'company', why, this.access.canSee(await this.access.visibleOwnerIds(auth), existing.ownerId));
        }
      }
      const today = todayIn(ws.timezone);
      const entity = db.create(Company, {
        ...values,
        name,
        nameNorm,
        status,
        ownerId,
        active: input.active ?? true,
        lastVisit: null,
        nextVisitDue: nextVisitDue(today, status, ws.constants.visit_period),
        isSample: opts.isSample ?? false,
        createdBy: auth.user.id,
      });
      const saved = await db.save(Company, entity);
      const where = [saved.city, saved.source ? `source ${saved.source}` : ''].filter(Boolean).join(', ');
      this.uow.recordEvent({
        workspaceId: ws.id,
        event: 'customer_created',
        title: `New company: ${saved.name}`,
        text: `${saved.name} (${saved.status}${where ? `, ${where}` : ''}) was added by ${auth.user.fullName}.`,
        url: recordPath('company', saved.id),
        data: { id: saved.id, rid: rid('C', saved.id), name: saved.name, status: saved.status, source: saved.source, city: saved.city },
        recordType: 'company',
        recordId: saved.id,
        sample: saved.isSample,
      });
      return saved;
    });
    return { company, views: await this.views(auth, [company]), orders: [], objects: [] };
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
  private findDuplicate(db: TenantDb, nameNorm: string, taxNo: string): Promise<Company | null> {
    const qb = db.qb(Company, 'c');
    if (taxNo) qb.andWhere('(c.name_norm = :nameNorm OR c.tax_no = :taxNo)', { nameNorm, taxNo });
    else qb.andWhere('c.name_norm = :nameNorm', { nameNorm });
    // a name match is reported before a tax-number match
    return qb.orderBy('CASE WHEN c.name_norm = :nameNorm THEN 0 ELSE 1 END').addOrderBy('c.id', 'ASC').getOne();
  }

  /** Plain columns of the input (trimmed), with currency and unit checked against the workspace. */
  private columns(auth: UserContext, input: CompanyInput): Partial<Company> {
    const out: Partial<Record<keyof Company, unknown>> = {};
    for (const [key, prop] of TEXT_FIELDS) {
      const v = input[key];
      if (typeof v === 'string') out[prop] = key === 'note' ? v : v.trim();
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

function requiredName(name: string): string {
  const n = name.trim();
  if (!n) throw invalid('name', 'must not be empty');
  return n;
}
