import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module';
import { PeopleModule } from '../people/people.module';
import { LeadsModule } from '../leads/leads.module';
import { TodayService } from './today.service';

@Module({ imports: [CompaniesModule, PeopleModule, LeadsModule], providers: [TodayService], exports: [TodayService] })
export class TodayModule {}
