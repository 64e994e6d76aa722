import { Injectable } from '@nestjs/common';
import { In, Not } from 'typeorm';
import { DomainError, invalid } from '../../../platform/common/errors';
import { storedAsIs } from '../../../platform/common/record-input';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { Company } from '../companies/company.entity';
import { AccessService } from '../shared/access.service';
import { assertExternalIdFree, assertExternalIdNotTaken, externalIdOf, externalIdsTaken } from '../shared/external-id';
import { DuplicateError, normalizeName } from '../shared/duplicate';
import { LinkedRecords, ObjectRecordsService } from '../objects';
import { Page, paginateRows, PageQuery } from '../shared/paging';
import { RecordOpensService } from '../record-opens';
import { RefsService } from '../shared/refs.service';
import { foldedMatch, foldedPattern, searchPattern } from '../shared/search';
import { Person } from './person.entity';
import { PersonFields, type PersonCreateInput, type PersonFilters, type PersonInput } from './person.view';
import type { z } from 'zod';
import { personCreated } from './person.view';
import { LIST_COLUMNS, listed } from './person.rows';

/** Writable fields of a person (the record's own snake_case names). */
export type { PersonCreateInput, PersonInput } from './person.view';

export type PersonOrigin = 'manual' | 'email' | 'lead' | 'import';

export interface PersonCreateOptions {
  /** Where the person came from; `email` (created automatically from e-mail) raises no contact_created. */
  origin?: PersonOrigin;
  isSample?: boolean;
}

export type PersonListQuery = PageQuery & z.output<typeof PersonFilters>;

/** Batch data for a set of people: owner users, company names and which ones the caller may edit. */
export interface PersonViews {
  owners: Map<number, User>;
  customerNames: Map<number, string>;
  editable: Set<number>;
}

export interface PersonPage extends Page<Person> {
  views: PersonViews;
}

export interface PersonOne {
  person: Person;
  views: PersonViews;
  /** Custom records linking to the person (record reads and updates; a new person has none). */
  objects: LinkedRecords[];
}

/** The declared fields the service treats itself; every other is a plain text column, stored trimmed (`storedAsIs`). */
const TREATED = ['name', 'customer_id', 'email', 'note', 'external_id', 'is_main', 'is_former', 'owner_id', 'active', 'force'] as const;

/** First key of the advisory lock serializing person creation per workspace (second key: workspace id). */
const PERSON_LOCK = 0x70657273; // "pers"

