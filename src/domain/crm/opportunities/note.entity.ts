import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** A free-text note on a record (opportunities for now). */
@Entity('notes')
@Index(['workspaceId', 'recordType', 'recordId', 'id'])
export class Note extends TenantEntity {
  @Column({ type: 'varchar', length: 20 })
  recordType: string;

  @Column({ type: 'int' })
  recordId: number;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
