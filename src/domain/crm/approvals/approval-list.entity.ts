import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';
import type { ApprovalField } from './approval-fields';

/**
 * An approval list: a form with typed fields whose entries go to one approver (a leave request, a
 * purchase approval, …). Leave lists name their two date fields in `daysStart` / `daysEnd`; their
 * requests compute working days.
 */
@Entity('approval_lists')
@Index(['workspaceId', 'active', 'id'])
export class ApprovalList extends TenantEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  fields: ApprovalField[];

  /** Keys of the date fields between which working days are counted ('' = not a leave list). */
  @Column({ type: 'varchar', length: 40, default: '' })
  daysStart: string;

  @Column({ type: 'varchar', length: 40, default: '' })
  daysEnd: string;

  @Column({ type: 'int' })
  approverId: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
