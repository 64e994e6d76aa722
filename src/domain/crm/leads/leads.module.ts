import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/activities.module';
import { CompaniesModule } from '../companies/companies.module';
import { OpportunitiesModule } from '../opportunities/opportunities.module';
import { PeopleModule } from '../people/people.module';
import { SyncModule } from '../sync/sync.module';
import { TasksModule } from '../tasks/tasks.module';
import { FairsService } from './fairs.service';
import { LeadConvertService } from './lead-convert.service';
import { LeadsService } from './leads.service';

@Module({
  imports: [CompaniesModule, PeopleModule, OpportunitiesModule, ActivitiesModule, SyncModule, TasksModule],
  providers: [FairsService, LeadsService, LeadConvertService],
  exports: [FairsService, LeadsService, LeadConvertService],
})
export class LeadsModule {}
