import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { MODULES } from '../../workspace/defaults';
import { labelsOf } from '../../workspace/labels';
import { CompaniesService } from '../companies';
import { Company } from '../companies/company.entity';
import { OpportunitiesService } from '../opportunities';
import { Opportunity } from '../opportunities/opportunity.entity';
import { PeopleService } from '../people';
import { Person } from '../people/person.entity';
import { AccessService } from '../shared/access.service';
import { normalizeName } from '../shared/duplicate';
import { Lead } from '../leads/lead.entity';
import { ObjectRecord } from '../objects/object-record.entity';
import { Task } from '../tasks/task.entity';
import { BULK_TARGETS, CreateRow, ImportBulk } from './import-bulk';
import { ImportMoreTargets, MoreRecord } from './import-more-targets';
import { CellError, CellValues, Constants, FieldDef, MATCH_FIELD, Mode, objectKeyOf, readFields, requiredField, Target } from './import-targets';
import { domainOf } from './import-values';

export interface ImportSettings {
  target: Target;
  /** The target's importable fields (a custom object's from its definition). */
  defs: FieldDef[];
  /** A custom object's type id (`object:<key>` targets). */
  objectTypeId?: number;
  mode: Mode;
  matchKey: string;
  mapping: (string | null)[];
  headers: string[];
}

export interface SourceRow {
  n: number;
  cells: string[];
}

/** What one row did (and, for a person, the company it created). */
export interface RowOutcome {
  rowNo: number;
  target: Target;
  outcome: 'created' | 'updated' | 'skipped' | 'refused';
  recordId?: number;
  before?: Record<string, unknown>;
  afterAt?: Date;
  errors?: CellError[];
  cells?: string[];
}

/**
 * State of one pass over a file that outlives a batch: the match keys seen (duplicates inside the file)
 * and the companies created for person rows (once for the whole file). Rebuilt from the file when a
 * worker takes a job over (keys) and from the job's rows (companies).
 */
export class PassState {
  readonly seen = new Map<string, number>();
  /** name key → company id and the batch that created it (a dry run's batch is rolled back). */
  readonly companies = new Map<string, { id: number; batch: number }>();
  /** Companies the current row created: forgotten when the row is refused (its savepoint undid them). */
  rowCompanies: string[] = [];
  batch = 0;
  /** The last batch whose outcomes were saved; a company made by a later one belongs to an attempt that was undone (a retried transaction). */
  committed = 0;
  constructor(readonly dryRun: boolean) {}
}

type Values = CellValues;
type Existing = Company | Person | Opportunity | MoreRecord;
const ENTITY = { companies: Company, people: Person, opportunities: Opportunity, leads: Lead, tasks: Task } as const;
export const entityOf = (t: Target) => (objectKeyOf(t) === null ? ENTITY[t as keyof typeof ENTITY] : ObjectRecord);
const ONE: Record<string, string> = { companies: 'company', people: 'person', opportunities: 'opportunity', leads: 'lead', tasks: 'task' };
const one = (t: Target) => ONE[t] ?? 'record';
/** The targets written by ImportMoreTargets. */
const isMore = (t: Target) => t === 'leads' || t === 'tasks' || objectKeyOf(t) !== null;

/** Entity property of each REST field the import writes (for the before values and "unchanged"). */
const PROP: Record<string, string> = { tax_no: 'taxNo', tax_office: 'taxOffice', erp_code: 'erpCode', potential_kg: 'potentialKg', is_main: 'isMain', close_date: 'closeDate', start_date: 'startDate', next_step: 'nextStep', external_id: 'externalId' };
const prop = (field: string) => PROP[field] ?? field;

/**
 * Writes a batch of rows through the same domain services as REST, as the importing user (so the same
 * validation and visibility), each row in a savepoint of the batch's transaction: a refused row undoes
 * only itself. Pure decisions (fields, match keys) are in import-targets.ts.
 */
