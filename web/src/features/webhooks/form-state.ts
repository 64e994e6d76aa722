import { useState } from 'react';
import type { Schemas } from '../../lib/api';
import { fieldErrors } from '../../shell/forms';
import { isRecordKind, RECORD_FIELDS } from './kinds';
import type { AppsKey } from './apps.text';
import type { Webhook, WebhookEvent, WebhookKind } from './queries';

/** What the connection form holds as typed: kept on a refusal (the token is never put back). */
export interface ConnectionDraft {
  kind: WebhookKind;
  url: string;
  events: WebhookEvent[];
  filter: string;
  config: Record<string, string>;
  token: string;
}

const draftOf = (c?: Webhook): ConnectionDraft => ({
  kind: c?.kind ?? 'webhook',
  url: c && !isRecordKind(c.kind) ? c.url : '',
  events: c?.events ?? [],
  filter: c?.filter ? JSON.stringify(c.filter, null, 2) : '',
  config: { ...(c?.config ?? {}) },
  token: '',
});

export function useDraft(c?: Webhook) {
  const [draft, setDraft] = useState<ConnectionDraft>(() => draftOf(c));
  const set = (patch: Partial<ConnectionDraft>) => setDraft((d) => ({ ...d, ...patch }));
  return { draft, set, reset: () => setDraft(draftOf(c)) };
}

/** The parts of a create body the form fills (`kind` is chosen on create only; `active` is left to its default). */
type BodyParts = Pick<Schemas['CreateWebhookDto'], 'url' | 'events' | 'filter' | 'config' | 'token'>;
export type Filter = BodyParts['filter'];

/**
 * The filter as the API takes it: empty is no filter (null); otherwise JSON, sent as the user typed it: the service
 * checks its parts and a 400 names the bad one (refusedFields shows it at the filter).
 */
export function filterOf(text: string): { filter: Filter } | { notJson: true } {
  if (!text.trim()) return { filter: null };
  try {
    const filter: Filter = JSON.parse(text);
    return { filter };
  } catch {
    return { notJson: true };
  }
}

/**
 * The body of a create or an update: the URL for webhook and chat kinds; the product's settings (empty ones left
 * out so the service's defaults apply) and its token for record kinds (an empty token on edit keeps the stored one).
 */
export function bodyOf(d: ConnectionDraft, filter: Filter, edit: boolean): BodyParts {
  if (!isRecordKind(d.kind)) return { url: d.url, events: d.events, filter };
  const config = Object.fromEntries((RECORD_FIELDS[d.kind] ?? []).map((f) => [f.name, (d.config[f.name] ?? '').trim()]).filter(([, v]) => v));
  const token = d.token.trim();
  return { config, events: d.events, filter, ...(edit && !token ? {} : { token }) };
}

/** The body of a create (POST /api/v1/webhooks): the kind and the form's parts. */
export function createBodyOf(d: ConnectionDraft, filter: Filter): Schemas['CreateWebhookDto'] {
  return { kind: d.kind, ...bodyOf(d, filter, false) };
}

/** The API fields of a 400 by the form's names (`config.<field>` by its setting, `filter.…` as the filter). */
export function refusedFields(error: unknown, text: (k: AppsKey) => string): { fields: string; message: string } | null {
  const errors = Object.entries(fieldErrors(error));
  if (!errors.length) return null;
  const label = (f: string): string => {
    const [head, rest] = [f.split(/[.[]/)[0]!, f.split('.')[1]];
    if (head === 'config' && rest) return text(`f_${rest}` as AppsKey);
    const names: Record<string, AppsKey> = { url: 'fieldUrl', kind: 'colKind', events: 'colEvents', filter: 'fieldFilter', token: 'fieldToken', since: 'l_since', config: 'l_settings' };
    return names[head] ? text(names[head]) : f;
  };
  return { fields: [...new Set(errors.map(([f]) => label(f)))].join(', '), message: errors.map(([, m]) => m).join('; ') };
}
