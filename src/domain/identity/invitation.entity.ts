import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../platform/database/tenant-entity';

/** What a password link is for: the first password of a provisioned user, or a "forgot password" reset. */
export type PasswordLinkPurpose = 'invitation' | 'reset';

/**
 * A password link: its token (stored as SHA-256 only) sets the user's password once, before it expires.
 * Invitations (`inv_`, INVITATION_HOURS) are e-mailed to users the identity provider creates or shown
 * once to an admin; resets (`pwr_`, one hour) are e-mailed on a "forgot password" request.
 */
@Entity('invitations')
@Index(['workspaceId', 'tokenHash'], { unique: true })
@Index(['workspaceId', 'userId'])
export class Invitation extends TenantEntity {
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 16, default: 'invitation' })
  purpose: PasswordLinkPurpose;

  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** Set when the password was set through it, or when a newer link of the same purpose replaced it. */
  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
