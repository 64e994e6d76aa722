import { Module } from '@nestjs/common';
import { ObjectsModule } from '../objects/objects.module';
import { OrdersModule } from '../orders/orders.module';
import { OpportunitiesService } from './opportunities.service';
import { OpportunityCommands } from './opportunity-commands.service';
import { OpportunityQueries } from './opportunity-queries.service';

@Module({ imports: [OrdersModule, ObjectsModule], providers: [OpportunityQueries, OpportunityCommands, OpportunitiesService], exports: [OpportunitiesService] })
export class OpportunitiesModule {}
