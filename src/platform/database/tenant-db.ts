import {
  Brackets,
  DeepPartial,
  EntityManager,
  EntityTarget,
  FindManyOptions,
  FindOneOptions,
  FindOptionsWhere,
  ObjectLiteral,
  SelectQueryBuilder,
} from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { plainFind } from './plain-find';
import { plainInsert } from './plain-insert';
import { memoizeQuery } from './query-memo';

/** A row of a tenant table: every such table has `workspace_id` (see TenantEntity). */
export interface TenantRow extends ObjectLiteral {
  workspaceId: number;
}

/** A where clause without the workspace: TenantDb adds it. */
export type TenantWhere<T extends TenantRow> = Omit<FindOptionsWhere<T>, 'workspaceId'>;

type TenantFindMany<T extends TenantRow> = Omit<FindManyOptions<T>, 'where'> & { where?: TenantWhere<T> | TenantWhere<T>[] };
type TenantFindOne<T extends TenantRow> = Omit<FindOneOptions<T>, 'where'> & { where: TenantWhere<T> | TenantWhere<T>[] };
type Row<T extends TenantRow> = Omit<QueryDeepPartialEntity<T>, 'workspaceId'> & { workspaceId?: number };

export class CrossTenantWrite extends Error {}

const TENANT_PARAM = '__tenant';
/** What raw SQL bound to a workspace must contain. */
export const RAW_TENANT = /\bworkspace_id\s*=\s*\$1\b/;

/**
 * The only way code outside src/platform reaches tenant tables (lint enforces it):
 * every read, write, query builder and raw statement is bound to one workspace, so no query can
 * forget it. It runs on the unit of work's current manager (the open transaction, or the read-only
 * manager outside one). Query builders keep the workspace condition: `where()` adds to it and
 * `orWhere()` at the top level is refused (wrap alternatives in `Brackets`).
 */
export class TenantDb {
  constructor(
    private readonly managerOf: () => EntityManager,
    readonly workspaceId: number,
  ) {}

  private get m(): EntityManager {
    return this.managerOf();
  }

  private scope<T extends TenantRow>(where: TenantWhere<T> | TenantWhere<T>[] | undefined): FindOptionsWhere<T> | FindOptionsWhere<T>[] {
    const ws = { workspaceId: this.workspaceId } as FindOptionsWhere<T>;
    if (where === undefined) return ws;
    if (Array.isArray(where)) return where.map((w) => ({ ...w, ...ws }) as FindOptionsWhere<T>);
    return { ...where, ...ws } as FindOptionsWhere<T>;
  }

  private own<T extends TenantRow>(row: Row<T>): QueryDeepPartialEntity<T> {
    if (row.workspaceId !== undefined && row.workspaceId !== this.workspaceId) {
      throw new CrossTenantWrite(`a row of workspace ${String(row.workspaceId)} written through workspace ${this.workspaceId}`);
    }
    return { ...row, workspaceId: this.workspaceId } as QueryDeepPartialEntity<T>;
  }

  find<T extends TenantRow>(entity: EntityTarget<T>, options: TenantFindMany<T> = {}): Promise<T[]> {
    const m = this.m;
    const full = { ...options, where: this.scope(options.where) } as FindManyOptions<T>;
    return plainFind(m, entity, full, false) ?? m.find(entity, full);
  }

  findOne<T extends TenantRow>(entity: EntityTarget<T>, options: TenantFindOne<T>): Promise<T | null> {
    const m = this.m;
    const full = { ...options, where: this.scope(options.where) } as FindOneOptions<T>;
    const plain = plainFind(m, entity, full, true);
    return plain ? plain.then((rows) => rows[0] ?? null) : m.findOne(entity, full);
  }

