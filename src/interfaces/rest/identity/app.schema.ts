import { z } from 'zod';
import { example, f, listOf, named } from '../../../edge/openapi/schema';

/** An app connection: one OAuth grant of the signed-in user (spec 2.15). */
export const AppConnection = named(
  'AppConnection',
  z.object({
    id: f.id().meta({ description: 'the grant id (DELETE /api/v1/apps/{id})' }),
    app_name: z.string().meta({ description: 'the app name shown at consent' }),
    client_id: z.string().meta({ description: 'the registered client_id, or the URL of its client metadata document' }),
    scope: z.string().meta({ description: 'the granted scopes, space-separated' }),
    scope_words: z.array(z.string()).meta({ description: 'the scope in words' }),
    created_at: f.timestamp(),
    last_used_at: f.timestamp().nullable().meta({ description: 'last API call with a token of this grant (up to 5 s behind); null when never used' }),
    call_count: f.count().meta({ description: 'API calls made with tokens of this grant (up to 5 s behind)' }),
  }),
  { description: "An app the user gave access (an OAuth grant, spec 2.15)." },
);
const appConnectionExample = example(AppConnection, {
  id: 6, app_name: 'Claude', client_id: 'https://claude.ai/oauth/client-metadata.json', scope: 'crm.read crm.write',
  scope_words: ['Read your CRM data', 'Change your CRM data'], created_at: '2026-11-02T09:12:40', last_used_at: '2026-11-26T08:55:02', call_count: 314,
});

export const AppConnectionList = listOf('AppConnectionList', AppConnection, "The caller's app connections.");
example(AppConnectionList, { ok: true, items: [appConnectionExample], next_cursor: null });
