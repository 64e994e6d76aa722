import { Module } from '@nestjs/common';
import { EventJournalService } from './event-journal.service';
import { EventRetention } from './event-retention';

/** The event journal: GET /api/v1/events and the MCP tool list_events, and its retention. */
@Module({ providers: [EventJournalService, EventRetention], exports: [EventJournalService, EventRetention] })
export class JournalModule {}
