import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { FoldColumn, TenantEntity, numeric } from '../../../platform/database/tenant-entity';

@Entity('opportunities')
@Index('UQ_opportunities_external_id', ['workspaceId', 'externalId'], { unique: true, where: `"external_id" IS NOT NULL` })
@Index(['workspaceId', 'updatedAt', 'id'])
@Index(['workspaceId', 'ownerId', 'id'])
@Index(['workspaceId', 'stage', 'id'])
@Index(['workspaceId', 'customerId', 'id'])
@Index(['workspaceId', 'isOpen', 'id'])
// Partial indexes on open rows (aggregates that do not grow with history) and a trigram GIN index for `q`:
// hand-written in migration 1795340000000-IndexesAndAggregates; synchronize: false keeps schema diffs off them.
@Index('IDX_opportunities_open_customer', { synchronize: false }) // (workspace_id, customer_id) WHERE is_open
@Index('IDX_opportunities_open_owner', { synchronize: false }) // (workspace_id, owner_id) WHERE is_open
@Index('IDX_opportunities_name_fold', { synchronize: false }) // USING gin (name_fold gin_trgm_ops)
export class Opportunity extends TenantEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'int' })
  customerId: number;

  @Column({ type: 'int' })
  ownerId: number;

  @Column({ type: 'varchar', length: 40 })
  stage: string;

  /** Whether the stage's role is open (in constants.open_stages); kept with the stage, for indexed filtering. */
  @Column({ type: 'boolean', default: true })
  isOpen: boolean;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  stageChangedAt: Date;

  @Column({ type: 'numeric', precision: 16, scale: 2, default: 0, transformer: numeric })
  value: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** Quantity (in `unit`, kg by default). */
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0, transformer: numeric })
  potentialKg: number;

  @Column({ type: 'varchar', length: 16, default: 'kg' })
  unit: string;

  @Column({ type: 'int', nullable: true })
  productId: number | null;

  /** Expected close date; when not given, start_date + constants.sales_cycle_days (never null). */
  @Column({ type: 'date' })
  closeDate: string;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'varchar', length: 60, default: '' })
  type: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  source: string;

  @Column({ type: 'varchar', length: 150, default: '' })
  competitor: string;

  @Column({ type: 'text', default: '' })
  note: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  line: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  nextStep: string;

  @Column({ type: 'numeric', precision: 16, scale: 4, nullable: true, transformer: numeric })
  offerPrice: number | null;

  @Column({ type: 'int', nullable: true })
  paymentDays: number | null;

  /** Manual win probability in percent (0-100); null = the stage's probability. */
  @Column({ type: 'numeric', precision: 5, scale: 2, nullable: true, transformer: numeric })
  probability: number | null;

  @Column({ type: 'boolean', default: false })
  bantB: boolean;

  @Column({ type: 'boolean', default: false })
  bantA: boolean;

  @Column({ type: 'boolean', default: false })
  bantN: boolean;

  @Column({ type: 'boolean', default: false })
  bantT: boolean;

  /** Forecast category set by hand; null = derived from the stage. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  fc: string | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  healthGrade: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  healthLabel: string | null;

  @Column({ type: 'varchar', length: 300, default: '' })
  healthNote: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  closeReason: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  closeCategory: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  detailStatus: string;

  @Column({ type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags: string[];

  /** E-mail threads filed on this opportunity (spec 2.6 `threads_n`; kept by the e-mail feature). */
  @Column({ type: 'int', default: 0 })
  threadsN: number;

  /** The closed opportunity this one revived. */
  @Column({ type: 'int', nullable: true })
  revivedFromId: number | null;

  /** The opportunity that revived this one. */
  @Column({ type: 'int', nullable: true })
  revivedToId: number | null;

  /** Last change, visit or step on it: the base of the "stale" health rule. */
  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  lastActivityAt: Date;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  /** The record's key in the system it came from (import matching); null when none. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  externalId: string | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  /** Search text folded by `crm_fold` (docs/decisions/search.md): written by the database, read only by search SQL. */
  @FoldColumn('crm_fold("name")')
  nameFold?: string;
}
