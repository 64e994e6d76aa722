import { Module } from '@nestjs/common';
import { ForecastAdjustmentsService } from './forecast-adjustments.service';
import { QuotasService } from './quotas.service';
import { ReportSource } from './report-source';
import { ReportsService } from './reports.service';

@Module({ providers: [ReportSource, ReportsService, QuotasService, ForecastAdjustmentsService], exports: [ReportsService, QuotasService, ForecastAdjustmentsService] })
export class ReportsModule {}
