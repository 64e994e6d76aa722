import { Check, Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** A calendar entry: a meeting with attendees (users) and contacts (people). */
@Entity('calendar_entries')
@Index(['workspaceId', 'startAt'])
@Index(['workspaceId', 'ownerId', 'startAt'])
// range filter (overlap with [start, end)): GiST over (workspace_id, tstzrange(start_at, end_at)), hand-written in
// migration 1795340000000-IndexesAndAggregates (btree_gist)
@Index('IDX_calendar_entries_range', { synchronize: false }) // USING gist (workspace_id, tstzrange(start_at, end_at))
@Check('CHK_calendar_entries_end_after_start', '"end_at" > "start_at"')
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
