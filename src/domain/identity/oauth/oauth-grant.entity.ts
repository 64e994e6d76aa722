import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** What one user allowed one app (client) to do: one grant per user and app (spec 5 rule 8). */
@Entity('oauth_grants')
@Index(['workspaceId', 'userId', 'clientId'], { unique: true })
export class OAuthGrant extends TenantEntity {
  @Column({ type: 'int' })
  userId: number;

  /** The client_id: a registered id, or the URL of a client metadata document. */
  @Column({ type: 'varchar', length: 2048 })
  clientId: string;

  /** The app's name as shown at consent. */
  @Column({ type: 'varchar', length: 200 })
  clientName: string;

  @Column({ type: 'text', array: true })
  scopes: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Batched from token use (GrantUsage); up to a few seconds behind. */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ type: 'int', default: 0 })
  callCount: number;
}
