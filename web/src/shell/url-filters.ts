import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** The list filters kept in the address's query (so a filtered list is a link, and Back restores it). */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  // The router applies a search-param change in a transition, so a controlled checkbox bound to the URL would
  // spring back until that transition commits. What the user just set shows at once, until the URL has it.
  const [pending, setPending] = useState<{ at: string; patch: Partial<Record<K, string>> } | null>(null);
  const at = params.toString();
  const overlay: Partial<Record<K, string>> = pending?.at === at ? pending.patch : {};
  const values = Object.fromEntries(keys.map((k) => [k, overlay[k] ?? params.get(k) ?? ''])) as Record<K, string>;
  const set = (patch: Partial<Record<K, string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch) as [K, string][]) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setPending({ at, patch: { ...overlay, ...patch } });
    setParams(next, { replace: true });
  };
  return { values, set, clear: () => setParams(new URLSearchParams(), { replace: true }) };
}

export type UrlFilters<K extends string> = ReturnType<typeof useUrlFilters<K>>;
