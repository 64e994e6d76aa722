import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { JsonMap, TenantEntity } from '../../../platform/database/tenant-entity';
import type { PublicHoliday } from './working-days';

/** Where a request stands; a decided request does not change again. */
export type ApprovalStatus = 'pending' | 'approved' | 'rejected';
export const APPROVAL_STATUSES: readonly ApprovalStatus[] = ['pending', 'approved', 'rejected'];

/** Fields computed when the request is made (leave lists: working days and the holidays skipped). */
export interface ApprovalComputed {
  working_days?: number;
  holidays?: PublicHoliday[];
}

/** An entry of an approval list, sent to the list's approver (copied at submission). */
@Entity('approval_requests')
@Index(['workspaceId', 'approverId', 'status', 'id'])
@Index(['workspaceId', 'requesterId', 'id'])
@Index(['workspaceId', 'listId', 'id'])
export class ApprovalRequest extends TenantEntity {
  @Column({ type: 'int' })
  listId: number;

  @Column({ type: 'int' })
  requesterId: number;

  @Column({ type: 'int' })
  approverId: number;

  @Column({ type: 'varchar', length: 16 })
  status: ApprovalStatus;

  /** Field key -> value, as validated against the list's fields. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  values: JsonMap;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  computed: ApprovalComputed;

  /** The requester's note to the approver. */
  @Column({ type: 'text', default: '' })
  note: string;

  /** The approver's note with the decision. */
  @Column({ type: 'text', default: '' })
  decisionNote: string;

  @Column({ type: 'int', nullable: true })
  decidedBy: number | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  decidedAt: Date | null;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
