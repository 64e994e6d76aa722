/** The calendar feature's public entry: what other CRM features may use. */
export { CalendarModule } from './calendar.module';
export { CalendarService } from './calendar.service';
export type { CalendarFields } from './calendar.service';
