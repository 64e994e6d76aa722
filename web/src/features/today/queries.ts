import { useQuery } from '@tanstack/react-query';
import { api, must } from '../../lib/api';

/** The react-query key of Today (one call, every card): a write of a task, an activity or a lead refreshes it. */
export const todayKeys = { all: ['today'] as const };

export function useToday() {
  return useQuery({ queryKey: todayKeys.all, queryFn: async () => must(await api.GET('/api/v1/today')) });
}
