import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { DomainError, invalid } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { AccessService } from '../shared/access.service';
import { RefsService } from '../shared/refs.service';
import { Page, paginate, PageQuery } from '../shared/paging';
import { searchPattern } from '../shared/search';
import { DeletedRecordsService } from '../sync';
import { Fair } from './fair.entity';
import { Lead } from './lead.entity';

/** Writable fields of a fair (snake_case, the record's own names). */
export interface FairInput {
  name?: string;
  city?: string;
  country?: string;
  venue?: string;
  stand?: string;
  start_date?: string | null;
  end_date?: string | null;
  website?: string;
  note?: string;
  owner_id?: number;
}

export interface FairListQuery extends PageQuery {
  q?: string;
  /** Fairs that end on or after this date (or start, when they have no end date). */
  from?: string;
}

/** Batch data for a set of fairs: owners, lead counts, which ones the caller may edit. */
export interface FairViews {
  owners: Map<number, User>;
  leads: Map<number, number>;
  editable: Set<number>;
}

export interface FairPage extends Page<Fair> {
  views: FairViews;
}

export interface FairOne {
  fair: Fair;
  views: FairViews;
}

const TEXT_FIELDS = [
  ['city', 'city'],
  ['country', 'country'],
  ['venue', 'venue'],
  ['stand', 'stand'],
  ['website', 'website'],
] as const satisfies readonly (readonly [keyof FairInput, keyof Fair])[];

/**
 * Trade fairs. Every user with the Fair leads module sees every fair of the workspace (a fair is shared
 * by the team that staffs it); its owner and admins edit and delete it. A fair that still has leads is
 * not deleted (409 conflict): move the leads to another fair first.
 */
