import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import { EventJournalService } from '../../../domain/crm/journal';
import type { UserContext } from '../../../domain/identity/auth-context';
import { JournalQueryDto } from './events.dto';
import { eventKindsView, journalEventView } from '../../../domain/crm/journal/journal.view';
import { callerLang } from '../../../domain/workspace/labels';
import { EventKindList, JournalPage } from './event.schema';

/** The event journal: the events webhooks deliver, read with cursors. */
@ApiTags('Webhooks')
@Controller('api/v1/events')
export class EventsController {
  constructor(private readonly journal: EventJournalService) {}

  @Get()
  @ApiDoc({
    id: 'listEvents',
    summary: 'Read the event journal',
    description:
      'The events of spec 6.1 as webhooks deliver them (`event`, `title`, `text`, `url`, the same `data` as the webhook body), in journal order, ' +
      'for a receiver that was down or prefers to pull. Follow `next_cursor` (as `after`): no event is skipped and none is repeated, also while ' +
      'other transactions are committing; an event shows once the transactions that started before it have ended. Events are kept ' +
      'EVENT_RETENTION_DAYS (default 7) days. Sample-data events and suppressed bursts (spec 6.1 exceptions) are not in it. The caller sees ' +
      'events about records they may see (admins all, others their own and their team\'s) of kinds whose module they have; `event=` with a ' +
      'kind whose module they lack is 403 `module`. A cursor that is not one is 400 `invalid` (`after`); an unknown kind is 400 (`event`).',
    spec: '6',
    ok: JournalPage,
  })
  @Auth({ scope: 'crm.read' })
  async list(@CurrentAuth() auth: UserContext, @Query() q: JournalQueryDto) {
    const p = await this.journal.list(auth, q);
    return { ok: true as const, events: p.events.map((e) => journalEventView(e, auth.workspace)), next_cursor: p.nextCursor };
  }

  @Get('kinds')
  @ApiDoc({
    id: 'listEventKinds',
    summary: 'List the event kinds',
    description:
      'Every event kind the CRM raises (spec 6.1\'s, then the alerts beyond it), in the order webhooks and the journal list them: its name, ' +
      'what happens in the caller\'s language (their `locale`, else the workspace\'s), the licence module a reader needs, the fields of its ' +
      '`data` (what a webhook filter or a workflow condition may test) and the kind of record it is about. The same for every caller.',
    spec: '6',
    ok: EventKindList,
  })
  @Auth({ scope: 'crm.read' })
  kinds(@CurrentAuth() auth: UserContext) {
    return { ok: true as const, kinds: eventKindsView(callerLang(auth)) };
  }
}
