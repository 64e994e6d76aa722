import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { databaseErrorCode, fromSqlState, RETRYABLE_SQLSTATES } from '../common/database-errors';
import { requestContext, requestLinkBase } from '../common/request-context';
import { AuditLog } from '../outbox/audit-log.entity';
import { DomainEvent, MAX_EVENTS_PER_OPERATION } from '../outbox/domain-event';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import { AcrossWorkspacesDb } from './across-workspaces';
import { DB_CONNECTION, DbConnection, sessionUrl } from './embedded';
import { GenericPlans, GenericPlanSpec, PgClient } from './generic-plan';
import { RAW_TENANT, TenantDb } from './tenant-db';
import type { JsonMap } from './tenant-entity';
import { installDirectQuery } from './direct-query';

interface UowState {
  manager: EntityManager;
  events: DomainEvent[];
}

/** Where the changes of an operation come from, when not from a person (see UnitOfWork.withOrigin). */
export interface EventOrigin {
  data: JsonMap;
  meta: JsonMap;
}

export interface AuditEntry {
  workspaceId: number;
  action: string;
  userId?: number | null;
  subject?: string;
  detail?: Record<string, unknown>;
}

/**
 * One transaction per operation (HTTP request, CLI command, MCP call, background job). Services call
 * `run(() => …)`; nested calls join the open transaction. Domain events recorded during the operation
 * are written to the outbox just before commit, in the same transaction. The EntityManager never leaves
 * the platform: code reaches tables through `tenant(workspaceId)` (TenantDb, bound to one workspace),
 * and infrastructure that works across workspaces (workers claiming from every workspace, the workspace
 * registry) through the explicit `acrossWorkspaces()` (lint names the files that may call it). Both run
 * on the open transaction, so nothing queries beside it (the embedded database has a single connection:
 * such a query would wait for it forever).
 */
