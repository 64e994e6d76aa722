import { Module } from '@nestjs/common';
import { OpportunitiesService } from './opportunities.service';
import { OpportunityCommands } from './opportunity-commands.service';
import { OpportunityQueries } from './opportunity-queries.service';

@Module({ providers: [OpportunityQueries, OpportunityCommands, OpportunitiesService], exports: [OpportunitiesService] })
export class OpportunitiesModule {}
