import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../../lib/api';
import { meKeys } from '../../../lib/session';
import { reportKeys } from '../../reports/queries';
import { todayKeys } from '../../today/queries';
import { settingsKeys } from '../queries';

type Targets = Schemas['WeeklyTargets'];

/** The key of the workspace's weekly targets, under the settings keys (one value, no list or detail). */
export const targetKeys = { all: [...settingsKeys.all, 'weekly-targets'] as const };

export function useWeeklyTargets() {
  return useQuery({ queryKey: targetKeys.all, queryFn: async () => must(await api.GET('/api/v1/settings/weekly-targets')) });
}

/**
 * After the targets are saved: the answer into the cache, and what measures against them read again: `me` (its
 * constants carry the targets), Today's progress bars and the reports (the activity report).
 */
export function useTargetsWritten(): (t: Targets) => Promise<void> {
  const qc = useQueryClient();
  return async (t) => {
    qc.setQueryData(targetKeys.all, t);
    await Promise.all([meKeys.all, todayKeys.all, reportKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })));
  };
}

/** Saves the weekly targets (admins; others get 403 from the API). */
export function useSaveWeeklyTargets(onSaved: () => void) {
  const written = useTargetsWritten();
  return useMutation({
    mutationFn: async (body: Schemas['PutWeeklyTargetsDto']) => must(await api.PUT('/api/v1/settings/weekly-targets', { body })),
    // the cache holds the answer before the notice shows; the mutation settles when the rest has read again
    onSuccess: (t) => {
      const refreshed = written(t);
      onSaved();
      return refreshed;
    },
  });
}
