import './pg-types';
import { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './naming';
import { DbConnection } from './embedded';

/** One set of options for both modes: a PostgreSQL URL, or the embedded database's unix socket. */
export function dataSourceOptions(conn: Pick<DbConnection, 'url' | 'socketDir' | 'embedded'>): DataSourceOptions {
  const target = conn.url
    ? { url: conn.url }
    : { host: conn.socketDir, port: 5432, username: 'postgres', password: 'postgres', database: 'postgres' };
  return {
    type: 'postgres',
    ...target,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    installExtensions: false,
    logging: false,
    // the embedded database has one session: one connection serializes transactions on it.
    extra: conn.embedded ? { max: 1 } : { max: 10, connectionTimeoutMillis: 10_000, statement_timeout: 30_000 },
  };
}
