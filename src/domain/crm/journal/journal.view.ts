import { z } from 'zod';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { field } from '../../../platform/common/record-fields';
import { eventKinds, type EventKind } from '../../../platform/outbox/event-kinds';
import type { JournalEvent, JournalPage } from './event-journal.service';

/**
 * The read model of the event journal (spec 6.1): an event as webhooks deliver it, with its cursor and the time in
 * the workspace's local time, with its schema. REST documents it as JournalEvent and JournalPage
 * (`src/interfaces/rest/events/event.schema.ts`), and MCP answers and describes the same page (`JournalPageCompact`):
 * a field is declared and mapped here once.
 */

/** One event of the journal: the webhook body's content (spec 6.2) with its id and cursor. */
export const JournalEventSchema = z.object({
  id: field.id().meta({ description: 'the event id (the same in every read of the journal)' }),
  cursor: z.string().meta({ description: 'the journal position of this event: pass as `after` to read what follows it' }),
  // REST documents the kinds as an enum (the feature may not read the CRM's list: event.schema.ts)
  event: z.string().meta({ description: 'the event kind (spec 6.1)' }),
  title: z.string().meta({ description: 'human-readable title, as in the webhook body' }),
  text: z.string().meta({ description: 'human-readable summary, as in the webhook body' }),
  url: z.string().meta({ description: "the record's URL in the CRM, as in the webhook body" }),
  data: z
    .record(z.string(), z.unknown())
    .meta({ description: 'the event-specific fields, the same as the webhook body `data` (spec 6.1 lists them per kind); fetch the full record via REST with `data.id`' }),
  sent_at: field.timestamp().meta({ description: 'when the event happened (workspace local time); a webhook delivery of it carries its own sending time' }),
});
export const JOURNAL_EVENT_EXAMPLE = {
  id: 5120,
  cursor: 'WyJqMSIsIjc0MjE4IiwxXQ',
  event: 'opp_won' as const,
  title: 'Won: Boiler retrofit',
  text: 'Boiler retrofit · Acme Ltd. · Win · 12000 EUR',
  url: 'https://acme.crm.example/opportunities/34',
  data: { id: 34, rid: 'O-34', name: 'Boiler retrofit', customer: 'Acme Ltd.', customer_id: 12, stage: 'Win', stage_label: 'Win', value: 12000, currency: 'EUR', owner: { id: 3, name: 'Ada Yilmaz' } },
  sent_at: '2026-11-26T09:30:00',
} satisfies z.output<typeof JournalEventSchema>;

export const journalEventView = (e: JournalEvent, ws: Workspace): z.output<typeof JournalEventSchema> => ({
  id: e.id,
  cursor: e.cursor,
  event: e.event,
  title: e.title,
  text: e.text,
  url: e.url,
  data: e.data,
  sent_at: formatTimestamp(e.occurredAt, ws.timezone),
});

/** A page of the journal: the events and where to read on (REST adds `ok`; the tools answer it as it is). */
export const JournalPageCompact = z.object({
  events: z.array(JournalEventSchema),
  next_cursor: z.string().meta({ description: 'pass as `after` for the next read; never null (a reader keeps polling with it, also when `events` is empty)' }),
});

export const journalPageCompact = (p: JournalPage, ws: Workspace): z.output<typeof JournalPageCompact> => ({
  events: p.events.map((e) => journalEventView(e, ws)),
  next_cursor: p.nextCursor,
});

/**
 * An event kind as the features declare it, for a client that builds subscriptions, filters or rules over them (the
 * app's Apps and Workflows screens): its name, licence module, `data` fields and the record it is about, worded in
 * the reader's language. A kind a feature adds is in the list with no list to edit.
 */
export const EventKindSchema = z.object({
  // REST documents the kinds as an enum (event.schema.ts)
  name: z.string().meta({ description: 'the event kind (spec 6.1), as webhooks and the journal name it' }),
  label: z.string().meta({ description: 'what happens, as a rule\'s trigger reads after "when", in the caller\'s language' }),
  module: z.string().meta({ description: 'the licence module a user needs to read events of this kind' }),
  data_fields: z.array(z.string()).meta({ description: 'the top-level fields of its `data`, in their documented order (webhook filters take them)' }),
  record_type: z.string().nullable().meta({ description: 'the kind of record it is about (`record_type` of the journal); null when it is about none' }),
});
export const EVENT_KIND_EXAMPLE = {
  name: 'opp_won' as const,
  label: 'an opportunity is won',
  module: 'opportunities',
  data_fields: ['id', 'rid', 'name', 'customer', 'customer_id', 'stage', 'stage_label', 'value', 'currency', 'owner'],
  record_type: 'opportunity',
} satisfies z.output<typeof EventKindSchema>;

export const eventKindView = (k: EventKind, lang: 'en' | 'tr'): z.output<typeof EventKindSchema> => ({
  name: k.name,
  label: k.label[lang],
  module: k.module,
  data_fields: [...k.dataFields],
  record_type: k.record?.type ?? null,
});

/** Every declared kind, in the order webhooks and the journal list them. */
export const eventKindsView = (lang: 'en' | 'tr'): z.output<typeof EventKindSchema>[] => eventKinds().map((k) => eventKindView(k, lang));
