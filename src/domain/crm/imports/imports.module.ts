import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies';
import { OpportunitiesModule } from '../opportunities';
import { PeopleModule } from '../people';
import { ImportJobs } from './import-jobs';
import { ImportReverter } from './import-revert';
import { ImportWorker } from './import-worker';
import { ImportWriter } from './import-writer';
import { ImportsService } from './imports.service';

@Module({
  imports: [CompaniesModule, PeopleModule, OpportunitiesModule],
  providers: [ImportsService, ImportJobs, ImportWriter, ImportWorker, ImportReverter],
  exports: [ImportsService, ImportWorker],
})
export class ImportsModule {}
