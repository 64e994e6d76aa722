import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/**
 * One link of a custom-object relation: record `sourceId` (of object `sourceTypeId`) points through
 * relation `relationKey` at a company, person, opportunity or object record (`targetKind`, `targetId`).
 * Indexed for both directions: a record's own links, and the links pointing at a record.
 */
@Entity('object_links')
@Index(['workspaceId', 'sourceId', 'relationKey', 'targetId'], { unique: true })
@Index(['workspaceId', 'targetKind', 'targetId'])
@Index(['workspaceId', 'sourceTypeId', 'relationKey'])
export class ObjectLink extends TenantEntity {
  @Column({ type: 'int' })
  sourceTypeId: number;

  @Column({ type: 'int' })
  sourceId: number;

  @Column({ type: 'varchar', length: 40 })
  relationKey: string;

  /** `company`, `person`, `opportunity` or `object`. */
  @Column({ type: 'varchar', length: 20 })
  targetKind: string;

  @Column({ type: 'int' })
  targetId: number;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
