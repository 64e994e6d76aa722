import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { FoldColumn, TenantEntity } from '../../../platform/database/tenant-entity';

/** An action / task, optionally related to a company, person or opportunity. */
@Entity('tasks')
@Index(['workspaceId', 'assigneeId', 'status', 'dueDate'])
@Index(['workspaceId', 'oppId'])
@Index(['workspaceId', 'customerId'])
@Index(['workspaceId', 'updatedAt', 'id'])
@Index('IDX_tasks_owner', ['workspaceId', 'ownerId', 'id'])
// `text_fold` (crm_fold of title and description, a stored generated column, `textFold` below) and its trigram GIN index (global search): migration 1795487000000-FoldedSearch
@Index('IDX_tasks_text_fold', { synchronize: false }) // USING gin (text_fold gin_trgm_ops)
export class Task extends TenantEntity {
  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'date', nullable: true })
  dueDate: string | null;

  /** One of constants.task_priorities. */
  @Column({ type: 'varchar', length: 40 })
  priority: string;

  /** One of constants.task_statuses. */
  @Column({ type: 'varchar', length: 40 })
  status: string;

  @Column({ type: 'int' })
  assigneeId: number;

  /** Who created it. */
  @Column({ type: 'int' })
  ownerId: number;

  @Column({ type: 'int', nullable: true })
  customerId: number | null;

  @Column({ type: 'int', nullable: true })
  personId: number | null;

  @Column({ type: 'int', nullable: true })
  oppId: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  doneAt: Date | null;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  /** Search text folded by `crm_fold` (docs/decisions/search.md): written by the database, read only by search SQL. */
  @FoldColumn(`crm_fold("title" || ' ' || "description")`)
  textFold?: string;
}
