import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../platform/database/tenant-entity';

/**
 * session = `xk_` (login), api = `sk_`, erp = `erp_`, scim = `scim_`, oauth = `mcp_` access token,
 * oauth_refresh = `mcpr_` refresh token (only at the token endpoint, never a bearer).
 */
export type CredentialKind = 'session' | 'api' | 'erp' | 'scim' | 'oauth' | 'oauth_refresh';

export const CREDENTIAL_PREFIX: Record<CredentialKind, string> = {
  session: 'xk',
  api: 'sk',
  erp: 'erp',
  scim: 'scim',
  oauth: 'mcp',
  oauth_refresh: 'mcpr',
};

/** A bearer credential. Only the SHA-256 of the token is stored; the token is shown once. */
@Entity('credentials')
@Index(['workspaceId', 'tokenHash'], { unique: true })
@Index(['workspaceId', 'userId', 'kind'])
@Index(['workspaceId', 'grantId'])
export class Credential extends TenantEntity {
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 16 })
  kind: CredentialKind;

  /** Device name for sessions, label for keys. */
  @Column({ type: 'varchar', length: 200, default: '' })
  name: string;

  /** First characters of the token, to recognise a key in lists without revealing it. */
  @Column({ type: 'varchar', length: 24 })
  prefix: string;

  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes: string[];

  /** OAuth grant this token belongs to (OAuth tokens only). */
  @Column({ type: 'int', nullable: true })
  grantId: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
