import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies';
import { LeadsModule } from '../leads';
import { ObjectsModule } from '../objects';
import { PeopleModule } from '../people';
import { TasksModule } from '../tasks';
import { HookReceiver } from './hook-receiver';
import { HooksService } from './hooks.service';
import { ReceiptRetention } from './receipt-retention';

@Module({ imports: [LeadsModule, CompaniesModule, PeopleModule, TasksModule, ObjectsModule], providers: [HooksService, HookReceiver, ReceiptRetention], exports: [HooksService, HookReceiver, ReceiptRetention] })
export class HooksModule {}
