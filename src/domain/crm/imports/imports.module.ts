import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies';
import { LeadsModule } from '../leads';
import { ObjectsModule } from '../objects';
import { TasksModule } from '../tasks';
import { ImportMoreTargets } from './import-more-targets';
import { OpportunitiesModule } from '../opportunities';
import { PeopleModule } from '../people';
import { ImportBulk } from './import-bulk';
import { ImportJobs } from './import-jobs';
import { ImportReverter } from './import-revert';
import { ImportRetention } from './import-retention';
import { ImportWorker } from './import-worker';
import { ImportWriter } from './import-writer';
import { ImportsService } from './imports.service';

@Module({
  imports: [CompaniesModule, PeopleModule, OpportunitiesModule, LeadsModule, TasksModule, ObjectsModule],
  providers: [ImportsService, ImportJobs, ImportWriter, ImportBulk, ImportMoreTargets, ImportWorker, ImportReverter, ImportRetention],
  exports: [ImportsService, ImportWorker, ImportRetention],
})
export class ImportsModule {}
