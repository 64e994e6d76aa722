import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { OpportunitiesService } from './opportunities.service';
import { OpportunityCommands } from './opportunity-commands.service';
import { OpportunityQueries } from './opportunity-queries.service';

@Module({ imports: [OrdersModule], providers: [OpportunityQueries, OpportunityCommands, OpportunitiesService], exports: [OpportunitiesService] })
export class OpportunitiesModule {}
