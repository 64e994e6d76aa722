import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies';
import { LeadsModule } from '../leads';
import { PeopleModule } from '../people';
import { TasksModule } from '../tasks';
import { HookReceiver } from './hook-receiver';
import { HooksService } from './hooks.service';

@Module({ imports: [LeadsModule, CompaniesModule, PeopleModule, TasksModule], providers: [HooksService, HookReceiver], exports: [HooksService, HookReceiver] })
export class HooksModule {}
