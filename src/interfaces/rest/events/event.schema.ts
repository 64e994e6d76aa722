import { z } from 'zod';
import { CRM_EVENT_NAMES } from '../../../domain/crm/event-kinds';
import { EVENT_KIND_EXAMPLE, EventKindSchema, JOURNAL_EVENT_EXAMPLE, JournalEventSchema, JournalPageCompact } from '../../../domain/crm/journal/journal.view';
import { example, f, named } from '../../../edge/openapi/schema';

/** The journal's schemas are its read model's (src/domain/crm/journal/journal.view.ts), named here for the document, the kinds as an enum. */
export const JournalEvent = named(
  'JournalEvent',
  JournalEventSchema.extend({ event: z.enum(CRM_EVENT_NAMES).meta({ description: 'the event kind (spec 6.1)' }) }),
  { description: 'An event of the journal (spec 6.1, 6.2): what a webhook of it delivers, with its position.' },
);
const eventExample = example(JournalEvent, JOURNAL_EVENT_EXAMPLE);

export const JournalPage = named(
  'JournalPage',
  z.object({ ok: f.ok(), events: z.array(JournalEvent), next_cursor: JournalPageCompact.shape.next_cursor }),
  { description: 'A page of the event journal, in journal order.' },
);
example(JournalPage, { ok: true, events: [eventExample], next_cursor: 'WyJqMSIsIjc0MjE4IiwxXQ' });

export const EventKind = named('EventKind', EventKindSchema.extend({ name: z.enum(CRM_EVENT_NAMES).meta({ description: 'the event kind (spec 6.1)' }) }), {
  description: 'An event kind the CRM raises: what a webhook subscription, a filter or a workflow trigger names.',
});
const kindExample = example(EventKind, EVENT_KIND_EXAMPLE);

export const EventKindList = named('EventKindList', z.object({ ok: f.ok(), kinds: z.array(EventKind) }), {
  description: 'Every event kind, in the order webhooks and the journal list them.',
});
example(EventKindList, { ok: true, kinds: [kindExample] });
