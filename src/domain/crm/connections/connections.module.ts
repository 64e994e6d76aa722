import { Module } from '@nestjs/common';
import { IntegrationsModule } from '../../integrations/integrations.module';
import { OrdersModule } from '../orders';
import { ConnectionsService } from './connections.service';

@Module({ imports: [IntegrationsModule, OrdersModule], providers: [ConnectionsService], exports: [ConnectionsService] })
export class ConnectionsModule {}
