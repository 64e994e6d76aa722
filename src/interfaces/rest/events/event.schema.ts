import { z } from 'zod';
import type { journalEventView } from '../../../domain/crm/journal/journal.view';
import { example, f, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import { CRM_EVENT_NAMES } from '../../../domain/crm/event-kinds';

/** One event of the journal: the webhook body's content (spec 6.2) with its id and cursor. */
export const JournalEvent = named(
  'JournalEvent',
  z.object({
    id: f.id().meta({ description: 'the event id (the same in every read of the journal)' }),
    cursor: z.string().meta({ description: 'the journal position of this event: pass as `after` to read what follows it' }),
    event: z.enum(CRM_EVENT_NAMES).meta({ description: 'the event kind (spec 6.1)' }),
    title: z.string().meta({ description: 'human-readable title, as in the webhook body' }),
    text: z.string().meta({ description: 'human-readable summary, as in the webhook body' }),
    url: z.string().meta({ description: "the record's URL in the CRM, as in the webhook body" }),
    data: z
      .record(z.string(), z.unknown())
      .meta({ description: 'the event-specific fields, the same as the webhook body `data` (spec 6.1 lists them per kind); fetch the full record via REST with `data.id`' }),
    sent_at: f.timestamp().meta({ description: 'when the event happened (workspace local time); a webhook delivery of it carries its own sending time' }),
  }),
  { description: 'An event of the journal (spec 6.1, 6.2): what a webhook of it delivers, with its position.' },
);
const eventExample = example(JournalEvent, {
  id: 5120,
  cursor: 'WyJqMSIsIjc0MjE4IiwxXQ',
  event: 'opp_won',
  title: 'Won: Boiler retrofit',
  text: 'Boiler retrofit · Acme Ltd. · Win · 12000 EUR',
  url: 'https://acme.crm.example/opportunities/34',
  data: { id: 34, rid: 'O-34', name: 'Boiler retrofit', customer: 'Acme Ltd.', customer_id: 12, stage: 'Win', stage_label: 'Win', value: 12000, currency: 'EUR', owner: { id: 3, name: 'Ada Yilmaz' } },
  sent_at: '2026-11-26T09:30:00',
});

export const JournalPage = named(
  'JournalPage',
  z.object({
    ok: f.ok(),
    events: z.array(JournalEvent),
    next_cursor: z.string().meta({ description: 'pass as `after` for the next read; never null (a reader keeps polling with it, also when `events` is empty)' }),
  }),
  { description: 'A page of the event journal, in journal order.' },
);
example(JournalPage, { ok: true, events: [eventExample], next_cursor: 'WyJqMSIsIjc0MjE4IiwxXQ' });

/** The domain's read model is what this schema documents (src/domain/crm/journal/journal.view.ts). */
export type JournalEventViewFits = Assert<Conforms<ReturnType<typeof journalEventView>, typeof JournalEvent>>;
