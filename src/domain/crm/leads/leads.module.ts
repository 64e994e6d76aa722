import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities';
import { CompaniesModule } from '../companies';
import { OpportunitiesModule } from '../opportunities';
import { PeopleModule } from '../people';
import { SyncModule } from '../sync';
import { TasksModule } from '../tasks';
import { FairsService } from './fairs.service';
import { LeadConvertService } from './lead-convert.service';
import { LeadsService } from './leads.service';

@Module({
  imports: [CompaniesModule, PeopleModule, OpportunitiesModule, ActivitiesModule, SyncModule, TasksModule],
  providers: [FairsService, LeadsService, LeadConvertService],
  exports: [FairsService, LeadsService, LeadConvertService],
})
export class LeadsModule {}
