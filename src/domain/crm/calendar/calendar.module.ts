import { Module } from '@nestjs/common';
import { SyncModule } from '../sync';
import { CalendarService } from './calendar.service';

@Module({ imports: [SyncModule], providers: [CalendarService], exports: [CalendarService] })
export class CalendarModule {}
