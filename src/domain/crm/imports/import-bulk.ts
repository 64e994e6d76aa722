import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { MODULES } from '../../workspace/defaults';
import { CompaniesService, CompanyCreateInput } from '../companies';
import { Company } from '../companies/company.entity';
import { PeopleService, PersonCreateInput } from '../people';
import { AccessService } from '../shared/access.service';
import { normalizeName } from '../shared/duplicate';
import { CellError, CellValues, Target } from './import-targets';
import type { PassState, RowOutcome, SourceRow } from './import-writer';

/** A row of a batch that creates a record (no match), its cells read. */
export interface CreateRow {
  row: SourceRow;
  values: CellValues;
}

/** The targets whose creates go through the bulk path. */
/** A company this attempt made for a name key, and what the pass held for the key before (restored when the attempt is undone). */
type Made = [string, { id: number; batch: number } | undefined][];

export const BULK_TARGETS: ReadonlySet<Target> = new Set<Target>(['companies', 'people']);

/** A person refused after the attempt made a company for it: the attempt is undone and made again without that row. */
class Retry extends Error {
  constructor(readonly refused: Map<CreateRow, CellError[]>) {
    super('retry the batch without the refused rows');
  }
}

const MAX_ATTEMPTS = 3;

function refusal(e: DomainError, values: CellValues, wrap?: string): CellError[] {
  const column = wrap ?? String((e.extra as { field?: string }).field ?? (e.extra as { fields?: string[] }).fields?.[0] ?? '');
  return [{ column, value: column ? String(values[column] ?? '') : '', code: e.code, message: (wrap ? `${wrap}: ${e.message}` : e.message).slice(0, 300) }];
}

/**
 * The creates of a batch of companies or people in a few statements through `CompaniesService.createMany` and
 * `PeopleService.createMany` (the REST create's rules and events, as the importing user) instead of a savepoint
 * and a round of statements per row (docs/decisions/import.md, "Throughput"). The outcome is the per-row path's:
 * a refused row writes nothing, a person's company is found or made once for the file, and a company made for a
 * row that is then refused goes with it (the attempt runs in a savepoint and is made again without that row).
 * `null` when the bulk path cannot decide (an unexpected error): the caller writes the rows one by one.
 */
