import { Column, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity, numeric } from '../../../platform/database/tenant-entity';

/** A user's sales quota for one month (a quarter's quota is the sum of its months), in the base currency. */
@Entity('quotas')
@Index(['workspaceId', 'userId', 'month'], { unique: true })
export class Quota extends TenantEntity {
  @Column({ type: 'int' })
  userId: number;

  /** The first day of the month (YYYY-MM-01). */
  @Column({ type: 'date' })
  month: string;

  @Column({ type: 'numeric', precision: 16, scale: 2, transformer: numeric })
  amount: number;

  @Column({ type: 'int', nullable: true })
  setBy: number | null;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
