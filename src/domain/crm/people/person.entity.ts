import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { FoldColumn, TenantEntity } from '../../../platform/database/tenant-entity';

@Entity('people')
@Index('UQ_people_external_id', ['workspaceId', 'externalId'], { unique: true, where: `"external_id" IS NOT NULL` })
@Index(['workspaceId', 'customerId', 'id'])
@Index(['workspaceId', 'ownerId', 'id'])
@Index(['workspaceId', 'email'])
@Index(['workspaceId', 'nameNorm'])
@Index(['workspaceId', 'updatedAt', 'id'])
// `name_fold` (crm_fold(name), a stored generated column, `nameFold` below) and its trigram GIN index for `q`: migration 1795487000000-FoldedSearch
@Index('IDX_people_name_fold', { synchronize: false }) // USING gin (name_fold gin_trgm_ops)
@Index('IDX_people_email_trgm', { synchronize: false }) // USING gin (email gin_trgm_ops)
@Index('IDX_people_email_lower', { synchronize: false }) // (workspace_id, lower(email)): migration 1795493100000-EmailLowerIndexes
export class Person extends TenantEntity {
  /** The person's company (null for a person without one). */
  @Column({ type: 'int', nullable: true })
  customerId: number | null;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 200 })
  nameNorm: string;

  @Column({ type: 'varchar', length: 150, default: '' })
  title: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  department: string;

  @Column({ type: 'varchar', length: 254, default: '' })
  email: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  phone: string;

  /** WhatsApp number. */
  @Column({ type: 'varchar', length: 50, default: '' })
  wa: string;

  @Column({ type: 'text', default: '' })
  note: string;

  /** The company's main contact. */
  @Column({ type: 'boolean', default: false })
  isMain: boolean;

  /** No longer with the company. */
  @Column({ type: 'boolean', default: false })
  isFormer: boolean;

  /** manual, email (created automatically from e-mail: raises no contact_created), lead, import. */
  @Column({ type: 'varchar', length: 20, default: 'manual' })
  origin: string;

  @Column({ type: 'int' })
  ownerId: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

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
