/** The event journal's public entry. */
export { EventJournalService } from './event-journal.service';
export type { JournalEvent, JournalPage, JournalQuery } from './event-journal.service';
export { EventRetention } from './event-retention';
export { JournalModule } from './journal.module';
export { JOURNAL_MAX_LIMIT, JOURNAL_DEFAULT_LIMIT } from './journal.rules';
export type { JournalKind } from './journal.rules';