  /** One row by id, optionally locked FOR UPDATE. */
  byId<T extends TenantRow & { id: number }>(entity: EntityTarget<T>, id: number, lock = false): Promise<T | null> {
    return this.findOne(entity, { where: { id } as unknown as TenantWhere<T>, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  exists<T extends TenantRow>(entity: EntityTarget<T>, where?: TenantWhere<T> | TenantWhere<T>[]): Promise<boolean> {
    return this.m.exists(entity, { where: this.scope(where) });
  }

  count<T extends TenantRow>(entity: EntityTarget<T>, where?: TenantWhere<T> | TenantWhere<T>[]): Promise<number> {
    return this.m.count(entity, { where: this.scope(where) });
  }

  async update<T extends TenantRow>(entity: EntityTarget<T>, where: TenantWhere<T>, patch: QueryDeepPartialEntity<T>): Promise<number> {
    if ('workspaceId' in patch) throw new CrossTenantWrite('the workspace of a row cannot change');
    const res = await this.m.update(entity, this.scope(where) as FindOptionsWhere<T>, patch);
    return res.affected ?? 0;
  }

  async delete<T extends TenantRow>(entity: EntityTarget<T>, where: TenantWhere<T>): Promise<number> {
    const res = await this.m.delete(entity, this.scope(where) as FindOptionsWhere<T>);
    return res.affected ?? 0;
  }

  /** Inserts rows of this workspace; returns the generated columns (ids) in order. */
  async insert<T extends TenantRow>(entity: EntityTarget<T>, rows: Row<T> | Row<T>[]): Promise<ObjectLiteral[]> {
    const list = (Array.isArray(rows) ? rows : [rows]).map((r) => this.own<T>(r));
    if (!list.length) return [];
    const res = await this.m.insert(entity, list);
    return res.identifiers;
  }

  async upsert<T extends TenantRow>(entity: EntityTarget<T>, row: Row<T>, conflictPaths: (keyof T & string)[]): Promise<void> {
    await this.m.upsert(entity, this.own<T>(row), conflictPaths as string[]);
  }

  /** An entity instance of this workspace (not saved); a `workspaceId` given must be this one. */
  create<T extends TenantRow>(entity: EntityTarget<T>, plain: Omit<DeepPartial<T>, 'workspaceId'> & { workspaceId?: number }): T {
    return this.m.create(entity, this.own<T>(plain as Row<T>) as DeepPartial<T>);
  }

  /** Saves an entity of this workspace (one of another workspace is refused). */
  async save<T extends TenantRow>(entity: EntityTarget<T>, row: T): Promise<T> {
    if (row.workspaceId !== this.workspaceId) throw new CrossTenantWrite(`an entity of workspace ${row.workspaceId} saved through workspace ${this.workspaceId}`);
    return this.m.save(entity, row);
  }

  /** Saves new entities of this workspace in one INSERT … RETURNING (bulk creates); one of another workspace is refused. */
  async saveMany<T extends TenantRow>(entity: EntityTarget<T>, rows: T[]): Promise<T[]> {
    for (const row of rows) if (row.workspaceId !== this.workspaceId) throw new CrossTenantWrite(`an entity of workspace ${row.workspaceId} saved through workspace ${this.workspaceId}`);
    if (!rows.length) return [];
    const m = this.m;
    return plainInsert(m, entity, rows) ?? m.save(entity, rows);
  }

  /** Inserts many new rows of this workspace in a few multi-row statements (bulk writes such as an import's row log); nothing is read back. */
  async insertMany<T extends TenantRow>(entity: EntityTarget<T>, rows: Row<T>[]): Promise<void> {
    if (!rows.length) return;
    const m = this.m;
    const list = rows.map((r) => this.own<T>(r) as unknown as T);
    await (plainInsert(m, entity, list) ?? m.insert(entity, list as QueryDeepPartialEntity<T>[]));
  }

  /** A select query builder on `entity` already restricted to this workspace. */
  qb<T extends TenantRow>(entity: EntityTarget<T>, alias: string): SelectQueryBuilder<T> {
    const qb = this.m.createQueryBuilder(entity, alias).where(`${alias}.workspace_id = :${TENANT_PARAM}`, { [TENANT_PARAM]: this.workspaceId });
    return memoizeQuery(keepTenant(qb));
  }

  /**
   * A raw statement: `$1` is this workspace's id and the text must restrict by `workspace_id = $1`;
   * `params` become `$2`, `$3`, ….
   */
  async sql<R = ObjectLiteral>(text: string, params: unknown[] = []): Promise<R[]> {
    if (!RAW_TENANT.test(text)) throw new Error('raw SQL through TenantDb must restrict by workspace_id = $1');
    return (await this.m.query(text, [this.workspaceId, ...params])) as R[];
  }

  /**
   * Advisory transaction lock namespaced by this workspace (serializes e.g. duplicate checks). Only inside
   * a unit of work: outside one it would end with its own statement (and a session-level lock would stay
   * on a pooled server session that a transaction pooler hands to other clients).
   */
  async lock(namespace: number): Promise<void> {
    if (!this.m.queryRunner?.isTransactionActive) throw new Error('advisory lock outside a unit of work: take it inside UnitOfWork.run()');
    await this.m.query('SELECT pg_advisory_xact_lock($1, $2)', [namespace, this.workspaceId]);
  }
}

/** Makes `where()` add to the workspace condition and refuses top-level `orWhere()`. */
function keepTenant<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const andWhere = qb.andWhere.bind(qb);
  Object.assign(qb, {
    where: (where: string | Brackets, params?: ObjectLiteral) => andWhere(where, params),
    orWhere: () => {
      throw new Error('orWhere() on a tenant query would escape the workspace condition; use andWhere(new Brackets(...))');
    },
  });
  return qb;
}
