import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { FoldColumn, TenantEntity } from '../../../platform/database/tenant-entity';

/** An activity / visit: a meeting, call or trial logged against a company. */
@Entity('activities')
@Index(['workspaceId', 'customerId', 'date'])
@Index(['workspaceId', 'ownerId', 'date'])
@Index(['workspaceId', 'oppId'])
@Index(['workspaceId', 'updatedAt', 'id'])
// `text_fold` (crm_fold of topic, note, next_action and outcome, a stored generated column, `textFold` below) and its trigram GIN index (global search): migration 1795487000000-FoldedSearch
@Index('IDX_activities_text_fold', { synchronize: false }) // USING gin (text_fold gin_trgm_ops)
export class Activity extends TenantEntity {
  /** One of constants.visit_types. */
  @Column({ type: 'varchar', length: 40 })
  type: string;

  /** One of constants.visit_topics (or free text). */
  @Column({ type: 'varchar', length: 200, default: '' })
  topic: string;

  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'int', nullable: true })
  durationMin: number | null;

  @Column({ type: 'int' })
  customerId: number;

  @Column({ type: 'int', array: true, default: () => "'{}'" })
  personIds: number[];

  @Column({ type: 'int', nullable: true })
  oppId: number | null;

  @Column({ type: 'text', default: '' })
  note: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  nextAction: string;

  @Column({ type: 'date', nullable: true })
  nextDate: string | null;

  @Column({ type: 'varchar', length: 200, default: '' })
  outcome: string;

  @Column({ type: 'int' })
  ownerId: number;

  /** The task next_action became (follow-up.ts); null without a next step. */
  @Column({ type: 'int', nullable: true })
  followUpTaskId: number | null;

  /** What the Quick Entry form's blocks held (block key -> field key -> value; activities.rules.ts). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  blocks: Record<string, Record<string, string>>;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  /** Search text folded by `crm_fold` (docs/decisions/search.md): written by the database, read only by search SQL. */
  @FoldColumn(`crm_fold("topic" || ' ' || "note" || ' ' || "next_action" || ' ' || "outcome")`)
  textFold?: string;
}
