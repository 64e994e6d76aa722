import type { z } from 'zod';
import type { QeConfig } from '../../../domain/crm/quick-entry/quick-entry.service';
import type { SuggestionItem } from '../../../domain/crm/quick-entry/suggest.rules';
import type { QuickEntryConfig, QuickEntrySuggestionList } from './quick-entry.schema';

/** GET /qe/config: the service's configuration as it is (spec 2.11, 4.8), with `ok`. */
export function toQuickEntryConfig(config: QeConfig): z.output<typeof QuickEntryConfig> {
  return { ok: true as const, ...config };
}

/** POST /qe/suggest: the suggestion items (spec 2.12). */
export function toQuickEntrySuggestions(items: SuggestionItem[]): z.output<typeof QuickEntrySuggestionList> {
  return { ok: true as const, items };
}
