import { Column, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** A checklist step of a stage, created when the opportunity enters the stage. */
@Entity('opp_steps')
@Index(['workspaceId', 'oppId', 'id'])
export class Step extends TenantEntity {
  @Column({ type: 'int' })
  oppId: number;

  @Column({ type: 'varchar', length: 40 })
  stage: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'int', default: 0 })
  position: number;

  @Column({ type: 'boolean', default: false })
  done: boolean;

  /** Set automatically (BANT steps follow the opportunity's BANT flags). */
  @Column({ type: 'boolean', default: false })
  auto: boolean;

  /** b, a, n or t for the BANT steps. */
  @Column({ type: 'varchar', length: 1, nullable: true })
  bantKey: string | null;

  @Column({ type: 'date', nullable: true })
  dueDate: string | null;

  @Column({ type: 'varchar', length: 250, default: '' })
  note: string;

  @Column({ type: 'int', nullable: true })
  assigneeId: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  doneAt: Date | null;
}
