import { Module } from '@nestjs/common';
import { SyncModule } from '../sync';
import { TasksService } from './tasks.service';

@Module({ imports: [SyncModule], providers: [TasksService], exports: [TasksService] })
export class TasksModule {}
