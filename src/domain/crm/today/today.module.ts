import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies';
import { PeopleModule } from '../people';
import { LeadsModule } from '../leads';
import { TodayService } from './today.service';
import { WeeklyTargetsService } from './weekly-targets.service';

@Module({ imports: [CompaniesModule, PeopleModule, LeadsModule], providers: [TodayService, WeeklyTargetsService], exports: [TodayService, WeeklyTargetsService] })
export class TodayModule {}
