import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseHealth } from './database-health';
import { dataSourceOptions, EntityList } from './data-source-options';
import { DB_CONNECTION, DbConnection } from './embedded';
import { DB_EMBEDDED, EmbeddedVacuum } from './embedded-vacuum';
import { TransactionPoolerCheck } from './pooler-check';
import { UnitOfWork } from './unit-of-work';

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(conn: DbConnection, entities: EntityList): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(conn, entities), migrationsRun: true, retryAttempts: 2, retryDelay: 500 })],
      providers: [UnitOfWork, EmbeddedVacuum, DatabaseHealth, TransactionPoolerCheck, { provide: DB_EMBEDDED, useValue: conn.embedded }, { provide: DB_CONNECTION, useValue: conn }],
      exports: [UnitOfWork, EmbeddedVacuum, DatabaseHealth],
    };
  }
}
