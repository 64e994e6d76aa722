import { Module } from '@nestjs/common';
import { ObjectsModule } from '../objects/objects.module';
import { OrdersModule } from '../orders/orders.module';
import { CompaniesService } from './companies.service';

@Module({ imports: [OrdersModule, ObjectsModule], providers: [CompaniesService], exports: [CompaniesService] })
export class CompaniesModule {}