@Injectable()
export class ImportWriter {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly companiesService: CompaniesService,
    private readonly peopleService: PeopleService,
    private readonly opportunities: OpportunitiesService,
    private readonly more: ImportMoreTargets,
    private readonly bulk: ImportBulk,
  ) {}

  constants(auth: UserContext): Constants {
    const c = auth.workspace.constants;
    const labels = labelsOf(c);
    return {
      keys: (list) => ((c as unknown as Record<string, unknown>)[list] as string[] | undefined) ?? [],
      labels: (list) => [labels.en?.[list as 'stages'] ?? {}, labels.tr?.[list as 'stages'] ?? {}],
    };
  }

  /** The row's match key value, folded as it is compared ('' when the row has none). */
  static keyOf(s: ImportSettings, values: Values): string {
    const v = values[MATCH_FIELD[s.matchKey] ?? s.matchKey];
    if (v === undefined) return '';
    if (s.matchKey === 'id') return String(v);
    if (s.matchKey === 'email') return String(v).trim().toLowerCase();
    if (s.matchKey === 'domain') return domainOf(String(v));
    // another system's key is exact, as REST's ?external_id= (stored trimmed)
    if (s.matchKey === 'external_id') return String(v).trim();
    // a custom record's name: trimmed, letter case ignored (records have no duplicate-check key)
    if (objectKeyOf(s.target) !== null) return String(v).trim().toLowerCase();
    return normalizeName(String(v));
  }

  /** Reads a row's cells and its in-file duplicate, without touching the database (also used to rebuild the pass state). */
  prepare(s: ImportSettings, constants: Constants, pass: PassState, row: SourceRow): { values: Values; key: string; errors: CellError[] } {
    const { values, errors } = readFields(s.defs, s.mapping, s.headers, row.cells, constants);
    const key = ImportWriter.keyOf(s, values);
    if (!errors.length && key) {
      const first = pass.seen.get(key);
      if (first !== undefined && first !== row.n) {
        const col = s.headers[s.mapping.indexOf(MATCH_FIELD[s.matchKey] ?? s.matchKey)] ?? s.matchKey;
        errors.push({ column: col, value: String(values[MATCH_FIELD[s.matchKey]!] ?? ''), code: 'duplicate_in_file', message: `the same ${s.matchKey} as row ${first}` });
      } else pass.seen.set(key, row.n);
    }
    return { values, key, errors };
  }

  /** One batch, inside the caller's transaction. */
  async writeBatch(auth: UserContext, s: ImportSettings, pass: PassState, rows: SourceRow[]): Promise<RowOutcome[]> {
    // companies made by a batch that was not saved (a retried transaction) are forgotten; every entry's batch is at
    // most pass.batch, so when that batch was saved there is nothing to look for (a scan of every company made so far
    // per batch was 6 % of a 100,000-row pass)
    if (pass.committed < pass.batch) for (const [key, made] of pass.companies) if (made.batch > pass.committed) pass.companies.delete(key);
    pass.batch++;
    const constants = this.constants(auth);
    const prepared = rows.map((r) => ({ row: r, ...this.prepare(s, constants, pass, r) }));
    const existing = await this.lookup(auth, s, prepared.filter((p) => !p.errors.length && p.key).map((p) => p.key));
    const out: RowOutcome[] = [];
    const creates: CreateRow[] = [];
    for (const p of prepared) {
      const refuse = (errors: CellError[]) => out.push({ rowNo: p.row.n, target: s.target, outcome: 'refused', errors, cells: p.row.cells });
      if (p.errors.length) {
        refuse(p.errors);
        continue;
      }
      const match = p.key ? existing.get(p.key) : undefined;
      if (!match && (s.mode === 'update' || (s.mode !== 'create' && s.matchKey === 'id' && p.key))) {
        refuse([{ column: s.matchKey, value: p.key, code: 'not_found', message: `no ${one(s.target)} you can see matches this ${s.matchKey}` }]);
        continue;
      }
      if (match && s.mode === 'create') {
        refuse([{ column: s.matchKey, value: p.key, code: 'exists', message: `a ${one(s.target)} with this ${s.matchKey} exists (id ${match.id})` }]);
        continue;
      }
      if (match && s.mode === 'skip') {
        out.push({ rowNo: p.row.n, target: s.target, outcome: 'skipped' });
        continue;
      }
      // creates of companies and people go together after the other rows, in a few statements for the batch
      if (!match && BULK_TARGETS.has(s.target)) creates.push(p);
      else await this.writeOne(auth, s, pass, p, match, out);
    }
    if (creates.length) {
      const done = await this.bulk.create(auth, s.target, pass, creates);
      if (done) out.push(...done);
      else for (const p of creates) await this.writeOne(auth, s, pass, p, undefined, out);
    }
    // in the file's order (stable: a company made for a row stays before the row's person)
    return out.sort((x, y) => x.rowNo - y.rowNo);
  }

  /** One row in a savepoint of the batch's transaction, through the domain service: a refused row undoes only itself. */
  private async writeOne(auth: UserContext, s: ImportSettings, pass: PassState, p: { row: SourceRow; values: Values }, match: Existing | undefined, out: RowOutcome[]): Promise<void> {
    pass.rowCompanies = [];
    try {
      const done = await this.uow.savepoint(() => (match ? this.update(auth, s, pass, p.values, match, p.row.n) : this.create(auth, s, pass, p.values, p.row.n)));
      out.push(...done);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      for (const key of pass.rowCompanies) pass.companies.delete(key);
      const column = String((e.extra as { field?: string }).field ?? (e.extra as { fields?: string[] }).fields?.[0] ?? '');
      out.push({ rowNo: p.row.n, target: s.target, outcome: 'refused', errors: [{ column, value: column ? String(p.values[column] ?? '') : '', code: e.code, message: e.message.slice(0, 300) }], cells: p.row.cells });
    }
  }

  /** Existing visible records by match key, one query for the batch. */
  private async lookup(auth: UserContext, s: ImportSettings, keys: string[]): Promise<Map<string, Existing>> {
    const found = new Map<string, Existing>();
    if (!keys.length) return found;
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb<Existing>(entityOf(s.target), 'r');
    const custom = objectKeyOf(s.target) !== null;
    if (custom) qb.andWhere('r.type_id = :typeId', { typeId: s.objectTypeId });
    // what the user can see, as each target's REST read: a task also by its assignee, a custom record also without an owner
    if (visible && s.target === 'tasks') qb.andWhere('(r.owner_id IN (:...visible) OR r.assignee_id IN (:...visible))', { visible });
    else if (visible && custom) qb.andWhere('(r.owner_id IS NULL OR r.owner_id IN (:...visible))', { visible });
    else if (visible) qb.andWhere('r.owner_id IN (:...visible)', { visible });
    const col = { id: 'r.id', email: 'lower(r.email)', name: custom ? 'lower(btrim(r.name))' : 'r.name_norm', external_id: 'r.external_id', domain: `lower(regexp_replace(r.website, '^([a-z][a-z0-9+.-]*://)?(www\\.)?([^/?#:]+).*$', '\\3', 'i'))` }[s.matchKey];
    if (!col) return found;
    qb.andWhere(`${col} IN (:...keys)`, { keys: s.matchKey === 'id' ? keys.map(Number) : keys });
    qb.orderBy('r.id', 'ASC');
    for (const r of await qb.getMany()) {
      const rec = r as unknown as Record<string, unknown>;
      const value = ({ id: r.id, domain: rec.website, email: rec.email, external_id: rec.externalId ?? '' } as Record<string, unknown>)[s.matchKey] ?? rec.name;
      const k = ImportWriter.keyOf(s, { [MATCH_FIELD[s.matchKey]!]: value as string });
      if (!found.has(k)) found.set(k, r);
    }
    return found;
  }

  /** The fields whose cells name a user (resolved by e-mail or name). */
  private static userFields(s: ImportSettings): string[] {
    return s.defs.filter((d) => d.kind === 'user' && s.mapping.includes(d.field)).map((d) => d.field);
  }

  private async create(auth: UserContext, s: ImportSettings, pass: PassState, values: Values, rowNo: number): Promise<RowOutcome[]> {
    const required = requiredField(s.target);
    if (isMore(s.target)) {
      if (values[required] === undefined) throw new DomainError('invalid', `${required}: is required`, { field: required });
      const out: RowOutcome[] = [];
      const r = await this.more.create(auth, s.target, values, (name) => this.companyFor(auth, pass, name, rowNo, out), ImportWriter.userFields(s));
      return [...out, { rowNo, target: s.target, outcome: 'created', recordId: r.id, afterAt: r.updatedAt }];
    }
    const { id: _id, company, ...fields } = values;
    if (s.target === 'companies') {
      if (fields.name === undefined) throw new DomainError('invalid', 'name: is required', { field: 'name' });
      const r = await this.companiesService.create(auth, fields as unknown as Parameters<CompaniesService['create']>[1]);
      return [{ rowNo, target: 'companies', outcome: 'created', recordId: r.company.id, afterAt: r.company.updatedAt }];
    }
    if (fields.name === undefined) throw new DomainError('invalid', 'name: is required', { field: 'name' });
    const out: RowOutcome[] = [];
    const customerId = company === undefined ? undefined : await this.companyFor(auth, pass, String(company), rowNo, out);
    if (s.target === 'opportunities') {
      if (customerId === undefined) throw new DomainError('invalid', 'company: is required', { field: 'company' });
      const r = await this.opportunities.create(auth, { ...(fields as unknown as Parameters<OpportunitiesService['create']>[1]), customer_id: customerId });
      out.push({ rowNo, target: 'opportunities', outcome: 'created', recordId: r.opp.id, afterAt: r.opp.updatedAt });
      return out;
    }
    const r = await this.peopleService.create(auth, { ...(fields as unknown as Parameters<PeopleService['create']>[1]), customer_id: customerId }, { origin: 'import' });
    out.push({ rowNo, target: 'people', outcome: 'created', recordId: r.person.id, afterAt: r.person.updatedAt });
    return out;
  }

  /**
   * The person's company: a visible one of that exact name (its duplicate key), else one created once for
   * the whole file. A dry run's batch is rolled back, so a later batch creates it again without counting it.
   */
  private async companyFor(auth: UserContext, pass: PassState, name: string, rowNo: number, out: RowOutcome[]): Promise<number> {
    const key = normalizeName(name);
    const made = pass.companies.get(key);
    if (made && (!pass.dryRun || made.batch === pass.batch)) return made.id;
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(Company, 'c').andWhere('c.name_norm = :key', { key }).orderBy('c.active', 'DESC').addOrderBy('c.id', 'ASC');
    if (visible) qb.andWhere('c.owner_id IN (:...visible)', { visible });
    const found = await qb.getOne();
    if (found) return found.id;
    if (!auth.modules.includes(MODULES.customers)) throw new DomainError('module', `company: no company named ${name} you can see, and making one needs the ${MODULES.customers} module`, { field: 'company' });
    try {
      const r = await this.companiesService.create(auth, { name });
      if (!made) out.push({ rowNo, target: 'companies', outcome: 'created', recordId: r.company.id, afterAt: r.company.updatedAt });
      pass.companies.set(key, { id: r.company.id, batch: pass.batch });
      pass.rowCompanies.push(key);
      return r.company.id;
    } catch (e) {
      if (e instanceof DomainError) throw new DomainError(e.code, `company: ${e.message}`, { field: 'company' });
      throw e;
    }
  }

  private async update(auth: UserContext, s: ImportSettings, pass: PassState, values: Values, current: Existing, rowNo: number): Promise<RowOutcome[]> {
    const out: RowOutcome[] = [];
    if (isMore(s.target)) {
      const r = await this.more.update(auth, s.target, values, current as MoreRecord, MATCH_FIELD[s.matchKey]!, (name) => this.companyFor(auth, pass, name, rowNo, out), ImportWriter.userFields(s));
      if (!r) return [...out, { rowNo, target: s.target, outcome: 'skipped' }];
      return [...out, { rowNo, target: s.target, outcome: 'updated', recordId: r.id, before: r.before, afterAt: r.updatedAt }];
    }
    const { id: _id, company, ...fields } = values;
    const patch: Record<string, unknown> = {};
    const before: Record<string, unknown> = {};
    const cur = current as unknown as Record<string, unknown>;
    for (const [f, v] of Object.entries(fields)) {
      if (!s.defs.some((d) => d.field === f)) continue;
      const old = cur[prop(f)];
      if (old === v) continue;
      // the cell that found the record (a name, an e-mail as typed) does not rewrite it in another spelling
      if (f === MATCH_FIELD[s.matchKey] && ImportWriter.keyOf(s, { [f]: String(old ?? '') }) === ImportWriter.keyOf(s, { [f]: v })) continue;
      patch[f] = v;
      before[f] = old ?? null;
    }
    if (s.target !== 'companies' && company !== undefined) {
      const customerId = await this.companyFor(auth, pass, String(company), rowNo, out);
      if (customerId !== (current as Person | Opportunity).customerId) {
        patch.customer_id = customerId;
        before.customer_id = (current as Person | Opportunity).customerId;
      }
    }
    if (!Object.keys(patch).length) return [...out, { rowNo, target: s.target, outcome: 'skipped' }];
    if (s.target === 'companies') {
      const r = await this.companiesService.update(auth, current.id, patch);
      return [...out, { rowNo, target: s.target, outcome: 'updated', recordId: current.id, before, afterAt: r.company.updatedAt }];
    }
    if (s.target === 'opportunities') {
      const r = await this.opportunities.update(auth, current.id, patch);
      return [...out, { rowNo, target: s.target, outcome: 'updated', recordId: current.id, before, afterAt: r.opp.updatedAt }];
    }
    const r = await this.peopleService.update(auth, current.id, patch);
    return [...out, { rowNo, target: s.target, outcome: 'updated', recordId: current.id, before, afterAt: r.person.updatedAt }];
  }
}
