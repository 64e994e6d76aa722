import { useQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from './api';
import { useLang } from './i18n';

export type EventKind = Schemas['EventKind'];

/** The event kinds' query key: one list per language (their words are the caller's). */
export const eventKindKeys = { all: ['event-kinds'] as const };

/**
 * The CRM's event kinds as its features declare them (`GET /api/v1/events/kinds`: name, words, module, `data` fields,
 * record), in the order webhooks list them; empty while loading. The Apps and Workflows screens offer these, so a kind
 * the server adds is offered with no list in the app to edit.
 */
export function useEventKinds(): EventKind[] {
  const lang = useLang();
  const q = useQuery({ queryKey: [...eventKindKeys.all, lang], queryFn: async () => must(await api.GET('/api/v1/events/kinds')).kinds, staleTime: Infinity });
  return q.data ?? [];
}

/** The fields of a kind's `data` a condition may test by name: its ids left out (names, not ids). */
export function conditionFields(kinds: readonly EventKind[], name: string | null | undefined): string[] {
  const kind = kinds.find((k) => k.name === name);
  return kind ? kind.data_fields.filter((f) => f !== 'id' && f !== 'rid' && !f.endsWith('_id')) : [];
}
