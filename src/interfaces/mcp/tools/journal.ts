import * as z from 'zod/v4';
import { CRM_EVENT_NAMES } from '../../../domain/crm/event-kinds';
import { JOURNAL_MAX_LIMIT, EventJournalService } from '../../../domain/crm/journal';
import { int, oneOf, text } from '../mcp.args';
import { journalPageCompact } from '../../../domain/crm/journal/journal.view';
import { Journal } from '../mcp.outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';

/**
 * The event journal (GET /api/v1/events): the same service call, the same visibility, modules and cursors.
 */
export function journalTools(get: ServiceOf): ToolDef[] {
  const s = { events: get(EventJournalService) };
  return [
    defineTool({
      name: 'list_events',
      title: 'List recent events',
      description:
        'Events of the CRM (new companies, contacts, opportunities and stage changes, wins, losses, visits, leads, tickets, form submissions) the user may see, ' +
        'oldest first. Pass next_cursor back as `after` to read what happened since; an empty list means nothing new yet.',
      write: false,
      output: Journal,
      input: z.strictObject({
        after: text(200, 'next_cursor of the previous call (or an event cursor); without it, from the oldest kept event').optional(),
        event: z.array(oneOf(CRM_EVENT_NAMES as [string, ...string[]], `an event kind: ${CRM_EVENT_NAMES.join(', ')}`)).min(1, 'at least one kind').max(CRM_EVENT_NAMES.length).optional().describe('only these event kinds'),
        limit: int(1, JOURNAL_MAX_LIMIT, 'at most this many events (default 100)').optional(),
      }),
      run: async (auth, a) => journalPageCompact(await s.events.list(auth, { after: a.after, limit: a.limit, event: a.event?.join(',') }), auth.workspace),
    }),
  ];
}
journalTools.place = 100;
