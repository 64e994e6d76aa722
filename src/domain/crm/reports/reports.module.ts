import { Module } from '@nestjs/common';
import { QuotasService } from './quotas.service';
import { ReportSource } from './report-source';
import { ReportsService } from './reports.service';

@Module({ providers: [ReportSource, ReportsService, QuotasService], exports: [ReportsService, QuotasService] })
export class ReportsModule {}
