import { useQuery } from '@tanstack/react-query';
import { api, must } from '../../lib/api';

/** The react-query key scheme of the global search (`GET /api/v1/search`, every kind at once). */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => ['search', 'results', q] as const,
  /** the companies among the first 8 hits, for the visit form's company choice */
  companies: (words: string) => ['search', 'companies', words] as const,
};

export function useSearch(q: string) {
  return useQuery({ queryKey: searchKeys.results(q), queryFn: async () => must(await api.GET('/api/v1/search', { params: { query: { q } } })), enabled: q !== '' });
}

/** The companies among the first 8 hits of the words (none asked for no words). */
export function useCompanySearch(words: string) {
  return useQuery({
    queryKey: searchKeys.companies(words),
    queryFn: async () => must(await api.GET('/api/v1/search', { params: { query: { q: words, limit: 8 } } })).items.filter((i) => i.kind === 'company'),
    enabled: words !== '',
  });
}