@Injectable()
export class UnitOfWork {
  private readonly als = new AsyncLocalStorage<UowState>();
  /** Who is making the changes, when not a person (a rule's run): stamped on the events they raise. */
  private readonly origins = new AsyncLocalStorage<EventOrigin>();
  private readOnly?: EntityManager;
  private readonly genericPlans = new GenericPlans();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DB_CONNECTION) private readonly conn: DbConnection,
  ) {
    installDirectQuery(dataSource);
  }

  /**
   * The open transaction's manager; outside a unit of work a read-only manager whose writes throw,
   * so a write can never quietly autocommit beside the operation it belongs to.
   */
  private get manager(): EntityManager {
    return this.als.getStore()?.manager ?? (this.readOnly ??= readOnlyManager(this.dataSource.manager));
  }

  /** Data access bound to one workspace: what domain code uses for tenant tables (see TenantDb). */
  tenant(workspaceId: number): TenantDb {
    return new TenantDb(() => this.manager, workspaceId);
  }

  /**
   * Data access NOT bound to a workspace, on the same transaction: for infrastructure that works for every
   * workspace at once (workers claiming from all of them, housekeeping) and for the workspace registry
   * itself (a slug is looked up before any workspace is known). Lint allows it in src/platform and in the
   * files listed in eslint.config.mjs (ACROSS_WORKSPACES) only; everything else uses tenant().
   */
  acrossWorkspaces(): AcrossWorkspacesDb {
    return new AcrossWorkspacesDb(() => this.manager);
  }

  /**
   * `pg_notify(channel, payload)`: inside the open unit of work when there is one (delivered when it
   * commits, dropped on rollback), else at once.
   */
  async notify(channel: string, payload: string): Promise<void> {
    await this.manager.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  /**
   * `ANALYZE` of the entities' tables, outside any transaction: fresh planner statistics for a table a bulk write
   * has just grown (an import), which autovacuum, where it runs at all, analyzes only a minute or more later. Without
   * them the planner takes the table for the few rows it last counted and answers a batch's `IN (…)` lookups by
   * reading every row of the workspace (docs/performance.md, "Import").
   */
  async analyze(entities: EntityTarget<ObjectLiteral>[]): Promise<void> {
    for (const e of entities) {
      const m = this.dataSource.getMetadata(e);
      await this.dataSource.query(`ANALYZE "${m.tableName.replace(/"/g, '""')}"`);
    }
  }

  /**
   * The PostgreSQL server's URL for a LISTEN connection of one's own (DATABASE_DIRECT_URL, else
   * DATABASE_URL); undefined for the embedded database and behind a transaction pooler without a
   * direct URL (a pooled session is handed to other clients between transactions: LISTEN would be lost).
   */
  get sessionUrl(): string | undefined {
    return sessionUrl(this.conn);
  }

  /** The embedded database: one process, one session, no NOTIFY between processes. */
  get embedded(): boolean {
    return this.conn.embedded;
  }

  /** Whether connections go through a transaction pooler (DATABASE_POOL_MODE=transaction): no session state. */
  get transactionPooled(): boolean {
    return this.conn.poolMode === 'transaction';
  }

  /**
   * One raw statement (TenantDb.sql rules: `$1` is the workspace) that is a whole write operation by
   * itself. Inside a unit of work it joins it; outside one it runs as its own transaction — PostgreSQL
   * makes every statement atomic — without the BEGIN and COMMIT round trips of run(). For hot paths whose
   * whole write fits one statement (the refresh grant); no events or audit rows can go with it. A
   * deadlock runs it once more, as run() does. With `generic`, outside a unit of work it runs by a
   * checked generic plan where the connection has one (src/platform/database/generic-plan.ts) — not
   * behind a transaction pooler, where a named prepared statement would be sent to a server session
   * that never saw it: there it is planned per call, as an unnamed statement.
   */
  async statement<R = ObjectLiteral>(workspaceId: number, text: string, params: unknown[] = [], generic?: GenericPlanSpec): Promise<R[]> {
    if (this.inTransaction) return this.tenant(workspaceId).sql<R>(text, params);
    const db = new TenantDb(() => this.dataSource.manager, workspaceId);
    const once = generic && !this.transactionPooled ? () => this.viaGenericPlan<R>(generic, db.workspaceId, text, params) : () => db.sql<R>(text, params);
    try {
      return await once();
    } catch (e) {
      const code = databaseErrorCode(e);
      if (!code || !RETRYABLE_SQLSTATES.has(code)) throw e;
      try {
        return await once();
      } catch (again) {
        const code2 = databaseErrorCode(again);
        throw code2 && RETRYABLE_SQLSTATES.has(code2) ? fromSqlState(code2) : again;
      }
    }
  }

  private async viaGenericPlan<R>(spec: GenericPlanSpec, workspaceId: number, text: string, params: unknown[]): Promise<R[]> {
    if (!RAW_TENANT.test(text)) throw new Error('raw SQL must restrict by workspace_id = $1');
    const pool = (this.dataSource.driver as unknown as { master: { connect(): Promise<PgClient & { release(err?: unknown): void }> } }).master;
    const client = await pool.connect();
    let broken: unknown;
    try {
      return (await this.genericPlans.query(client, spec, text, [workspaceId, ...params])) as R[];
    } catch (e) {
      // a connection that failed outside a statement (lost, protocol error) is not given back
      broken = databaseErrorCode(e) ? undefined : e;
      throw e;
    } finally {
      client.release(broken);
    }
  }

  get inTransaction(): boolean {
    return this.als.getStore() !== undefined;
  }

  /**
   * Independent reads: in parallel outside a unit of work (each takes a pool connection), one after
   * another inside one, whose single connection takes one query at a time (node-postgres queues
   * concurrent queries on a client with a deprecation warning; pg 9 refuses them).
   */
  async all<T extends unknown[]>(...reads: { [K in keyof T]: () => T[K] | Promise<T[K]> }): Promise<T> {
    if (!this.inTransaction) return (await Promise.all(reads.map((r) => r()))) as T;
    const out: unknown[] = [];
    for (const r of reads) out.push(await r());
    return out as T;
  }

  /**
   * Runs `fn` in one transaction. Nested calls join the open one. At the top level a serialization
   * failure or deadlock (SQLSTATE 40001 / 40P01) runs the whole operation once more, in a fresh
   * transaction with no recorded events; a second collision is 409 `conflict` (src/edge/error-mapping.ts).
   */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn();
    try {
      return await this.attempt(fn);
    } catch (e) {
      const code = databaseErrorCode(e);
      if (!code || !RETRYABLE_SQLSTATES.has(code)) throw e;
      try {
        return await this.attempt(fn);
      } catch (again) {
        const code2 = databaseErrorCode(again);
        throw code2 && RETRYABLE_SQLSTATES.has(code2) ? fromSqlState(code2) : again;
      }
    }
  }

  private attempt<T>(fn: () => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const state: UowState = { manager, events: [] };
      const result = await this.als.run(state, fn);
      await this.flushEvents(state);
      return result;
    });
  }

  /** A unit of work of its own, never joining the caller's (background bookkeeping off the request path). */
  runDetached<T>(fn: () => Promise<T>): Promise<T> {
    return this.als.exit(() => this.run(fn));
  }

  /** Record a domain event in the current unit of work (stamped with the origin `withOrigin` set, if any). */
  recordEvent(event: DomainEvent): void {
    const state = this.als.getStore();
    if (!state) throw new Error(`event ${event.event} recorded outside a unit of work`);
    if (event.sample) return;
    const origin = this.origins.getStore();
    state.events.push(origin ? { ...event, data: { ...event.data, ...origin.data }, origin: origin.meta } : event);
  }

  /**
   * Runs `fn` with an origin for the events it raises: `data` is merged into each event's `data` (what
   * readers see, e.g. `origin: 'workflow'`), `meta` is kept in the outbox row's `origin` for the engine
   * that made the change (which run, at which depth), never delivered.
   */
  withOrigin<T>(origin: EventOrigin, fn: () => Promise<T>): Promise<T> {
    return this.origins.run(origin, fn);
  }

  /**
   * Runs `fn` inside a savepoint of the open unit of work: when it throws, its writes and the events it
   * recorded are undone and the error is rethrown, and the transaction goes on (one refused row of a
   * batch must not abort the batch's other rows).
   */
  async savepoint<T>(fn: () => Promise<T>): Promise<T> {
    const state = this.als.getStore();
    if (!state) throw new Error('savepoint outside a unit of work');
    const events = state.events.length;
    await state.manager.query('SAVEPOINT uow_row');
    try {
      const result = await fn();
      await state.manager.query('RELEASE SAVEPOINT uow_row');
      return result;
    } catch (e) {
      // ROLLBACK TO keeps the savepoint: released too, or an enclosing savepoint of the same name (a dry run's batch)
      // would later roll back only to this one, and every refused row would keep a subtransaction open until commit
      await state.manager.query('ROLLBACK TO SAVEPOINT uow_row');
      await state.manager.query('RELEASE SAVEPOINT uow_row');
      state.events.length = events;
      throw e;
    }
  }

  /**
   * Takes the events recorded so far in the open unit of work away from it: they are not written at
   * commit, the caller answers for them. A job that spans several transactions (an import) counts its
   * events over all of them before deciding what 6.1 exception 2 makes of them.
   */
  takeEvents(): DomainEvent[] {
    const state = this.als.getStore();
    if (!state) return [];
    return state.events.splice(0);
  }

  /** Write an audit-log row in the current unit of work (or its own, when none is open). */
  async audit(entry: AuditEntry): Promise<void> {
    await this.run(() => this.manager.insert(AuditLog, toAuditRow(entry)));
  }

  private async flushEvents(state: UowState): Promise<void> {
    const { events, manager } = state;
    if (events.length === 0) return;
    if (events.length > MAX_EVENTS_PER_OPERATION) {
      const byWorkspace = new Map<number, DomainEvent[]>();
      for (const e of events) byWorkspace.set(e.workspaceId, [...(byWorkspace.get(e.workspaceId) ?? []), e]);
      for (const [workspaceId, list] of byWorkspace) {
        const counts: Record<string, number> = {};
        for (const e of list) counts[e.event] = (counts[e.event] ?? 0) + 1;
        await manager.insert(
          AuditLog,
          toAuditRow({
            workspaceId,
            action: 'events_suppressed',
            subject: 'webhooks',
            detail: { reason: `more than ${MAX_EVENTS_PER_OPERATION} events in one operation`, total: events.length, counts },
          }),
        );
      }
      return;
    }
    await manager.insert(
      OutboxEvent,
      events.map((e) => ({
        workspaceId: e.workspaceId,
        event: e.event,
        title: e.title,
        text: e.text,
        // a path is made absolute on the workspace's link base (configuration, put in the request context); without a request the worker does it
        url: absoluteOn(requestLinkBase(e.workspaceId), e.url),
        data: e.data,
        recordType: e.recordType,
        recordId: e.recordId ?? null,
        origin: e.origin ?? null,
      })),
    );
  }
}

