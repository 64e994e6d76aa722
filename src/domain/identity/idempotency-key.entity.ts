import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../platform/database/tenant-entity';

/**
 * An `Idempotency-Key` a credential sent with a write: claimed by the unique index before the
 * handler runs (so two instances on one database never both run it), completed with the answer after.
 * `status` is null while the first request is still running. Deleted by CredentialRetention after `expiresAt`.
 */
@Entity('idempotency_keys')
@Index('UQ_idempotency_keys_credential_key', ['workspaceId', 'credentialId', 'key'], { unique: true })
@Index('IDX_idempotency_keys_expires', ['workspaceId', 'expiresAt'])
export class IdempotencyKey extends TenantEntity {
  @Column({ type: 'int' })
  credentialId: number;

  @Column({ type: 'varchar', length: 255 })
  key: string;

  /** SHA-256 of method, routed path and canonical body (or MCP tool and arguments). */
  @Column({ type: 'char', length: 64 })
  fingerprint: string;

  /** The stored answer's HTTP status; null while the first request runs. */
  @Column({ type: 'smallint', nullable: true })
  status: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  contentType: string | null;

  @Column({ type: 'text', nullable: true })
  body: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;
}
