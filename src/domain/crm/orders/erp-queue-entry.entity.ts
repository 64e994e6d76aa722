import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { JsonMap, TenantEntity } from '../../../platform/database/tenant-entity';

/**
 * Life of a queue entry: `waiting` (to be written; listed unless a claim lease runs), then `written`
 * (the ERP reported its number) or `failed` (parked after too many failed attempts, shown to users).
 * A failed attempt below the limit leaves the entry `waiting` with `last_error` set.
 */
export type ErpQueueState = 'waiting' | 'written' | 'failed';
export const ERP_QUEUE_WAITING: ErpQueueState = 'waiting';
export type ErpDeadReason = 'rejected' | 'attempts';

/**
 * The ERP order queue (spec 2.9, 3.5, 4.6). One open (`waiting`) entry per order: a partial unique
 * index. The ERP interface lists waiting entries oldest first (partial indexes: never-leased entries by
 * id, leased ones by lease end, so a claim never walks past running leases), claims them with
 * a lease (`claimed_until` = now + 30 minutes, `attempts` + 1, `FOR UPDATE SKIP LOCKED`) and reports
 * the result. `payload` is the ERP order of spec 2.9, snapshotted when the order was queued.
 */
@Entity('erp_queue')
@Index('IDX_erp_queue_open_order', ['workspaceId', 'orderId'], { unique: true, where: `"state" = 'waiting'` })
@Index('IDX_erp_queue_fresh', ['workspaceId', 'id'], { where: `"state" = 'waiting' AND "claimed_until" IS NULL` })
@Index('IDX_erp_queue_leased', ['workspaceId', 'claimedUntil'], { where: `"state" = 'waiting' AND "claimed_until" IS NOT NULL` })
@Index(['workspaceId', 'orderId', 'id'])
export class ErpQueueEntry extends TenantEntity {
  @Column({ type: 'int' })
  orderId: number;

  @Column({ type: 'varchar', length: 16, default: ERP_QUEUE_WAITING })
  state: ErpQueueState;

  /** How many times the entry was claimed. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** End of the current claim lease; the entry is not listed again before it. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  claimedUntil: Date | null;

  /** When it was last claimed (for the connection card). */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  claimedAt: Date | null;

  /**
   * The current claim's fencing token (new at every claim): a lease extension or report carrying another
   * token comes from a poller whose lease was taken over and is refused (409). Null: never claimed, or the
   * lease ended with a failure report.
   */
  @Column({ type: 'varchar', length: 36, nullable: true })
  leaseToken: string | null;

  /** Why the entry is a dead letter (state `failed`): `rejected` (the ERP refused it, retry:false) or `attempts`; '' otherwise. */
  @Column({ type: 'varchar', length: 16, default: '' })
  deadReason: ErpDeadReason | '';

  /** The ERP order's version: 1 when queued, + 1 each time the order's customer, lines or PO changed while the entry waited (supersession). */
  @Column({ type: 'int', default: 1 })
  version: number;

  /** The ERP order (spec 2.9 `order`) as it was when queued. */
  @Column({ type: 'jsonb' })
  payload: JsonMap;

  @Column({ type: 'varchar', length: 60, default: '' })
  extNo: string;

  @Column({ type: 'text', default: '' })
  lastError: string;

  /** When it was written or parked. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  doneAt: Date | null;

  @Column({ type: 'int', nullable: true })
  queuedBy: number | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