@Injectable()
export class FairsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly users: UsersService,
    private readonly deleted: DeletedRecordsService,
    private readonly refs: RefsService,
  ) {}

  async list(auth: UserContext, q: FairListQuery): Promise<FairPage> {
    const qb = this.uow.tenant(auth.workspace.id).qb(Fair, 'f');
    if (q.q?.trim()) qb.andWhere(`(f.name ILIKE :q ESCAPE '\\' OR f.city ILIKE :q ESCAPE '\\')`, { q: searchPattern(q.q.trim()) });
    if (q.from) qb.andWhere('COALESCE(f.end_date, f.start_date) >= :from', { from: q.from });
    // the unfiltered list walks the key's index (applyPageWalked): O(page) without statistics too
    const page = await paginate(qb, 'f', q, auth.workspace.timezone, q.from ? null : { table: 'fairs', workspaceId: auth.workspace.id });
    return { ...page, views: await this.views(auth, page.items) };
  }

  async get(auth: UserContext, id: number): Promise<FairOne> {
    const fair = await this.find(auth, id);
    return { fair, views: await this.views(auth, [fair]) };
  }

  async create(auth: UserContext, input: FairInput & { name: string }, opts: { isSample?: boolean } = {}): Promise<FairOne> {
    const db = this.uow.tenant(auth.workspace.id);
    const fair = await this.uow.run(async () => {
      const values = columns(input);
      const ownerId = (await this.refs.owner(auth, input.owner_id, auth.user.id)).id;
      const draft = db.create(Fair, { ...values, name: requiredName(input.name), ownerId, isSample: opts.isSample ?? false });
      checkDates(draft);
      return db.save(Fair, draft);
    });
    return { fair, views: await this.views(auth, [fair]) };
  }

  async update(auth: UserContext, id: number, input: FairInput): Promise<FairOne> {
    const db = this.uow.tenant(auth.workspace.id);
    const fair = await this.uow.run(async () => {
      const current = await this.find(auth, id, true);
      this.access.assertCanEdit(auth, current.ownerId);
      const patch: Partial<Fair> = columns(input);
      if (input.name !== undefined) patch.name = requiredName(input.name);
      if (input.owner_id !== undefined) patch.ownerId = (await this.refs.owner(auth, input.owner_id, current.ownerId)).id;
      checkDates({ ...current, ...patch });
      if (Object.keys(patch).length) await db.update(Fair, { id }, patch);
      return (await db.byId(Fair, id))!;
    });
    return { fair, views: await this.views(auth, [fair]) };
  }

  /** Deletes a fair without leads, with a tombstone for sync clients (GET /deleted, type fair). */
  async remove(auth: UserContext, id: number): Promise<void> {
    const db = this.uow.tenant(auth.workspace.id);
    await this.uow.run(async () => {
      const current = await this.find(auth, id, true);
      this.access.assertCanEdit(auth, current.ownerId);
      const leads = await db.count(Lead, { fairId: id });
      if (leads) throw new DomainError('conflict', `the fair has ${leads} lead${leads > 1 ? 's' : ''}; move them to another fair (PATCH /leads/{id} fair_id) before deleting it`, { leads });
      await db.delete(Fair, { id });
      await this.deleted.record({ workspaceId: auth.workspace.id, type: 'fair', recordId: id, ownerId: current.ownerId, userIds: [] });
    });
  }

  /** A fair of the caller's workspace (every user sees fairs); otherwise 404. */
  async find(auth: UserContext, id: number, lock = false): Promise<Fair> {
    const fair = await this.uow.tenant(auth.workspace.id).byId(Fair, id, lock);
    if (!fair) throw new DomainError('not_found', 'fair not found');
    return fair;
  }

  /** A fair referenced from a body (lead fair_id): 400 naming the field when there is none. */
  async ref(auth: UserContext, id: number, field = 'fair_id'): Promise<Fair> {
    const fair = await this.uow.tenant(auth.workspace.id).byId(Fair, id);
    if (!fair) throw invalid(field, `no fair with id ${id}`);
    return fair;
  }

  /** Fair names by id (one query). */
  async names(auth: UserContext, ids: Iterable<number | null>): Promise<Map<number, string>> {
    const unique = [...new Set([...ids].filter((x): x is number => typeof x === 'number'))];
    if (!unique.length) return new Map();
    const rows = await this.uow.tenant(auth.workspace.id).find(Fair, { select: { workspaceId: true, id: true, name: true }, where: { id: In(unique) } });
    return new Map(rows.map((f) => [f.id, f.name]));
  }

  /** Owners and lead counts (all leads of the fair, whoever owns them) of a set of fairs: one query each. */
  async views(auth: UserContext, fairs: Fair[]): Promise<FairViews> {
    const owners = await this.users.byIds(auth.workspace.id, fairs.map((f) => f.ownerId));
    const ids = fairs.map((f) => f.id);
    const leads = new Map<number, number>();
    if (ids.length) {
      // one count per fair on leads' (workspace_id, fair_id, id) index: `fair_id IN (...)` let the planner,
      // without statistics, read every lead of the workspace
      const rows = await this.uow
        .tenant(auth.workspace.id)
        .sql<{ id: number; n: number }>('SELECT k.id, (SELECT count(*)::int FROM leads l WHERE l.workspace_id = $1 AND l.fair_id = k.id) AS n FROM unnest($2::int[]) AS k(id)', [ids]);
      for (const r of rows) leads.set(Number(r.id), Number(r.n));
    }
    const editable = new Set(fairs.filter((f) => this.access.canEdit(auth, f.ownerId)).map((f) => f.id));
    return { owners, leads, editable };
  }

}

function columns(input: FairInput): Partial<Fair> {
  const out: Partial<Record<keyof Fair, unknown>> = {};
  for (const [key, prop] of TEXT_FIELDS) {
    const v = input[key];
    if (typeof v === 'string') out[prop] = v.trim();
  }
  if (input.note !== undefined) out.note = input.note;
  if (input.start_date !== undefined) out.startDate = input.start_date;
  if (input.end_date !== undefined) out.endDate = input.end_date;
  return out as Partial<Fair>;
}

function checkDates(f: Pick<Fair, 'startDate' | 'endDate'>): void {
  if (f.startDate && f.endDate && f.endDate < f.startDate) throw invalid('end_date', 'must not be before start_date');
}

function requiredName(name: string): string {
  const n = name.trim();
  if (!n) throw invalid('name', 'must not be empty');
  return n;
}
