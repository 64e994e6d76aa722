import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { FoldColumn, TenantEntity, numeric } from '../../../platform/database/tenant-entity';

/** What the ERP made of an order (null on the order while it was never sent). */
export type OrderErpState = 'queued' | 'written' | 'failed';

/**
 * A sales order of a company (spec 2.8), optionally for an opportunity and a catalogue product.
 * `amount` = kg × price, computed exactly (decimal) by the service; numeric columns, no float drift.
 */
@Entity('orders')
@Index(['workspaceId', 'customerId', 'id'])
@Index(['workspaceId', 'oppId', 'id'])
@Index(['workspaceId', 'ownerId', 'id'])
@Index(['workspaceId', 'status', 'id'])
@Index(['workspaceId', 'updatedAt', 'id'])
// `po_fold` (crm_fold(customer_po), a stored generated column, `poFold` below) and its trigram GIN index (global search): migration 1795487000000-FoldedSearch
@Index('IDX_orders_po_fold', { synchronize: false }) // USING gin (po_fold gin_trgm_ops)
export class Order extends TenantEntity {
  @Column({ type: 'int' })
  customerId: number;

  @Column({ type: 'int', nullable: true })
  oppId: number | null;

  @Column({ type: 'int', nullable: true })
  productId: number | null;

  /** The customer's purchase-order number: whitespace collapsed, at most 60 characters, '' when none. */
  @Column({ type: 'varchar', length: 60, default: '' })
  customerPo: string;

  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'date', nullable: true })
  dueDate: string | null;

  /** Quantity in `unit` (the spec calls it kg whatever the unit). */
  @Column({ type: 'numeric', precision: 14, scale: 3, transformer: numeric })
  kg: number;

  @Column({ type: 'numeric', precision: 14, scale: 4, transformer: numeric })
  price: number;

  @Column({ type: 'numeric', precision: 16, scale: 2, transformer: numeric })
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 16 })
  unit: string;

  /** One of constants.order_kinds. */
  @Column({ type: 'varchar', length: 40 })
  kind: string;

  /** One of constants.order_statuses. */
  @Column({ type: 'varchar', length: 40 })
  status: string;

  @Column({ type: 'int', default: 0 })
  paymentDays: number;

  @Column({ type: 'text', default: '' })
  note: string;

  /** The sales user the order belongs to (visibility as for other records); the ERP order's owner. */
  @Column({ type: 'int' })
  ownerId: number;

  /** ERP state shown on the order row; kept by the queue (src/domain/crm/orders/erp-queue-entry.entity.ts). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  erpState: OrderErpState | null;

  /** The ERP's order number once written. */
  @Column({ type: 'varchar', length: 60, default: '' })
  erpExtNo: string;

  /** The last error the ERP reported ('' when none). */
  @Column({ type: 'text', default: '' })
  erpError: string;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  /** Search text folded by `crm_fold` (docs/decisions/search.md): written by the database, read only by search SQL. */
  @FoldColumn('crm_fold("customer_po")')
  poFold?: string;
}
