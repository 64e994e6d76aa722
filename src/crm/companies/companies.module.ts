import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { CompaniesService } from './companies.service';

@Module({ imports: [OrdersModule], providers: [CompaniesService], exports: [CompaniesService] })
export class CompaniesModule {}