/** A record path on the request's link base, when there is one; an absolute URL stays. */
function absoluteOn(base: string | undefined, url: string): string {
  if (!base || !url.startsWith('/')) return url;
  return base + url;
}

const WRITES = new Set(['save', 'insert', 'update', 'delete', 'upsert', 'remove', 'softDelete', 'softRemove', 'restore', 'recover', 'increment', 'decrement', 'clear', 'transaction']);
const QB_WRITES = new Set(['insert', 'update', 'delete', 'softDelete', 'restore', 'relation']);

export class WriteOutsideUnitOfWork extends Error {
  constructor(method: string) {
    super(`${method}() outside a unit of work: wrap the operation in UnitOfWork.run()`);
  }
}

/**
 * The prototype of a read-only query builder: the builder's own class's, with the write methods shadowed by
 * ones that throw. One per builder class; defining the methods on each builder instead cost a list 2 % of its
 * CPU (six property definitions per builder, which also leave it a slower shape).
 */
const guardedPrototypes = new WeakMap<object, object>();
function guardedPrototype(proto: object): object {
  let guarded = guardedPrototypes.get(proto);
  if (!guarded) {
    guarded = Object.create(proto) as object;
    for (const prop of QB_WRITES) {
      Object.defineProperty(guarded, prop, {
        value: () => {
          throw new WriteOutsideUnitOfWork(`createQueryBuilder().${prop}`);
        },
        enumerable: false,
        configurable: true,
        writable: true,
      });
    }
    guardedPrototypes.set(proto, guarded);
  }
  return guarded;
}

