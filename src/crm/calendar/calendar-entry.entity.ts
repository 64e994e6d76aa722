import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../database/tenant-entity';

/** A calendar entry: a meeting with attendees (users) and contacts (people). */
@Entity('calendar_entries')
@Index(['workspaceId', 'startAt'])
@Index(['workspaceId', 'ownerId', 'startAt'])
export class CalendarEntry extends TenantEntity {
  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ type: 'timestamptz' })
  startAt: Date;

  @Column({ type: 'timestamptz' })
  endAt: Date;

  @Column({ type: 'varchar', length: 300, default: '' })
  location: string;

  @Column({ type: 'text', default: '' })
  note: string;

  /** Users attending (the owner is always one). */
  @Column({ type: 'int', array: true, default: () => "'{}'" })
  attendeeIds: number[];

  @Column({ type: 'int', array: true, default: () => "'{}'" })
  personIds: number[];

  @Column({ type: 'int', nullable: true })
  customerId: number | null;

  @Column({ type: 'int', nullable: true })
  oppId: number | null;

  @Column({ type: 'int' })
  ownerId: number;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
