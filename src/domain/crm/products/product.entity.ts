import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity, numeric } from '../../../platform/database/tenant-entity';

@Entity('products')
@Index(['workspaceId', 'code'], { unique: true })
export class Product extends TenantEntity {
  @Column({ type: 'varchar', length: 50 })
  code: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0, transformer: numeric })
  listPrice: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 16 })
  unit: string;

  /** The product's id in the ERP. */
  @Column({ type: 'varchar', length: 100, default: '' })
  extId: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