@Injectable()
export class ImportBulk {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly companies: CompaniesService,
    private readonly people: PeopleService,
  ) {}

  async create(auth: UserContext, target: Target, pass: PassState, rows: CreateRow[]): Promise<RowOutcome[] | null> {
    const out: RowOutcome[] = [];
    let rest = rows;
    const refuse = (r: CreateRow, errors: CellError[]) => out.push({ rowNo: r.row.n, target, outcome: 'refused', errors, cells: r.row.cells });
    for (let attempt = 0; attempt < MAX_ATTEMPTS && rest.length; attempt++) {
      const made: Made = [];
      try {
        out.push(...(await this.uow.savepoint(() => (target === 'companies' ? this.companiesOf(auth, rest, refuse) : this.peopleOf(auth, pass, rest, made, refuse)))));
        return out;
      } catch (e) {
        for (const [key, before] of made.reverse()) {
          if (before) pass.companies.set(key, before);
          else pass.companies.delete(key);
        }
        if (!(e instanceof Retry)) return null;
        for (const [r, errors] of e.refused) refuse(r, errors);
        rest = rest.filter((r) => !e.refused.has(r));
      }
    }
    return rest.length ? null : out;
  }

  private async companiesOf(auth: UserContext, rows: CreateRow[], refuse: (r: CreateRow, e: CellError[]) => void): Promise<RowOutcome[]> {
    const out: RowOutcome[] = [];
    const named = rows.filter((r) => (r.values.name === undefined ? (refuse(r, [{ column: 'name', value: '', code: 'invalid', message: 'name: is required' }]), false) : true));
    const inputs = named.map((r) => {
      const { id: _id, company: _company, ...fields } = r.values;
      return fields as unknown as CompanyCreateInput;
    });
    const results = await this.companies.createMany(auth, inputs);
    named.forEach((r, i) => {
      const x = results[i]!;
      if (x instanceof DomainError) refuse(r, refusal(x, r.values));
      else out.push({ rowNo: r.row.n, target: 'companies', outcome: 'created', recordId: x.id, afterAt: x.updatedAt });
    });
    return out;
  }

  private async peopleOf(auth: UserContext, pass: PassState, rows: CreateRow[], made: Made, refuse: (r: CreateRow, e: CellError[]) => void): Promise<RowOutcome[]> {
    const out: RowOutcome[] = [];
    const failed = new Map<CreateRow, CellError[]>();
    const ok = rows.filter((r) => (r.values.name === undefined ? (failed.set(r, [{ column: 'name', value: '', code: 'invalid', message: 'name: is required' }]), false) : true));
    const ids = await this.companyIds(auth, pass, ok, made, failed, out);
    const people = ok.filter((r) => !failed.has(r));
    const inputs = people.map((r) => {
      const { id: _id, company, ...fields } = r.values;
      return { ...(fields as unknown as PersonCreateInput), customer_id: company === undefined ? undefined : ids.get(normalizeName(String(company))) };
    });
    const results = await this.people.createMany(auth, inputs, { origin: 'import' });
    let retry = false;
    people.forEach((r, i) => {
      const x = results[i]!;
      if (!(x instanceof DomainError)) return out.push({ rowNo: r.row.n, target: 'people', outcome: 'created', recordId: x.id, afterAt: x.updatedAt });
      failed.set(r, refusal(x, r.values));
      // the company this attempt made for the row must go with it, as in the row's own savepoint
      if (r.values.company !== undefined && made.some(([key]) => key === normalizeName(String(r.values.company)))) retry = true;
    });
    if (retry) throw new Retry(failed);
    for (const [r, errors] of failed) refuse(r, errors);
    return out;
  }

  /**
   * The company of each name key the rows name: made earlier for this file, else a visible one of that name key
   * (active first, oldest first), else made now, once, counted on the first row that needed it.
   */
  private async companyIds(auth: UserContext, pass: PassState, rows: CreateRow[], made: Made, failed: Map<CreateRow, CellError[]>, out: RowOutcome[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const firstRow = new Map<string, { row: CreateRow; name: string }>();
    for (const r of rows) {
      if (r.values.company === undefined) continue;
      const key = normalizeName(String(r.values.company));
      const m = pass.companies.get(key);
      if (m && (!pass.dryRun || m.batch === pass.batch)) ids.set(key, m.id);
      else if (!firstRow.has(key)) firstRow.set(key, { row: r, name: String(r.values.company) });
    }
    if (!firstRow.size) return ids;
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(Company, 'c').select(['c.id', 'c.nameNorm']).andWhere('c.name_norm IN (:...keys)', { keys: [...firstRow.keys()] });
    if (visible) qb.andWhere('c.owner_id IN (:...visible)', { visible });
    for (const c of await qb.orderBy('c.active', 'DESC').addOrderBy('c.id', 'ASC').getMany()) {
      if (!ids.has(c.nameNorm)) ids.set(c.nameNorm, c.id);
      firstRow.delete(c.nameNorm);
    }
    const missing = [...firstRow.entries()];
    if (!missing.length) return ids;
    const refuseAll = (key: string, errors: CellError[]) => {
      for (const r of rows) if (r.values.company !== undefined && normalizeName(String(r.values.company)) === key) failed.set(r, errors);
    };
    if (!auth.modules.includes(MODULES.customers)) {
      for (const [key, { name }] of missing) refuseAll(key, [{ column: 'company', value: name, code: 'module', message: `company: no company named ${name} you can see, and making one needs the ${MODULES.customers} module` }]);
      return ids;
    }
    const results = await this.companies.createMany(auth, missing.map(([, { name }]) => ({ name })));
    missing.forEach(([key, first], i) => {
      const x = results[i]!;
      if (x instanceof DomainError) return refuseAll(key, refusal(x, first.row.values, 'company'));
      ids.set(key, x.id);
      // a dry run makes again, without counting, a company an earlier (rolled back) batch made
      const before = pass.companies.get(key);
      if (!before) out.push({ rowNo: first.row.row.n, target: 'companies', outcome: 'created', recordId: x.id, afterAt: x.updatedAt });
      made.push([key, before]);
      pass.companies.set(key, { id: x.id, batch: pass.batch });
    });
    return ids;
  }
}
