import { Column, Entity, Index } from 'typeorm';
import { JsonMap, TenantEntity } from '../database/tenant-entity';

/** Security and operational notes: logins, key creation and revocation, suppressed event bursts. */
@Entity('audit_log')
@Index(['workspaceId', 'action', 'subject', 'at'])
export class AuditLog extends TenantEntity {
  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  subject: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  detail: JsonMap;

  @Column({ type: 'varchar', length: 64, nullable: true })
  requestId: string | null;
}
