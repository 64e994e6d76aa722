import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies';
import { OpportunitiesModule } from '../opportunities';
import { PeopleModule } from '../people';
import { SearchService } from './search.service';

@Module({ imports: [CompaniesModule, PeopleModule, OpportunitiesModule], providers: [SearchService], exports: [SearchService] })
export class SearchModule {}
