import { Module } from '@nestjs/common';
import { ActivityReportService } from './activity-report';
import { ForecastAccuracyService } from './forecast-accuracy';
import { ForecastAdjustmentsService } from './forecast-adjustments.service';
import { ForecastSnapshotJob } from './forecast-snapshots';
import { QuotasService } from './quotas.service';
import { ReportSource } from './report-source';
import { ReportsService } from './reports.service';

const EXPORTED = [ReportsService, QuotasService, ForecastAdjustmentsService, ForecastAccuracyService, ActivityReportService, ForecastSnapshotJob];

@Module({ providers: [ReportSource, ...EXPORTED], exports: EXPORTED })
export class ReportsModule {}
