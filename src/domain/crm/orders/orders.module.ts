import { Module } from '@nestjs/common';
import { ErpConnectionService } from './erp-connection.service';
import { ErpExchangeService } from './erp-exchange.service';
import { OrdersService } from './orders.service';

@Module({ providers: [OrdersService, ErpExchangeService, ErpConnectionService], exports: [OrdersService, ErpExchangeService, ErpConnectionService] })
export class OrdersModule {}
