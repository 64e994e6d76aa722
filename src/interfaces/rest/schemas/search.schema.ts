import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';

export const SEARCH_KINDS = ['company', 'person', 'opportunity'] as const;

/** One match of the global search. */
export const SearchItem = named(
  'SearchItem',
  z.object({
    kind: z.enum(SEARCH_KINDS),
    id: f.id(),
    rid: z.string().meta({ description: 'record key (C-12, P-7, O-42)' }),
    name: z.string(),
    subtitle: z.string().meta({ description: 'company: city and sector; person: title and company; opportunity: company and stage label' }),
    url: z.string().meta({ description: "the record's absolute URL in the CRM's web app" }),
  }),
  { description: 'A company, person or opportunity whose name matches the search.' },
);
const itemExample = example(SearchItem, { kind: 'company', id: 42, rid: 'C-42', name: 'Anadolu Ambalaj', subtitle: 'Bursa · Packaging', url: 'https://demo.example.com/companies/42' });

/** GET /api/v1/search. */
export const SearchResponse = named(
  'SearchResponse',
  z.object({
    ok: f.ok(),
    q: z.string().meta({ description: 'the search text as used (trimmed)' }),
    kinds: z.array(z.enum(SEARCH_KINDS)).meta({ description: "the kinds searched: those the caller's modules allow" }),
    items: z.array(SearchItem).meta({ description: 'companies first, then people, then opportunities; at most `limit` of each kind, newest first' }),
    more: z.array(z.enum(SEARCH_KINDS)).meta({ description: 'kinds with more matches than shown (list them with the kind\'s own `q` filter)' }),
  }),
  { description: 'Matches over companies, people and opportunities.' },
);
example(SearchResponse, {
  ok: true,
  q: 'anadolu',
  kinds: ['company', 'person', 'opportunity'],
  items: [itemExample, { kind: 'opportunity', id: 95, rid: 'O-95', name: 'PE film 2027', subtitle: 'Anadolu Ambalaj · Offer', url: 'https://demo.example.com/opportunities/95' }],
  more: [],
});
