import { Column, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/**
 * A stall of the ERP connector (the `erp_stalled` alert): raised by housekeeping (ErpStallWatch) when no
 * poll came for ERP_STALL_MINUTES while an order had waited as long, cleared when a poll came. At most one
 * open (uncleared) stall per workspace: a partial unique index, so of several instances only one raises it.
 */
@Entity('erp_stalls')
@Index('UQ_erp_stalls_open', ['workspaceId'], { unique: true, where: `"cleared_at" IS NULL` })
export class ErpStall extends TenantEntity {
  @Column({ type: 'timestamptz', precision: 3 })
  raisedAt: Date;

  /** The last poll before the stall; null when the ERP never polled. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastPollAt: Date | null;

  /** When the oldest entry waiting at the raise was queued. */
  @Column({ type: 'timestamptz', precision: 3 })
  oldestWaitingAt: Date;

  /** Entries waiting at the raise. */
  @Column({ type: 'int' })
  waiting: number;

  /** When the first poll after the raise came (found by the housekeeping round after it); null while stalled. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  clearedAt: Date | null;
}
