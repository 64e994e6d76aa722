/** The reports feature's public entry (docs/decisions/reports.md). */
export { ReportsModule } from './reports.module';
export { ReportsService } from './reports.service';
export type { ForecastQuery, ForecastReport, FunnelQuery, MovementQuery, ReportQuery } from './reports.service';
export { QuotasService, MAX_QUOTAS_PER_PUT } from './quotas.service';
export type { QuotaInput, QuotaRow } from './quotas.service';
export { ForecastAdjustmentsService, MAX_ADJUSTMENTS_PER_PUT } from './forecast-adjustments.service';
export type { AdjustmentInput, AdjustmentRow } from './forecast-adjustments.service';
export { MOVEMENT_TERMS } from './movement.rules';
export type { Movement, MovementTerm } from './movement.rules';
export type { Funnel, FunnelMode } from './funnel.rules';
export type { WinRate } from './win-rate.rules';
export type { AgeingRow } from './ageing.rules';
export type { ForecastPeriod } from './forecast.rules';
export { money, type Figure } from './report.types';
export type { ReportFrame } from './report-source';
export { ForecastAccuracyService, accuracyOf } from './forecast-accuracy';
export type { AccuracyPeriod, AccuracyQuery, AccuracyWeek } from './forecast-accuracy';
export { ForecastSnapshotJob, SNAPSHOT_MONTHS } from './forecast-snapshots';
export { ActivityReportService } from './activity-report';
export type { ActivityQuery, ActivityReport } from './activity-report';
export {
  accuracyCompact, accuracyView, activityCompact, activityView, adjustmentCompact, adjustmentView, forecastCompact, forecastView, funnelCompact, funnelView,
  movementCompact, movementView, quotaView, winRateCompact, winRateView,
} from './report.view';
