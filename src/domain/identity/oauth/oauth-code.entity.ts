import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** An authorization code: stored as SHA-256, lives 5 minutes, used once (spec 3.7). */
@Entity('oauth_codes')
@Index(['workspaceId', 'codeHash'], { unique: true })
@Index(['workspaceId', 'expiresAt'])
export class OAuthCode extends TenantEntity {
  @Column({ type: 'char', length: 64 })
  codeHash: string;

  @Column({ type: 'int' })
  grantId: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 2048 })
  clientId: string;

  /** The redirect_uri exactly as sent to /oauth/authorize. */
  @Column({ type: 'varchar', length: 2048 })
  redirectUri: string;

  @Column({ type: 'varchar', length: 64 })
  codeChallenge: string;

  @Column({ type: 'text', array: true })
  scopes: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
