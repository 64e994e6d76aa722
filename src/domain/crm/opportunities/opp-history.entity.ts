import { Column, Entity, Index } from 'typeorm';
import { TenantEntity, numeric } from '../../../platform/database/tenant-entity';

/**
 * The state of an opportunity's reported fields after each change (stage, value, close date, owner,
 * forecast category), append-only: the reports read the last row at or before a date, so a report for a
 * past date does not move when the record is edited later (docs/decisions/reports.md). The stage log
 * (`opp_logs`, with its notes) stays what the record page shows.
 */
@Entity('opp_history')
@Index(['workspaceId', 'oppId', 'at', 'id'])
@Index(['workspaceId', 'at'])
@Index('IDX_opp_history_span', ['workspaceId', 'oppId', 'validTo', 'at'])
@Index('IDX_opp_history_open_level', { synchronize: false }) // (workspace_id, spanLevel(), at, valid_to) WHERE role = 'open': migration OpenLevels
@Index('IDX_opp_history_closes', ['workspaceId', 'at'], { where: `"role" <> 'open' AND ("prev_role" IS NULL OR "prev_role" = 'open')` })
@Index('IDX_opp_history_entries', { synchronize: false }) // (workspace_id, at) INCLUDE (opp_id, id, stage) WHERE prev_stage IS DISTINCT FROM stage: migration OpenLevels
export class OppHistory extends TenantEntity {
  @Column({ type: 'int' })
  oppId: number;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  at: Date;

  /** created, update, stage, revived (a new row for the revived record), backfill (migration). */
  @Column({ type: 'varchar', length: 16 })
  kind: string;

  @Column({ type: 'varchar', length: 40 })
  stage: string;

  /** The stage's role when the row was written (open, won, lost, cancelled): later constant edits do not rewrite the past. */
  @Column({ type: 'varchar', length: 12 })
  role: string;

  @Column({ type: 'numeric', precision: 16, scale: 2, transformer: numeric })
  value: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** value in the base currency at the rates of the moment of the change (what reports sum). */
  @Column({ type: 'numeric', precision: 16, scale: 2, transformer: numeric })
  valueBase: number;

  @Column({ type: 'date' })
  closeDate: string;

  @Column({ type: 'int' })
  ownerId: number;

  /** The effective forecast category (the manual one, else the stage's). */
  @Column({ type: 'varchar', length: 40 })
  fc: string;

  /** The stage's probability (0..1) at the time, for weighted values. */
  @Column({ type: 'numeric', precision: 5, scale: 4, transformer: numeric })
  prob: number;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /**
   * The links to the record's next and previous rows, kept by the database (trigger `opp_history_link`, migration
   * HistorySpans): the time of the next row ('infinity' for the latest), and the previous row's stage and role.
   */
  @Column({ type: 'timestamptz', precision: 3, default: () => "'infinity'", insert: false, update: false })
  validTo: Date;

  @Column({ type: 'varchar', length: 40, nullable: true, insert: false, update: false })
  prevStage: string | null;

  @Column({ type: 'varchar', length: 12, nullable: true, insert: false, update: false })
  prevRole: string | null;

  /** When the record entered this row's stage (the start of its last run of it), kept by the same trigger (migration StageSince). */
  @Column({ type: 'timestamptz', precision: 3, insert: false, update: false })
  stageSince: Date;
}
