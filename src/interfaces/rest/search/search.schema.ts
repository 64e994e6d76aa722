import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';

/** Kinds of search items: names (company, person, opportunity), text (task, activity), PO number (order); a lead only by its key. */
export const SEARCH_KINDS = ['company', 'person', 'opportunity', 'task', 'activity', 'order', 'lead'] as const;

/** The record a task, activity or order belongs to. */
const SearchParent = z
  .object({
    kind: z.enum(['company', 'opportunity']),
    id: f.id(),
    rid: z.string().meta({ description: 'its record key (C-12, O-42)' }),
    name: z.string(),
  })
  .meta({ description: 'the company (or, without one the caller may see, the opportunity) the task, activity or order belongs to; null for other kinds and when the caller may not see it' });

/** One match of the global search. */
export const SearchItem = named(
  'SearchItem',
  z.object({
    kind: z.enum(SEARCH_KINDS),
    id: f.id(),
    rid: z.string().meta({ description: 'record key (C-12, P-7, O-42, L-3, A-9); empty for tasks and orders, which have none' }),
    name: z.string().meta({ description: "the record's name: a task's title, an activity's topic (else its type), an order's customer PO number" }),
    subtitle: z.string().meta({
      description: 'company: city and sector; person: title and company; opportunity: company and stage label; task: status; activity: type and outcome; order: status',
    }),
    url: z.string().meta({ description: "the record's absolute URL in the CRM's web app" }),
    parent: SearchParent.nullable().optional(),
    date: f.date().nullable().optional().meta({ description: "a task's due date, an activity's date, an order's date; absent for other kinds" }),
  }),
  { description: 'A record whose name, key, text (tasks and activities) or customer PO number (orders) matches the search.' },
);
const itemExample = example(SearchItem, { kind: 'company', id: 42, rid: 'C-42', name: 'Anadolu Ambalaj', subtitle: 'Bursa · Packaging', url: 'https://demo.example.com/companies/42' });

/** GET /api/v1/search. */
export const SearchResponse = named(
  'SearchResponse',
  z.object({
    ok: f.ok(),
    q: z.string().meta({ description: 'the search text as used (trimmed)' }),
    kinds: z.array(z.enum(SEARCH_KINDS)).meta({ description: "the kinds searched: those the caller's modules allow" }),
    items: z
      .array(SearchItem)
      .meta({ description: 'companies first, then people, opportunities, tasks, activities and orders; at most `limit` of each kind, newest first' }),
    more: z.array(z.enum(SEARCH_KINDS)).meta({ description: "kinds with more matches than shown (companies, people and opportunities: list them with the kind's own `q` filter)" }),
    exact: SearchItem.nullable()
      .optional()
      .meta({ description: 'the record `q` is the key of (O-1, C-9, P-7, L-3, A-9), when the caller may see it and its module is on; the web app opens it at once' }),
  }),
  { description: 'Matches over companies, people, opportunities, tasks, activities and orders, and the record a key names.' },
);
example(SearchResponse, {
  ok: true,
  q: 'anadolu',
  kinds: ['company', 'person', 'opportunity', 'task', 'activity', 'order'],
  items: [
    itemExample,
    { kind: 'opportunity', id: 95, rid: 'O-95', name: 'PE film 2027', subtitle: 'Anadolu Ambalaj · Offer', url: 'https://demo.example.com/opportunities/95' },
    {
      kind: 'task',
      id: 311,
      rid: '',
      name: 'Send the Anadolu price list',
      subtitle: 'Open',
      url: 'https://demo.example.com/tasks/311',
      parent: { kind: 'company', id: 42, rid: 'C-42', name: 'Anadolu Ambalaj' },
      date: '2026-12-02',
    },
  ],
  more: [],
  exact: null,
});
