import { Module } from '@nestjs/common';
import { ErpClock } from './erp-clock';
import { ErpExchangeService } from './erp-exchange.service';
import { OrdersService } from './orders.service';

@Module({ providers: [OrdersService, ErpExchangeService, ErpClock], exports: [OrdersService, ErpExchangeService, ErpClock] })
export class OrdersModule {}
