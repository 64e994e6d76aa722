import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type pino from 'pino';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ROOT_LOGGER } from '../common/logger';
import { PeriodicJob } from '../common/periodic-job';

/** Is the database the embedded PGlite (bound by DatabaseModule)? */
export const DB_EMBEDDED = Symbol('DB_EMBEDDED');

export interface TableStats {
  schemaname: string;
  relname: string;
  n_live_tup: number;
  n_dead_tup: number;
  n_mod_since_analyze: number;
  n_ins_since_vacuum: number;
}

/**
 * What autovacuum would do with a table, by PostgreSQL's default thresholds (autovacuum_vacuum_threshold
 * 50 + scale factor 0.2, insert threshold 1000 + 0.2, analyze 50 + 0.1).
 */
export function vacuumNeed(t: TableStats): 'vacuum' | 'analyze' | null {
  const live = Number(t.n_live_tup);
  if (Number(t.n_dead_tup) > 50 + 0.2 * live || Number(t.n_ins_since_vacuum) > 1000 + 0.2 * live) return 'vacuum';
  if (Number(t.n_mod_since_analyze) > 50 + 0.1 * live) return 'analyze';
  return null;
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * Autovacuum for the embedded database. PGlite is a single-user PostgreSQL: it keeps the table
 * statistics, but no autovacuum launcher runs, so dead rows were never reclaimed and the planner never
 * had statistics (it planned every table as if it were small). Every HOUSEKEEPING_MINUTES this reads
 * pg_stat_user_tables and runs `VACUUM (ANALYZE)` or `ANALYZE` on the tables autovacuum would pick, one
 * at a time, outside any transaction. The embedded database has one session, so requests wait while a
 * table is vacuumed (measured: docs/performance.md). A PostgreSQL server runs its own autovacuum.
 */
@Injectable()
export class EmbeddedVacuum implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job = new PeriodicJob(
    () => this.run(),
    (e) => this.log.warn({ err: e }, 'embedded vacuum round failed'),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DB_EMBEDDED) private readonly embedded: boolean,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.embedded || this.config.housekeepingMinutes <= 0) return;
    this.job.start(this.config.housekeepingMinutes * 60_000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** One round: the tables vacuumed (and analyzed) and those only analyzed. */
  async run(): Promise<{ vacuumed: string[]; analyzed: string[] }> {
    const done = { vacuumed: [] as string[], analyzed: [] as string[] };
    if (!this.embedded) return done;
    // the single session reports its counters lazily; make them visible to the next statement
    await this.dataSource.query('SELECT pg_stat_force_next_flush()');
    const tables: TableStats[] = await this.dataSource.query(
      `SELECT schemaname, relname, n_live_tup, n_dead_tup, n_mod_since_analyze, n_ins_since_vacuum FROM pg_stat_user_tables ORDER BY relname`,
    );
    const start = Date.now();
    for (const t of tables) {
      const need = vacuumNeed(t);
      if (!need) continue;
      const name = `${quoteIdent(t.schemaname)}.${quoteIdent(t.relname)}`;
      await this.dataSource.query(need === 'vacuum' ? `VACUUM (ANALYZE) ${name}` : `ANALYZE ${name}`);
      (need === 'vacuum' ? done.vacuumed : done.analyzed).push(t.relname);
    }
    if (done.vacuumed.length || done.analyzed.length) this.log.info({ ...done, ms: Date.now() - start }, 'embedded database vacuumed');
    return done;
  }
}
