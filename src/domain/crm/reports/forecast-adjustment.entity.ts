import { Check, Column, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity, numeric } from '../../../platform/database/tenant-entity';

/**
 * A manager's adjusted forecast for one user or one team (department), one period (a month 2026-11 or a quarter
 * 2026-Q4) and one forecast category, with the note that explains it (docs/decisions/reports.md, "Manager's
 * adjustment"). Exactly one of `userId` and `team` is set.
 */
@Entity('forecast_adjustments')
@Index('UQ_forecast_adjustments_user', ['workspaceId', 'userId', 'period', 'category'], { unique: true, where: '"user_id" IS NOT NULL' })
@Index('UQ_forecast_adjustments_team', ['workspaceId', 'team', 'period', 'category'], { unique: true, where: '"team" IS NOT NULL' })
@Check('CHK_forecast_adjustments_subject', '("user_id" IS NULL) <> ("team" IS NULL)')
export class ForecastAdjustment extends TenantEntity {
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  team: string | null;

  @Column({ type: 'varchar', length: 7 })
  period: string;

  @Column({ type: 'varchar', length: 40 })
  category: string;

  /** The adjusted amount, in the base currency. */
  @Column({ type: 'numeric', precision: 16, scale: 2, transformer: numeric })
  amount: number;

  @Column({ type: 'varchar', length: 2000, default: '' })
  note: string;

  @Column({ type: 'int', nullable: true })
  setBy: number | null;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
