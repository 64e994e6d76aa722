import './pg-types';
import { DataSourceOptions, EntitySchema } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './naming';
import { DbConnection } from './embedded';

/** The entity classes of the application, listed by the composition root (src/entities.ts): the platform knows none of them. */
export type EntityList = (Function | EntitySchema)[];

/** One set of options for both modes: a PostgreSQL URL, or the embedded database's unix socket. */
export function dataSourceOptions(conn: Pick<DbConnection, 'url' | 'socketDir' | 'embedded' | 'poolMode'>, entities: EntityList): DataSourceOptions {
  const target = conn.url
    ? { url: conn.url }
    : { host: conn.socketDir, port: 5432, username: 'postgres', password: 'postgres', database: 'postgres' };
  return {
    type: 'postgres',
    ...target,
    entities,
    migrations: MIGRATIONS,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    installExtensions: false,
    logging: false,
    // the embedded database has one session: one connection serializes transactions on it.
    extra: conn.embedded ? { max: 1 } : { max: 10, connectionTimeoutMillis: 10_000, ...sessionSettings(conn) },
  };
}

/**
 * Settings sent in the start-up message of each connection. A transaction pooler refuses them
 * (PgBouncer 1.18: "unsupported startup parameter: statement_timeout") and would not keep them per
 * client anyway: there the timeout belongs to the role or database (docs/configuration.md).
 */
function sessionSettings(conn: Pick<DbConnection, 'poolMode'>): { statement_timeout?: number; options?: string } {
  // jit off: compiling a report's plan cost 0.5 s on the 2-core machine for a statement that runs in 50 ms
  // (docs/performance.md, "Reports"); the service's statements are short and many
  return conn.poolMode === 'transaction' ? {} : { statement_timeout: 30_000, options: '-c jit=off' };
}
