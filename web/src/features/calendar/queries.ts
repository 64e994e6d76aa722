import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';

/** The react-query key scheme of the calendar's entries: every week shown under `['calendar']`. */
export const calendarKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string) => ['calendar', 'range', from, to] as const,
};

/** The entries between two dates; the last week stays on screen while the next one loads. */
export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: calendarKeys.range(from, to),
    queryFn: async () => must(await api.GET('/api/v1/calendar', { params: { query: { from, to } } })).items,
    placeholderData: keepPreviousData,
  });
}

/** After a write of an entry: every week read again (an entry may have moved to another one). */
export function useCalendarWritten(): () => Promise<void> {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: calendarKeys.all });
}
