import { z } from 'zod';
import { f, named } from '../../../edge/openapi/schema';

/** A record the answer rests on: one the model read through a tool (the caller may see it). */
const AskSource = z.object({
  kind: z.enum(['company', 'person', 'opportunity', 'activity', 'lead']).meta({ description: 'the record kind' }),
  id: f.id(),
  title: z.string().meta({ description: "the record's name as the CRM shows it" }),
  url: z.string().meta({ description: 'the record in the web app' }),
});

/** POST /api/v1/ask, application/json. */
export const AskResponse = named(
  'AskResponse',
  z.object({
    ok: f.ok(),
    answer: z.string().meta({ description: "the model's answer, in the user's language" }),
    sources: z.array(AskSource).max(20).meta({ description: 'the records the tools read for the answer, in the order they were read (at most 20)' }),
  }),
  {
    description: 'The answer to a question about the CRM data, with the records it used.',
    example: {
      ok: true,
      answer: 'Anadolu Ambalaj has one open opportunity, "PE film 2027" in Negotiation (120,000 EUR, closing 2026-12-15).',
      sources: [
        { kind: 'company', id: 42, title: 'Anadolu Ambalaj A.Ş.', url: 'https://acme.crm.example/companies/42' },
        { kind: 'opportunity', id: 7, title: 'PE film 2027', url: 'https://acme.crm.example/opportunities/7' },
      ],
    },
  },
);

/** POST /api/v1/ask with `Accept: text/event-stream`. */
export const AskEventStream = named(
  'AskEventStream',
  z.string().meta({
    description:
      'Server-Sent Events, one JSON object in `data` each: `tool` `{name, arguments, error}` after each tool the model called (`error`: the tool error ' +
      'the model got, e.g. `not_found: …`, else null); `delta` `{text}` a part of the answer (the parts joined are the answer); `done` the JSON answer ' +
      '`{ok: true, answer, sources}` (AskResponse), last; `error` `{ok: false, error, message}` (e.g. `upstream` when the model failed or the deadline ' +
      'passed), last. Errors before the first event (credential, module, a `customer_id` the caller may not see) are answered as JSON with their status.',
  }),
  {
    example:
      'event: tool\ndata: {"name":"search_companies","arguments":{"query":"Anadolu"},"error":null}\n\n' +
      'event: delta\ndata: {"text":"Anadolu Ambalaj has one open opportunity."}\n\n' +
      'event: done\ndata: {"ok":true,"answer":"Anadolu Ambalaj has one open opportunity.","sources":[]}\n\n',
  },
);
