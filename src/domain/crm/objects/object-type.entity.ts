import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';
import type { FieldDef, RelationDef } from './objects.rules';

/** A custom object's definition (one per key and workspace): its fields and relations. */
@Entity('object_types')
@Index(['workspaceId', 'key'], { unique: true })
export class ObjectType extends TenantEntity {
  /** The object's key in paths (`/objects/{key}/records`); never changes. */
  @Column({ type: 'varchar', length: 40 })
  key: string;

  @Column({ type: 'varchar', length: 100 })
  label: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  fields: FieldDef[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  relations: RelationDef[];

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
