import { Column, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** A stage change (the first has from = null). */
@Entity('opp_logs')
@Index(['workspaceId', 'oppId', 'id'])
export class OppLog extends TenantEntity {
  @Column({ type: 'int' })
  oppId: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;

  @Column({ type: 'varchar', length: 40, nullable: true })
  fromStage: string | null;

  @Column({ type: 'varchar', length: 40 })
  toStage: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  note: string;

  @Column({ type: 'int', nullable: true })
  userId: number | null;
}
