import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The last time a user opened a record (Today's `recent`). */
@Entity('record_opens')
@Index(['workspaceId', 'userId', 'recordType', 'openedAt'])
export class RecordOpen {
  @PrimaryColumn({ type: 'int' })
  workspaceId: number;

  @PrimaryColumn({ type: 'int' })
  userId: number;

  @PrimaryColumn({ type: 'varchar', length: 20 })
  recordType: string;

  @PrimaryColumn({ type: 'int' })
  recordId: number;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  openedAt: Date;
}
