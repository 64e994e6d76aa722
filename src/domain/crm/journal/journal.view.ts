import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import type { JournalEvent, JournalPage } from './event-journal.service';

/**
 * The read model of the event journal (spec 6.1): an event as webhooks deliver it, with its cursor and the time in
 * the workspace's local time. REST answers and documents it (`src/interfaces/rest/events/event.schema.ts`, checked
 * by tsc), and MCP answers the same fields (`journalPageCompact`, in the order the tools have always listed them).
 */

export const journalEventView = (e: JournalEvent, ws: Workspace) => ({
  id: e.id,
  cursor: e.cursor,
  event: e.event,
  title: e.title,
  text: e.text,
  url: e.url,
  data: e.data,
  sent_at: formatTimestamp(e.occurredAt, ws.timezone),
});

/** A page of the journal as the tools answer it: the events and where to read on. */
export const journalPageCompact = (p: JournalPage, ws: Workspace) => ({
  events: p.events.map((e) => {
    const v = journalEventView(e, ws);
    return { id: v.id, event: v.event, title: v.title, text: v.text, url: v.url, data: v.data, sent_at: v.sent_at, cursor: v.cursor };
  }),
  next_cursor: p.nextCursor,
});
