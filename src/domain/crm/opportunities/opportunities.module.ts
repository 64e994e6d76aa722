import { Module } from '@nestjs/common';
import { ObjectsModule } from '../objects';
import { OrdersModule } from '../orders';
import { OpportunitiesService } from './opportunities.service';
import { OpportunityCommands } from './opportunity-commands.service';
import { OpportunityQueries } from './opportunity-queries.service';

@Module({ imports: [OrdersModule, ObjectsModule], providers: [OpportunityQueries, OpportunityCommands, OpportunitiesService], exports: [OpportunitiesService] })
export class OpportunitiesModule {}
