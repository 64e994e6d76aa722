import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { JournalEvent, JournalPage } from '../../../domain/crm/journal';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { JournalEvent as JournalEventSchema, JournalPage as JournalPageSchema } from '../schemas/event.schema';

export const toJournalEvent = (e: JournalEvent, ws: Workspace): z.output<typeof JournalEventSchema> => ({
  id: e.id,
  cursor: e.cursor,
  event: e.event,
  title: e.title,
  text: e.text,
  url: e.url,
  data: e.data,
  sent_at: formatTimestamp(e.occurredAt, ws.timezone),
});

export const toJournalPage = (p: JournalPage, ws: Workspace): z.output<typeof JournalPageSchema> => ({
  ok: true,
  events: p.events.map((e) => toJournalEvent(e, ws)),
  next_cursor: p.nextCursor,
});
