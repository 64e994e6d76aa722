import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { JsonMap, TenantEntity } from '../../../platform/database/tenant-entity';

/** A record of a custom object. Field values live in `data` (jsonb, field key -> typed value). */
@Entity('object_records')
@Index(['workspaceId', 'typeId', 'active', 'id'])
@Index(['workspaceId', 'typeId', 'ownerId', 'id'])
@Index(['workspaceId', 'typeId', 'updatedAt', 'id'])
// trigram GIN index for `q` (ILIKE '%q%'), hand-written in migration 1795370000000-CustomObjects
@Index('IDX_object_records_name_trgm', { synchronize: false }) // USING gin (name gin_trgm_ops)
export class ObjectRecord extends TenantEntity {
  /** The object (ObjectType.id) this record belongs to. */
  @Column({ type: 'int' })
  typeId: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** null = no owner: visible to everyone with the module, editable by admins. */
  @Column({ type: 'int', nullable: true })
  ownerId: number | null;

  /** false = archived. */
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  data: JsonMap;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
