import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../database/tenant-entity';

/** A password-setup invitation: the link's token (stored as SHA-256 only) sets the user's password once, before it expires. */
@Entity('invitations')
@Index(['workspaceId', 'tokenHash'], { unique: true })
@Index(['workspaceId', 'userId'])
export class Invitation extends TenantEntity {
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** Set when the password was set through it, or when a newer invitation replaced it. */
  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
