import type { WebhookBody } from './webhook-body';
import { eventKind } from '../../platform/outbox/event-kinds';
import { isRecordKind, RecordConfig, RecordKind, recordApiBase } from './record-kinds';

/** One request to a product's API: always a POST of JSON (every record is created by one POST). */
export interface RecordRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Why no request is made for this event (a mailing event without an e-mail address). */
export interface RecordSkip {
  error: string;
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const bearer = (token: string) => ({ ...JSON_HEADERS, authorization: `Bearer ${token}` });
const basic = (user: string, secret: string) => ({ ...JSON_HEADERS, authorization: `Basic ${Buffer.from(`${user}:${secret}`, 'utf8').toString('base64')}` });
const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);
/** A one-line title (issue summaries refuse line breaks). */
const oneLine = (s: string, max: number) => cut(s.replace(/\s*[\r\n]+\s*/g, ' ').trim() || 'CRM event', max);
/** The summary, then the record link on its own line. */
const notes = (b: WebhookBody) => `${b.text ? `${b.text}\n\n` : ''}${b.url}`;

/** A `data` value as one cell: scalars as they are, a person or record as its name, anything else as JSON. */
export function cell(v: unknown): string | number | boolean {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'object' && !Array.isArray(v) && typeof (v as { name?: unknown }).name === 'string') return (v as { name: string }).name;
  return JSON.stringify(v);
}

/** The columns of a spreadsheet row: the event's own fields, then its `data` fields (spec 6.1 order). */
export function rowFields(b: WebhookBody): [string, string | number | boolean][] {
  const known = eventKind(b.event)?.dataFields ?? [];
  const keys = [...known.filter((k) => k in b.data), ...Object.keys(b.data).filter((k) => !known.includes(k))];
  return [['sent_at', b.sent_at], ['event', b.event], ['title', b.title], ['text', b.text], ['url', b.url], ...keys.map((k): [string, string | number | boolean] => [k, cell(b.data[k])])];
}

/** First and last name from one name field (the CRM keeps one). */
export function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { first: parts[0] ?? '', last: '' };
  return { first: parts.slice(0, -1).join(' '), last: parts[parts.length - 1] };
}

/** The person a mailing connection subscribes: contact_created's `email`/`name`, lead_created's `email`/`contact`. */
export function mailingPerson(b: WebhookBody): { email: string; name: string; company: string } | null {
  const email = typeof b.data.email === 'string' ? b.data.email.trim() : '';
  if (!email) return null;
  const name = typeof b.data.name === 'string' ? b.data.name : typeof b.data.contact === 'string' ? b.data.contact : '';
  const company = typeof b.data.customer === 'string' ? b.data.customer : typeof b.data.company === 'string' ? b.data.company : '';
  return { email, name, company };
}

/**
 * The request that creates the record of `b` for a connection of `kind`, or why none is made. Pure:
 * `base` is the API root (record-kinds.ts recordApiBase), `token` the opened secret.
 */
