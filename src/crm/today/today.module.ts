import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module';
import { PeopleModule } from '../people/people.module';
import { TodayService } from './today.service';

@Module({ imports: [CompaniesModule, PeopleModule], providers: [TodayService], exports: [TodayService] })
export class TodayModule {}
