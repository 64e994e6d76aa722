import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { UserSummary, userSummaryExample } from '../shared/common.schema';

/** The calendar entry record (spec 2.18: fields not shown in the spec; these are the service's). */
export const CalendarEntry = named(
  'CalendarEntry',
  z.object({
    id: f.id(),
    title: z.string(),
    start: f.timestamp(),
    end: f.timestamp().meta({ description: 'after start; local time of the workspace, no offset' }),
    location: z.string(),
    note: z.string(),
    attendees: z.array(UserSummary).meta({ description: 'users attending; the owner first' }),
    person_ids: z.array(f.id()).meta({ description: 'people (contacts) attending' }),
    people: z.array(z.object({ id: f.id(), name: z.string() })).meta({ description: 'the people of person_ids that still exist, with their names' }),
    customer_id: f.id().nullable(),
    customer: z.string().nullable().meta({ description: "the company's name; null without one, '' when it no longer exists" }),
    opp_id: f.id().nullable(),
    opp: z.string().nullable().meta({ description: "the opportunity's name; null without one, '' when it no longer exists" }),
    owner: UserSummary.nullable(),
    can_edit: z.boolean().meta({ description: 'the caller may change or delete it (its owner or an admin)' }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: 'A calendar entry: a meeting with attendees (users) and contacts (people).' },
);
export const calendarEntryExample = example(CalendarEntry, {
  id: 77, title: 'Visit Anadolu Ambalaj', start: '2026-12-01T10:00:00', end: '2026-12-01T11:30:00', location: 'Nilüfer OSB, Bursa', note: 'Bring film samples.',
  attendees: [userSummaryExample], person_ids: [118], people: [{ id: 118, name: 'Mert Kaya' }], customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.', opp_id: 95, opp: 'PE film 2027 contract', owner: userSummaryExample, can_edit: true,
  created_at: '2026-11-24T17:15:00', updated_at: '2026-11-24T17:15:00',
});

export const CalendarEntryResponse = named('CalendarEntryResponse', z.object({ ok: f.ok(), entry: CalendarEntry }));
export const CalendarEntryList = named('CalendarEntryList', z.object({ ok: f.ok(), items: z.array(CalendarEntry) }), {
  description: 'The entries of a range of days, by start time (not paged: the range is at most 92 days).',
});
