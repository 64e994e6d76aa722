import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { numeric, TenantEntity } from '../../../platform/database/tenant-entity';

/** An extra person met with the lead (the primary contact is contact_name / title / email / phone). */
export interface LeadPerson {
  name: string;
  title: string;
  email: string;
  phone: string;
  /** The contact (person id) the conversion linked or created; null before conversion or when skipped. */
  cid: number | null;
}

/** A trade-fair lead (spec 2.5). Visibility and editing follow the owner, as for companies. */
@Entity('leads')
@Index('UQ_leads_external_id', ['workspaceId', 'externalId'], { unique: true, where: `"external_id" IS NOT NULL` })
@Index(['workspaceId', 'ownerId', 'id'])
@Index(['workspaceId', 'fairId', 'id'])
@Index(['workspaceId', 'status', 'id'])
@Index(['workspaceId', 'oppId'])
@Index(['workspaceId', 'updatedAt', 'id'])
// trigram GIN indexes for `q`, hand-written in migration 1795350000000-FairLeads
@Index('IDX_leads_company_trgm', { synchronize: false }) // USING gin (company gin_trgm_ops)
@Index('IDX_leads_contact_name_trgm', { synchronize: false }) // USING gin (contact_name gin_trgm_ops)
@Index('IDX_leads_email_lower', { synchronize: false }) // (workspace_id, lower(email)): migration 1795493100000-EmailLowerIndexes
export class Lead extends TenantEntity {
  @Column({ type: 'varchar', length: 200 })
  company: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  contactName: string;

  @Column({ type: 'varchar', length: 150, default: '' })
  title: string;

  @Column({ type: 'varchar', length: 254, default: '' })
  email: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  phone: string;

  /** WhatsApp number. */
  @Column({ type: 'varchar', length: 50, default: '' })
  wa: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  website: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  city: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  sector: string;

  /** Their current supplier. */
  @Column({ type: 'varchar', length: 200, default: '' })
  supplier: string;

  @Column({ type: 'int', nullable: true })
  fairId: number | null;

  /** One of constants.lead_interest, or ''. */
  @Column({ type: 'varchar', length: 40, default: '' })
  interest: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  line: string;

  /** One of constants.lead_next_actions, or ''. */
  @Column({ type: 'varchar', length: 100, default: '' })
  nextAction: string;

  @Column({ type: 'date', nullable: true })
  nextDate: string | null;

  @Column({ type: 'text', default: '' })
  note: string;

  @Column({ type: 'text', default: '' })
  projectNote: string;

  /** Products of interest (codes or names, as picked in the form). */
  @Column({ type: 'varchar', length: 500, default: '' })
  products: string;

  /** Products of interest in the visitor's own words. */
  @Column({ type: 'text', default: '' })
  productsText: string;

  /** One of constants.lead_timings, or ''. */
  @Column({ type: 'varchar', length: 40, default: '' })
  timing: string;

  /** One of constants.lead_visitor_types, or ''. */
  @Column({ type: 'varchar', length: 40, default: '' })
  visitorType: string;

  @Column({ type: 'varchar', length: 16, default: '' })
  unit: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true, transformer: numeric })
  potentialKg: number | null;

  /** The opportunity the conversion created or linked. */
  @Column({ type: 'int', nullable: true })
  oppId: number | null;

  /** One of constants.opp_types, or '': the type of the opportunity a conversion creates. */
  @Column({ type: 'varchar', length: 40, default: '' })
  oppType: string;

  /** A registered company the lead belongs to (picked in the form); a conversion links it. */
  @Column({ type: 'int', nullable: true })
  customerId: number | null;

  /** Follow-up task made of the next action at conversion (null: none). */
  @Column({ type: 'int', nullable: true })
  taskId: number | null;

  /** One of constants.lead_statuses, or constants.lead_status_won once the opportunity is won. */
  @Column({ type: 'varchar', length: 40 })
  status: string;

  @Column({ type: 'int' })
  ownerId: number;

  /** Extra people met (the primary contact is contactName …). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  people: LeadPerson[];

  /** After conversion: the company and the primary contact. */
  @Column({ type: 'int', nullable: true })
  linkCustomerId: number | null;

  @Column({ type: 'int', nullable: true })
  linkContactId: number | null;

  /** The contact the primary person (contact_name) became; null when skipped or not converted. */
  @Column({ type: 'int', nullable: true })
  contactCid: number | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  convertedAt: Date | null;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  /** The record's key in the system it came from (import matching); null when none. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  externalId: string | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
