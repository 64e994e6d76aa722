import { Module } from '@nestjs/common';
import { ObjectsModule } from '../objects';
import { OrdersModule } from '../orders';
import { CompaniesService } from './companies.service';

@Module({ imports: [OrdersModule, ObjectsModule], providers: [CompaniesService], exports: [CompaniesService] })
export class CompaniesModule {}