export function buildRecordRequest(kind: RecordKind, config: RecordConfig, token: string, base: string, b: WebhookBody): RecordRequest | RecordSkip {
  switch (kind) {
    // https://developers.asana.com/reference/createtask : POST /tasks {data: {name, notes, projects: [gid]}}, Bearer personal access token
    case 'asana':
      return { url: `${base}/tasks`, headers: bearer(token), body: JSON.stringify({ data: { name: oneLine(b.title, 1024), notes: notes(b), projects: [config.project_gid] } }) };

    // https://developer.atlassian.com/cloud/trello/rest/api-group-cards/#api-cards-post : POST /1/cards?idList=…, body fields name, desc, urlSource…;
    // key and token in the OAuth header https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/#passing-token-and-key-in-api-requests
    case 'trello':
      return {
        url: `${base}/cards?idList=${encodeURIComponent(config.list_id)}`,
        headers: { ...JSON_HEADERS, authorization: `OAuth oauth_consumer_key="${config.api_key}", oauth_token="${token}"` },
        body: JSON.stringify({ name: oneLine(b.title, 16384), desc: cut(notes(b), 16384), pos: 'top' }),
      };

    // https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/#api-rest-api-3-issue-post : POST /rest/api/3/issue
    // {fields: {project: {key}, issuetype: {name}, summary, description: ADF}}, Basic email:API token
    // (https://developer.atlassian.com/cloud/jira/platform/basic-auth-for-rest-apis/)
    case 'jira':
      return {
        url: `${base}/rest/api/3/issue`,
        headers: basic(config.email, token),
        body: JSON.stringify({ fields: { project: { key: config.project_key }, issuetype: { name: config.issue_type }, summary: oneLine(b.title, 255), description: adf(b) } }),
      };

    // https://airtable.com/developers/web/api/create-records : POST /v0/{baseId}/{tableIdOrName} {records: [{fields}], typecast}, Bearer token
    case 'airtable':
      return {
        url: `${base}/${encodeURIComponent(config.base_id)}/${encodeURIComponent(config.table)}`,
        headers: bearer(token),
        body: JSON.stringify({ records: [{ fields: Object.fromEntries(rowFields(b)) }], typecast: true }),
      };

    // https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/append :
    // POST /v4/spreadsheets/{spreadsheetId}/values/{range}:append?valueInputOption=RAW {majorDimension, values: [[…]]}, Bearer OAuth token
    case 'google_sheets':
      return {
        url: `${base}/spreadsheets/${encodeURIComponent(config.spreadsheet_id)}/values/${encodeURIComponent(config.range)}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
        headers: bearer(token),
        body: JSON.stringify({ range: config.range, majorDimension: 'ROWS', values: [rowFields(b).map(([, v]) => v)] }),
      };

    // https://mailchimp.com/developer/marketing/api/list-members/add-member-to-list/ : POST /3.0/lists/{list_id}/members
    // {email_address, status, merge_fields}, Basic any-user:API key (https://mailchimp.com/developer/marketing/docs/fundamentals/#authentication)
    case 'mailchimp': {
      const p = mailingPerson(b);
      if (!p) return { error: `${b.event} carries no e-mail address: no contact created` };
      const n = splitName(p.name);
      return {
        url: `${base}/lists/${encodeURIComponent(config.list_id)}/members`,
        headers: basic('crm', token),
        body: JSON.stringify({ email_address: p.email, status: config.status, merge_fields: { FNAME: n.first, LNAME: n.last } }),
      };
    }

    // https://developers.brevo.com/reference/createcontact : POST /v3/contacts {email, attributes, listIds, updateEnabled}, header api-key
    case 'brevo': {
      const p = mailingPerson(b);
      if (!p) return { error: `${b.event} carries no e-mail address: no contact created` };
      const n = splitName(p.name);
      return {
        url: `${base}/contacts`,
        headers: { ...JSON_HEADERS, 'api-key': token },
        body: JSON.stringify({ email: p.email, attributes: { FIRSTNAME: n.first, LASTNAME: n.last }, listIds: [Number(config.list_id)], updateEnabled: true }),
      };
    }
  }
}

/** What the worker sends for a stored delivery body of a record connection (its target, opened token and the test-only API roots). */
export function recordRequestFor(kind: string, config: RecordConfig | null, token: string, overrides: Readonly<Record<string, string>>, body: string): RecordRequest | RecordSkip {
  if (!isRecordKind(kind) || !config || !token) return { error: 'connection has no target or token' };
  return buildRecordRequest(kind, config, token, recordApiBase(kind, config, token, overrides), JSON.parse(body) as WebhookBody);
}

/** Jira's description in Atlassian Document Format: the summary (one paragraph per line) and the record link. */
function adf(b: WebhookBody) {
  const lines = b.text.split(/\r?\n/).filter((l) => l.trim());
  return {
    type: 'doc',
    version: 1,
    content: [
      ...lines.map((l) => ({ type: 'paragraph', content: [{ type: 'text', text: l }] })),
      { type: 'paragraph', content: [{ type: 'text', text: b.url, marks: [{ type: 'link', attrs: { href: b.url } }] }] },
    ],
  };
}
