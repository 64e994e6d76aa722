import { Column, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../platform/database/tenant-entity';

/** What is counted: a credential (API, ERP, SCIM key) or an OAuth grant (all its access tokens together). */
export type UsageSubject = 'credential' | 'grant';

/** Requests and errors of one credential or grant in one hour, added up from every instance's flushes (ConnectionUsageCounter). */
@Entity('connection_usage')
@Index('UQ_connection_usage_bucket', ['workspaceId', 'subject', 'subjectId', 'hour'], { unique: true })
export class ConnectionUsage extends TenantEntity {
  @Column({ type: 'varchar', length: 16 })
  subject: UsageSubject;

  @Column({ type: 'int' })
  subjectId: number;

  /** The start of the hour (UTC). */
  @Column({ type: 'timestamptz' })
  hour: Date;

  @Column({ type: 'int', default: 0 })
  requests: number;

  @Column({ type: 'int', default: 0 })
  errors: number;
}
