import { Module } from '@nestjs/common';
import { ErpConnectionService } from './erp-connection.service';
import { ErpDeadLettersService } from './erp-dead-letters.service';
import { ErpExchangeService } from './erp-exchange.service';
import { ErpStallWatch } from './erp-stall-watch';
import { OrdersService } from './orders.service';

const SERVICES = [OrdersService, ErpExchangeService, ErpConnectionService, ErpDeadLettersService, ErpStallWatch];

@Module({ providers: SERVICES, exports: SERVICES })
export class OrdersModule {}
