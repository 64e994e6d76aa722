import { Module } from '@nestjs/common';
import { ErpClock } from './erp-clock';
import { ErpConnectionService } from './erp-connection.service';
import { ErpExchangeService } from './erp-exchange.service';
import { OrdersService } from './orders.service';

@Module({ providers: [OrdersService, ErpExchangeService, ErpConnectionService, ErpClock], exports: [OrdersService, ErpExchangeService, ErpConnectionService, ErpClock] })
export class OrdersModule {}
