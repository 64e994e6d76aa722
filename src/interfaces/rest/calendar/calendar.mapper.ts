import { formatTimestamp } from '../../../platform/common/time';
import type { CalendarView } from '../../../domain/crm/calendar/calendar.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { nameOf } from '../../../domain/crm/shared/lateral';
import { summaryOf } from '../shared/common.mapper';
import type { UserSummaryView as UserSummaryDto } from '../../../domain/identity/user.view';
import type { z } from 'zod';
import type { CalendarEntry, CalendarEntryList, CalendarEntryResponse } from './calendar.schema';

/** The calendar entry record; start and end in the workspace's local time. */
export function toCalendarEntry(v: CalendarView, ws: Workspace): z.output<typeof CalendarEntry> {
  const e = v.entry;
  const locale = ws.app.locale;
  return {
    id: e.id,
    title: e.title,
    start: formatTimestamp(e.startAt, ws.timezone),
    end: formatTimestamp(e.endAt, ws.timezone),
    location: e.location,
    note: e.note,
    attendees: e.attendeeIds.map((id) => summaryOf(v.users, id, locale)).filter((s): s is UserSummaryDto => s !== null),
    person_ids: e.personIds,
    people: e.personIds.filter((id) => v.names.people.has(id)).map((id) => ({ id, name: v.names.people.get(id)! })),
    customer_id: e.customerId,
    customer: nameOf(v.names.companies, e.customerId),
    opp_id: e.oppId,
    opp: nameOf(v.names.opps, e.oppId),
    owner: summaryOf(v.users, e.ownerId, locale),
    can_edit: v.canEdit,
    created_at: formatTimestamp(e.createdAt, ws.timezone),
    updated_at: formatTimestamp(e.updatedAt, ws.timezone),
  };
}

export const toCalendarEntryResponse = (v: CalendarView, ws: Workspace): z.output<typeof CalendarEntryResponse> => ({ ok: true as const, entry: toCalendarEntry(v, ws) });

export const toCalendarRange = (items: CalendarView[], ws: Workspace): z.output<typeof CalendarEntryList> => ({ ok: true as const, items: items.map((v) => toCalendarEntry(v, ws)) });
