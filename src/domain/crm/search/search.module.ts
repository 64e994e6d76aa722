import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies';
import { OpportunitiesModule } from '../opportunities';
import { PeopleModule } from '../people';
import { RecordSearch } from './record-search';
import { SearchService } from './search.service';

@Module({ imports: [CompaniesModule, PeopleModule, OpportunitiesModule], providers: [SearchService, RecordSearch], exports: [SearchService] })
export class SearchModule {}
