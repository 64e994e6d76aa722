import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** A trade fair the sales team attends; leads are collected at it. Every user of the workspace sees fairs. */
@Entity('fairs')
@Index(['workspaceId', 'startDate', 'id'])
@Index(['workspaceId', 'updatedAt', 'id'])
export class Fair extends TenantEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  city: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  country: string;

  /** Exhibition centre. */
  @Column({ type: 'varchar', length: 200, default: '' })
  venue: string;

  /** Our hall / stand number. */
  @Column({ type: 'varchar', length: 100, default: '' })
  stand: string;

  @Column({ type: 'date', nullable: true })
  startDate: string | null;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;

  @Column({ type: 'varchar', length: 300, default: '' })
  website: string;

  @Column({ type: 'text', default: '' })
  note: string;

  @Column({ type: 'int' })
  ownerId: number;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