/** A view of `manager` for reads: write methods, repositories' writes and write query builders throw. */
function readOnlyManager(manager: EntityManager): EntityManager {
  // the write methods are shadowed on the builder itself: a Proxy would trap every property the builder
  // reads of itself while it builds and hydrates (a few % of a list's CPU time)
  const guardQb = <Q extends object>(qb: Q): Q => {
    Object.setPrototypeOf(qb, guardedPrototype(Object.getPrototypeOf(qb) as object));
    return qb;
  };
  const proxy: EntityManager = new Proxy(manager, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && WRITES.has(prop)) return () => Promise.reject(new WriteOutsideUnitOfWork(prop));
      if (prop === 'getRepository') return (entity: EntityTarget<ObjectLiteral>) => new Repository(target.getRepository(entity).target, proxy);
      if (prop === 'createQueryBuilder') return (...args: unknown[]) => guardQb((target.createQueryBuilder as (...a: unknown[]) => object)(...args));
      return Reflect.get(target, prop, receiver);
    },
  });
  return proxy;
}

function toAuditRow(entry: AuditEntry): Partial<AuditLog> {
  return {
    workspaceId: entry.workspaceId,
    action: entry.action,
    userId: entry.userId ?? null,
    // the column's length: a subject that is longer (a client ID metadata document's URL) must not fail the operation it records
    subject: (entry.subject ?? '').slice(0, 255),
    detail: entry.detail ?? {},
    requestId: requestContext.getStore()?.requestId ?? null,
  };
}
