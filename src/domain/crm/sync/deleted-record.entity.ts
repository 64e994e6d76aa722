import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/**
 * A tombstone: a hard-deleted record, so that a sync (GET /api/v1/deleted) sees the deletion. Written in
 * the unit of work of the delete; never updated.
 */
@Entity('deleted_records')
@Index(['workspaceId', 'deletedAt', 'id'])
@Index(['workspaceId', 'recordType', 'deletedAt', 'id'])
export class DeletedRecord extends TenantEntity {
  /** `activity`, `task` or `calendar`. */
  @Column({ type: 'varchar', length: 20 })
  recordType: string;

  @Column({ type: 'int' })
  recordId: number;

  @Column({ type: 'int' })
  ownerId: number;

  /**
   * The users through whom the record was visible when it was deleted (owner; plus the assignee of a
   * task, the attendees of a calendar entry). A caller sees the tombstone when one of them is the caller
   * or in the caller's team, as for the record itself.
   */
  @Column({ type: 'int', array: true, default: () => "'{}'" })
  userIds: number[];

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  deletedAt: Date;
}
