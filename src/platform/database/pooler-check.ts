import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DB_CONNECTION, DbConnection } from './embedded';

/**
 * Behind a transaction pooler the service sends no `statement_timeout` at connect (PgBouncer refuses
 * start-up parameters it does not track), so the 30 s limit must come from the role or database. This
 * says so at start when it does not.
 */
@Injectable()
export class TransactionPoolerCheck implements OnApplicationBootstrap {
  private readonly log = new Logger('Database');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(DB_CONNECTION) private readonly conn: DbConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.conn.poolMode !== 'transaction') return;
    const [row] = (await this.ds.query('SHOW statement_timeout')) as { statement_timeout: string }[];
    if (row?.statement_timeout === '0') {
      this.log.warn("DATABASE_POOL_MODE=transaction and no statement_timeout on the server: set one on the role, e.g. ALTER ROLE crm SET statement_timeout = '30s'");
    }
  }
}
