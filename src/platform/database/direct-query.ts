import { DataSource, ObjectLiteral, QueryFailedError, SelectQueryBuilder } from 'typeorm';

interface PgResult {
  command: string;
  rows: unknown[];
  rowCount: number | null;
}
interface PgClient {
  query(text: string, params?: unknown[]): Promise<PgResult>;
  on(event: 'error', fn: (err: Error) => void): unknown;
  removeListener(event: 'error', fn: (err: Error) => void): unknown;
}
type Release = (err?: Error) => void;
interface PgPool {
  connect(cb: (err: Error | undefined, client: PgClient, release: Release) => void): void;
}

const installed = new WeakSet<DataSource>();

/**
 * `dataSource.manager.query()` (every raw statement and plain lookup outside a unit of work: src/platform/database/
 * tenant-db.ts, plain-find.ts) straight on the driver's pool instead of through a TypeORM query runner made for
 * the one statement: the runner's connect, before- and after-query broadcasts, logging calls and release were
 * about 15 µs of CPU and a dozen promises a statement, on a hot path of 1 to 18 statements (docs/performance.md,
 * "Framework share"). It does what the runner does: a pool connection with an error listener that gives a broken
 * connection back as broken, the rows (for UPDATE and DELETE `[rows, rowCount]`), a driver error wrapped in
 * `QueryFailedError`, the connection given back after the statement. Whenever the runner would do more (query
 * logging, a slow-query threshold, subscribers, replication, named parameters) the statement goes through it.
 */
export function installDirectQuery(dataSource: DataSource): void {
  if (installed.has(dataSource)) return;
  installed.add(dataSource);
  const manager = dataSource.manager;
  const viaRunner = manager.query.bind(manager) as (query: string, parameters?: unknown[]) => Promise<unknown>;
  const driver = dataSource.driver as unknown as { master?: PgPool; isReplicated?: boolean; options: { maxQueryExecutionTime?: number } };
  manager.query = (query: string, parameters?: unknown[]): Promise<never> => {
    const pool = driver.master;
    const plain =
      pool && !driver.isReplicated && !driver.options.maxQueryExecutionTime && !dataSource.options.logging && dataSource.subscribers.length === 0 && (parameters === undefined || Array.isArray(parameters));
    return (plain ? direct(pool, query, parameters) : viaRunner(query, parameters)) as Promise<never>;
  };
}

async function direct(pool: PgPool, query: string, parameters: unknown[] | undefined): Promise<unknown> {
  const [client, release] = await new Promise<[PgClient, Release]>((ok, fail) => pool.connect((err, c, r) => (err ? fail(err) : ok([c, r]))));
  let given = false;
  const giveBack = (err?: Error): void => {
    if (given) return;
    given = true;
    client.removeListener('error', giveBack);
    release(err);
  };
  client.on('error', giveBack);
  try {
    const raw = await client.query(query, parameters);
    return raw.command === 'UPDATE' || raw.command === 'DELETE' ? [raw.rows, raw.rowCount] : raw.rows;
  } catch (err) {
    throw new QueryFailedError(query, parameters, err as Error);
  } finally {
    giveBack();
  }
}

/**
 * `qb.getRawMany()` of a select outside a unit of work through `manager.query()` above, for the lists' page
 * statement: what `getRawMany` does for such a builder (no runner of its own, no lock, no cache, no transaction of
 * its own) is build the statement (with `queryEntity` off) and run it on a runner made for it. Any other builder,
 * or a data source without the direct path, is asked as before.
 */
export function rawMany<R>(qb: SelectQueryBuilder<ObjectLiteral>): Promise<R[]> {
  const map = qb.expressionMap;
  const ownRunner = (qb as unknown as { queryRunner?: unknown }).queryRunner;
  if (ownRunner || map.lockMode || map.cache || map.useTransaction || qb.connection.queryResultCache || !installed.has(qb.connection)) return qb.getRawMany<R>();
  map.queryEntity = false;
  const [sql, params] = qb.getQueryAndParameters();
  return qb.connection.manager.query(sql, params) as Promise<R[]>;
}
