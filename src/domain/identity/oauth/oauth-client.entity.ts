import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

export type ClientAuthMethod = 'client_secret_post' | 'none';

/**
 * A client registered through dynamic client registration (RFC 7591). Metadata-document clients are not
 * stored. Once authorized a row never changes again: OAuthClientsService caches it on that ground (a
 * feature that edits or removes authorized clients must drop that cache).
 */
@Entity('oauth_clients')
@Index(['workspaceId', 'clientId'], { unique: true })
@Index(['workspaceId', 'createdAt'])
export class OAuthClient extends TenantEntity {
  @Column({ type: 'varchar', length: 64 })
  clientId: string;

  @Column({ type: 'varchar', length: 200 })
  clientName: string;

  @Column({ type: 'text', array: true })
  redirectUris: string[];

  @Column({ type: 'varchar', length: 24 })
  tokenEndpointAuthMethod: ClientAuthMethod;

  /** SHA-256 of the client secret (confidential clients only). */
  @Column({ type: 'char', length: 64, nullable: true })
  secretHash: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** First completed authorization; clients that never get one are removed after a day. */
  @Column({ type: 'timestamptz', nullable: true })
  authorizedAt: Date | null;
}
