import { Module } from '@nestjs/common';
import { SyncModule } from '../sync/sync.module';
import { CalendarService } from './calendar.service';

@Module({ imports: [SyncModule], providers: [CalendarService], exports: [CalendarService] })
export class CalendarModule {}