@Injectable()
export class PeopleService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly users: UsersService,
    private readonly opens: RecordOpensService,
    private readonly objects: ObjectRecordsService,
  ) {}

  async list(auth: UserContext, q: PersonListQuery): Promise<PersonPage> {
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(Person, 'p');
    if (visible) qb.andWhere('p.owner_id IN (:...visible)', { visible });
    qb.andWhere('p.active = :active', { active: q.active ?? true });
    // the name folded (name_fold, with its index); the e-mail as typed, through its own index
    if (q.q?.trim()) qb.andWhere(`(${foldedMatch('p.name_fold')} OR p.email ILIKE :email ESCAPE '\\')`, { q: foldedPattern(q.q), email: searchPattern(q.q.trim()) });
    if (q.customer_id !== undefined) qb.andWhere('p.customer_id = :customerId', { customerId: q.customer_id });
    if (q.owner_id !== undefined) qb.andWhere('p.owner_id = :ownerId', { ownerId: q.owner_id });
    if (q.external_id !== undefined) qb.andWhere('p.external_id = :externalId', { externalId: q.external_id.trim() });
    // the unfiltered list (workspace, active) walks the key's index: O(page) without statistics too
    const walk = !visible && q.customer_id === undefined && q.owner_id === undefined && q.external_id === undefined ? { table: 'people', where: (a: string) => `${a}.active = :active`, workspaceId: auth.workspace.id } : null;
    const page = await paginateRows(qb, 'p', q, auth.workspace.timezone, walk, LIST_COLUMNS, listed, { table: 'people', workspaceId: auth.workspace.id });
    return { ...page, views: await this.views(auth, page.items) };
  }

  /** One visible person; records the open for Today's `recent`. */
  async get(auth: UserContext, id: number): Promise<PersonOne> {
    return this.uow.run(async () => {
      const person = await this.access.findVisible(Person, auth, id, 'person');
      await this.opens.touch(auth, 'person', id);
      return { person, views: await this.views(auth, [person]), objects: await this.objects.linkedTo(auth, 'person', id) };
    });
  }

  async create(auth: UserContext, input: PersonCreateInput, opts: PersonCreateOptions = {}): Promise<PersonOne> {
    const db = this.uow.tenant(auth.workspace.id);
    const person = await this.uow.run(async () => {
      const company = input.customer_id != null ? await this.refs.company(auth, input.customer_id) : null;
      const draft = await this.draft(auth, input, opts, company);
      if (!input.force) {
        await db.lock(PERSON_LOCK);
        const existing = await this.findDuplicate(db, company?.id ?? null, draft.nameNorm, draft.email ?? '');
        if (existing) throw new DuplicateError(existing, 'person', duplicateWhy(existing, draft, company), this.access.canSee(await this.access.visibleOwnerIds(auth), existing.ownerId));
      }
      if (draft.isMain && company) await this.clearMain(db, company.id, null);
      const saved = await db.save(Person, draft);
      if (saved.origin !== 'email') this.uow.recordEvent(personCreated(auth, saved, company?.name ?? ''));
      return saved;
    });
    return { person, views: await this.views(auth, [person]), objects: [] };
  }

  /**
   * Creates several people with the rules of `create` (the same checks, the main contact, one `contact_created`
   * each) in a few statements for all of them: the import's path (docs/decisions/import.md, "Throughput").
   * Answers in input order the saved person or the error that refused it (nothing written for it); an input repeating
   * an earlier one of the call is refused as its duplicate; of two main contacts of one company the later one wins.
   */
  async createMany(auth: UserContext, inputs: PersonCreateInput[], opts: PersonCreateOptions = {}): Promise<(Person | DomainError)[]> {
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const out: (Person | DomainError)[] = new Array(inputs.length);
      const visible = await this.access.visibleOwnerIds(auth);
      const ids = [...new Set(inputs.map((x) => x.customer_id).filter((x): x is number => x != null))];
      const companies = new Map((ids.length ? await db.find(Company, { where: { id: In(ids) } }) : []).filter((c) => this.access.canSee(visible, c.ownerId)).map((c) => [c.id, c]));
      const drafts: { i: number; p: Person; company: Company | null; force: boolean }[] = [];
      const taken = await externalIdsTaken(db, Person, inputs.map((x) => externalIdOf(x.external_id)));
      for (const [i, input] of inputs.entries()) {
        try {
          const company = input.customer_id != null ? (companies.get(input.customer_id) ?? null) : null;
          if (input.customer_id != null && !company) throw invalid('customer_id', `no company with id ${input.customer_id}`);
          drafts.push({ i, p: await this.draft(auth, input, opts, company, taken), company, force: !!input.force });
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          out[i] = e;
        }
      }
      if (drafts.some((d) => !d.force)) await db.lock(PERSON_LOCK);
      const found = await this.duplicatesOf(db, drafts.filter((d) => !d.force).map((d) => d.p));
      const earlier = new Map<string, number>();
      const kept: typeof drafts = [];
      const repeats: { d: (typeof drafts)[number]; of: Person }[] = [];
      for (const d of drafts) {
        const keys = [...(d.p.customerId !== null ? [`n:${d.p.customerId}:${d.p.nameNorm}`] : []), ...(d.p.email ? [`e:${d.p.email.toLowerCase()}`] : [])];
        const existing = d.force ? undefined : found.find((x) => (d.p.customerId !== null && x.customerId === d.p.customerId && x.nameNorm === d.p.nameNorm) || (!!d.p.email && x.email?.toLowerCase() === d.p.email.toLowerCase()));
        const first = d.force || existing ? undefined : keys.map((k) => earlier.get(k)).find((x) => x !== undefined);
        if (existing) {
          out[d.i] = new DuplicateError(existing, 'person', duplicateWhy(existing, d.p, d.company), this.access.canSee(visible, existing.ownerId));
          continue;
        }
        if (first !== undefined) {
          repeats.push({ d, of: drafts.find((x) => x.i === first)!.p });
          continue;
        }
        for (const k of keys) if (!earlier.has(k)) earlier.set(k, d.i);
        kept.push(d);
      }
      // one main contact per company: the last of the call, after clearing the ones before it
      const mains = new Map<number, Person>();
      for (const d of kept) if (d.p.isMain && d.p.customerId !== null) mains.set(d.p.customerId, d.p);
      for (const d of kept) if (d.p.isMain && d.p.customerId !== null && mains.get(d.p.customerId) !== d.p) d.p.isMain = false;
      if (mains.size) await db.update(Person, { customerId: In([...mains.keys()]), isMain: true }, { isMain: false });
      const saved = await db.saveMany(Person, kept.map((d) => d.p));
      kept.forEach((d, n) => {
        out[d.i] = saved[n]!;
        if (saved[n]!.origin !== 'email') this.uow.recordEvent(personCreated(auth, saved[n]!, d.company?.name ?? ''));
      }); // the repeats' originals are saved by now (save fills in the drafts' ids)
      for (const { d, of } of repeats) out[d.i] = new DuplicateError(of, 'person', duplicateWhy(of, d.p, d.company), this.access.canSee(visible, of.ownerId));
      return out;
    });
  }

  /** A new person as `create` would insert it, or the error that refuses it; `taken`: createMany's held external keys (one query). */
  private async draft(auth: UserContext, input: PersonCreateInput, opts: PersonCreateOptions, company: Company | null, taken?: Set<string>): Promise<Person> {
    const name = requiredName(input.name);
    const ownerId = (await this.refs.owner(auth, input.owner_id, auth.user.id)).id;
    const values = columns(input);
    await (taken ? assertExternalIdNotTaken(taken, 'person', values.externalId) : assertExternalIdFree(this.uow.tenant(auth.workspace.id), Person, 'person', values.externalId, null));
    const isMain = input.is_main ?? false;
    if (isMain && !company) throw invalid('is_main', 'a main contact needs a customer_id');
    return this.uow.tenant(auth.workspace.id).create(Person, {
      ...values,
      customerId: company?.id ?? null,
      name,
      nameNorm: normalizeName(name),
      isMain,
      isFormer: input.is_former ?? false,
      origin: opts.origin ?? 'manual',
      ownerId,
      active: input.active ?? true,
      isSample: opts.isSample ?? false,
    });
  }

  async update(auth: UserContext, id: number, input: PersonInput): Promise<PersonOne> {
    const db = this.uow.tenant(auth.workspace.id);
    const person = await this.uow.run(async () => {
      const current = await this.access.findVisible(Person, auth, id, 'person', true);
      this.access.assertCanEdit(auth, current.ownerId);
      const patch: Partial<Person> = columns(input);
      await assertExternalIdFree(db, Person, 'person', patch.externalId, id);
      if (input.name !== undefined) {
        patch.name = requiredName(input.name);
        patch.nameNorm = normalizeName(patch.name);
      }
      if (input.customer_id !== undefined && input.customer_id !== current.customerId) {
        patch.customerId = input.customer_id === null ? null : (await this.refs.company(auth, input.customer_id)).id;
        // a main contact of the old company is not the main contact of the new one
        if (input.is_main === undefined && current.isMain) patch.isMain = false;
      }
      const customerId = patch.customerId !== undefined ? patch.customerId : current.customerId;
      if (input.is_main !== undefined) {
        if (input.is_main && customerId === null) throw invalid('is_main', 'a main contact needs a customer_id');
        patch.isMain = input.is_main;
      }
      if (patch.isMain && customerId !== null) await this.clearMain(db, customerId, id);
      if (input.is_former !== undefined) patch.isFormer = input.is_former;
      if (input.owner_id !== undefined) patch.ownerId = (await this.refs.owner(auth, input.owner_id, current.ownerId)).id;
      if (input.active !== undefined) patch.active = input.active;
      if (Object.keys(patch).length) await db.update(Person, { id }, patch);
      return (await db.byId(Person, id))!;
    });
    return { person, views: await this.views(auth, [person]), objects: await this.objects.linkedTo(auth, 'person', id) };
  }

  /** Archive (active = false); PATCH active: true brings the person back. */
  async archive(auth: UserContext, id: number): Promise<void> {
    const db = this.uow.tenant(auth.workspace.id);
    await this.uow.run(async () => {
      const current = await this.access.findVisible(Person, auth, id, 'person', true);
      this.access.assertCanEdit(auth, current.ownerId);
      if (current.active) await db.update(Person, { id }, { active: false });
    });
  }

  /** Owners and company names of a set of people: one query each. */
  async views(auth: UserContext, people: Person[]): Promise<PersonViews> {
    const ws = auth.workspace.id;
    const owners = await this.users.byIds(ws, people.map((p) => p.ownerId));
    const customerNames = await this.companyNames(ws, people.map((p) => p.customerId));
    const editable = new Set(people.filter((p) => this.access.canEdit(auth, p.ownerId)).map((p) => p.id));
    return { owners, customerNames, editable };
  }

  /**
   * Company names by id (one statement). Plain rows, not entities: a list page asks it for up to 50 ids on every
   * request, and hydrating a Company per name was a tenth of the people list's own work (docs/performance.md).
   */
  async companyNames(workspaceId: number, ids: Iterable<number | null>): Promise<Map<number, string>> {
    const unique = [...new Set([...ids].filter((x): x is number => typeof x === 'number'))];
    if (!unique.length) return new Map();
    const rows = await this.uow.tenant(workspaceId).sql<{ id: number; name: string }>('SELECT c.id, c.name FROM companies c WHERE c.workspace_id = $1 AND c.id = ANY($2::int[])', [unique]);
    return new Map(rows.map((c) => [c.id, c.name]));
  }

  /** Same company and same name key, or the same non-empty e-mail (case-insensitive) anywhere in the workspace. */
  private findDuplicate(db: TenantDb, customerId: number | null, nameNorm: string, email: string): Promise<Person | null> {
    const conds: string[] = [];
    if (customerId !== null) conds.push('(p.customer_id = :customerId AND p.name_norm = :nameNorm)');
    if (email) conds.push('lower(p.email) = :email');
    if (!conds.length) return Promise.resolve(null);
    return db
      .qb(Person, 'p')
      .andWhere(`(${conds.join(' OR ')})`, { customerId, nameNorm, email: email.toLowerCase() })
      .orderBy('p.id', 'ASC')
      .getOne();
  }

  /** The people that any of `drafts` would duplicate (same name at the same company, or the same e-mail), oldest first. */
  private async duplicatesOf(db: TenantDb, drafts: Person[]): Promise<Person[]> {
    const pairs = drafts.filter((d) => d.customerId !== null);
    const emails = [...new Set(drafts.map((d) => (d.email ?? '').toLowerCase()).filter(Boolean))];
    const conds: string[] = [];
    if (pairs.length) conds.push('(p.customer_id IN (:...cids) AND p.name_norm IN (:...names))');
    if (emails.length) conds.push('lower(p.email) IN (:...emails)');
    if (!conds.length) return [];
    const params = { cids: [...new Set(pairs.map((d) => d.customerId))], names: [...new Set(pairs.map((d) => d.nameNorm))], emails };
    return db.qb(Person, 'p').andWhere(`(${conds.join(' OR ')})`, params).orderBy('p.id', 'ASC').getMany();
  }

  /** A company has at most one main contact: clear the flag on its other people. */
  private async clearMain(db: TenantDb, customerId: number, exceptId: number | null): Promise<void> {
    await db.update(Person, { customerId, isMain: true, ...(exceptId !== null ? { id: Not(exceptId) } : {}) }, { isMain: false });
  }

}

/** Plain text columns of the input, trimmed; e-mail addresses are stored in lower case. */
function columns(input: PersonInput & { force?: boolean }): Partial<Person> {
  const out: Partial<Record<keyof Person, unknown>> = storedAsIs(Person, input, TREATED, PersonFields);
  for (const [prop, v] of Object.entries(out) as [keyof Person, unknown][]) {
    if (typeof v === 'string') out[prop] = v.trim();
  }
  if (input.email !== undefined) out.email = input.email.trim().toLowerCase();
  if (input.note !== undefined) out.note = input.note;
  if (input.external_id !== undefined) out.externalId = externalIdOf(input.external_id);
  return out as Partial<Person>;
}

const duplicateWhy = (existing: Person, p: Person, company: Company | null) =>
  company && existing.customerId === company.id && existing.nameNorm === p.nameNorm ? `the same name at ${company.name}` : 'the same e-mail address';

function requiredName(name: string): string {
  const n = name.trim();
  if (!n) throw invalid('name', 'must not be empty');
  return n;
}
