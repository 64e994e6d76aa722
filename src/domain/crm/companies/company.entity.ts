import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { FoldColumn, TenantEntity, numeric } from '../../../platform/database/tenant-entity';

@Entity('companies')
@Index('UQ_companies_external_id', ['workspaceId', 'externalId'], { unique: true, where: `"external_id" IS NOT NULL` })
@Index(['workspaceId', 'ownerId', 'id'])
@Index(['workspaceId', 'nameNorm'])
@Index(['workspaceId', 'taxNo'])
@Index(['workspaceId', 'updatedAt', 'id'])
@Index(['workspaceId', 'nextVisitDue'])
// `name_fold` (crm_fold(name), a stored generated column, `nameFold` below) and its trigram GIN index for `q`: migration 1795487000000-FoldedSearch
@Index('IDX_companies_name_fold', { synchronize: false }) // USING gin (name_fold gin_trgm_ops)
export class Company extends TenantEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Lower-case, accents, punctuation and legal-form words removed: for duplicate matching. */
  @Column({ type: 'varchar', length: 200 })
  nameNorm: string;

  /** One of constants.customer_statuses. */
  @Column({ type: 'varchar', length: 40 })
  status: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  sector: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  city: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  country: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  address: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  phone: string;

  @Column({ type: 'varchar', length: 254, default: '' })
  email: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  website: string;

  @Column({ type: 'varchar', length: 40, default: '' })
  taxNo: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  taxOffice: string;

  /** ERP account code and id (empty when the company has no ERP account). */
  @Column({ type: 'varchar', length: 60, default: '' })
  erpCode: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  erpExtId: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  source: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true, transformer: numeric })
  potentialKg: number | null;

  @Column({ type: 'varchar', length: 3, default: '' })
  currency: string;

  @Column({ type: 'varchar', length: 16, default: '' })
  unit: string;

  @Column({ type: 'text', default: '' })
  note: string;

  @Column({ type: 'int' })
  ownerId: number;

  @Column({ type: 'date', nullable: true })
  lastVisit: string | null;

  /** last_visit (or creation) + visit_period[status]; kept current on visits and status changes. */
  @Column({ type: 'date', nullable: true })
  nextVisitDue: string | null;

  /** false = archived. */
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  /** The record's key in the system it came from (import matching); null when none. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  externalId: string | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  /** Search text folded by `crm_fold` (docs/decisions/search.md): written by the database, read only by search SQL. */
  @FoldColumn('crm_fold("name")')
  nameFold?: string;
}
