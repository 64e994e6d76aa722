import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies';
import { PeopleModule } from '../people';
import { LeadsModule } from '../leads';
import { TodayService } from './today.service';

@Module({ imports: [CompaniesModule, PeopleModule, LeadsModule], providers: [TodayService], exports: [TodayService] })
export class TodayModule {}
