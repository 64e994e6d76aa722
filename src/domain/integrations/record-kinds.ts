import { invalid } from '../../platform/common/errors';

/**
 * Record-creation connections (spec 6.5): seven products in the three families the spec names. Each
 * delivery creates one record through the product's public REST API with the customer's token; the
 * request is built at send time (record-requests.ts) from the stored 6.2 body, so the delivery log,
 * "send again" and replay work as for webhooks. Choice and contents: docs/decisions/webhooks-and-events.md.
 */
export const RECORD_KINDS = ['asana', 'trello', 'jira', 'airtable', 'google_sheets', 'mailchimp', 'brevo'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export type RecordFamily = 'work' | 'sheet' | 'mailing';
export const RECORD_FAMILY: Record<RecordKind, RecordFamily> = {
  asana: 'work',
  trello: 'work',
  jira: 'work',
  airtable: 'sheet',
  google_sheets: 'sheet',
  mailchimp: 'mailing',
  brevo: 'mailing',
};

/** A mailing connection creates a contact, so it takes only the events that carry a person's e-mail address. */
export const MAILING_EVENTS = ['contact_created', 'lead_created'] as const;

export const isRecordKind = (kind: string): kind is RecordKind => (RECORD_KINDS as readonly string[]).includes(kind);

/** The target of a connection, per kind (never the token, which is sealed apart). */
export type RecordConfig = Record<string, string>;

interface FieldRule {
  /** Pattern the value must match (whole value). */
  re: RegExp;
  /** What the message says it must be. */
  what: string;
  /** Default when omitted; a field without one is required. */
  dflt?: string;
}

/** The configuration fields of each kind, with what each product accepts as an id. */
export const RECORD_CONFIG_FIELDS: Record<RecordKind, Record<string, FieldRule>> = {
  asana: { project_gid: { re: /^\d{1,30}$/, what: 'the numeric gid of an Asana project' } },
  trello: {
    list_id: { re: /^[0-9a-f]{24}$/, what: 'the 24-character id of a Trello list' },
    api_key: { re: /^[0-9a-f]{32}$/, what: 'the 32-character Trello API key (Power-Up admin page)' },
  },
  jira: {
    site: { re: /^[a-z0-9][a-z0-9-]{0,62}\.atlassian\.net$/, what: 'the Jira Cloud site, e.g. acme.atlassian.net' },
    email: { re: /^[^\s@]{1,64}@[^\s@]{1,190}$/, what: 'the e-mail address of the Atlassian account the API token belongs to' },
    project_key: { re: /^[A-Z][A-Z0-9_]{1,9}$/, what: 'a Jira project key, e.g. CRM' },
    issue_type: { re: /^[^\n]{1,60}$/, what: 'an issue type name of the project', dflt: 'Task' },
  },
  airtable: {
    base_id: { re: /^app[A-Za-z0-9]{14}$/, what: 'an Airtable base id (app…, 17 characters)' },
    table: { re: /^[^\n/]{1,100}$/, what: 'the table name or id (tbl…)' },
  },
  google_sheets: {
    spreadsheet_id: { re: /^[A-Za-z0-9_-]{20,100}$/, what: 'the spreadsheet id from its URL' },
    range: { re: /^[^\n]{1,100}$/, what: "the sheet (tab) the rows are appended to, in A1 notation, e.g. Sheet1 or 'CRM events'!A:Z", dflt: 'Sheet1' },
  },
  mailchimp: {
    list_id: { re: /^[0-9a-z]{10}$/, what: 'a Mailchimp audience (list) id, 10 characters' },
    status: { re: /^(subscribed|pending)$/, what: 'subscribed, or pending (Mailchimp sends its double opt-in e-mail)', dflt: 'pending' },
  },
  brevo: { list_id: { re: /^[1-9]\d{0,9}$/, what: 'the numeric id of a Brevo contact list' } },
};

/** What each product's token looks like (checked at save; the product is the judge at send time). */
const TOKEN_RULES: Record<RecordKind, FieldRule> = {
  asana: { re: /^[^\s]{16,512}$/, what: 'an Asana personal access token' },
  trello: { re: /^[^\s]{32,512}$/, what: 'a Trello API token' },
  jira: { re: /^[^\s]{16,512}$/, what: 'an Atlassian API token' },
  airtable: { re: /^[^\s]{16,512}$/, what: 'an Airtable personal access token' },
  google_sheets: { re: /^[^\s]{16,4096}$/, what: 'a Google OAuth 2.0 access token with the spreadsheets scope' },
  mailchimp: { re: /^[0-9a-f]{32}-[a-z]{2,4}\d{1,3}$/, what: 'a Mailchimp API key, e.g. 0123…cdef-us6 (the suffix names the data center)' },
  brevo: { re: /^[^\s]{16,512}$/, what: 'a Brevo API key (xkeysib-…)' },
};

/**
 * The configuration as sent, checked field by field (400 `invalid` naming `config.<field>`); unknown
 * fields are refused so a typo does not pass silently. Returns the kept fields with defaults filled.
 */
export function checkRecordConfig(kind: RecordKind, raw: unknown): RecordConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalid('config', `is required for ${kind}: ${fieldList(kind)}`);
  const rules = RECORD_CONFIG_FIELDS[kind];
  const input = raw as Record<string, unknown>;
  const unknown = Object.keys(input).find((k) => !(k in rules));
  if (unknown) throw invalid(`config.${unknown.slice(0, 40)}`, `is not a ${kind} setting; ${fieldList(kind)}`);
  const out: RecordConfig = {};
  for (const [name, rule] of Object.entries(rules)) {
    const v = input[name];
    if (v === undefined || v === null || v === '') {
      if (rule.dflt === undefined) throw invalid(`config.${name}`, `is required: ${rule.what}`);
      out[name] = rule.dflt;
      continue;
    }
    if (typeof v !== 'string' || !rule.re.test(v.trim())) throw invalid(`config.${name}`, `must be ${rule.what}`);
    out[name] = v.trim();
  }
  return out;
}

export function checkRecordToken(kind: RecordKind, raw: unknown): string {
  const rule = TOKEN_RULES[kind];
  if (typeof raw !== 'string' || !raw.trim()) throw invalid('token', `is required: ${rule.what}`);
  if (!rule.re.test(raw.trim())) throw invalid('token', `must be ${rule.what}`);
  return raw.trim();
}

/** Mailing kinds take contact_created and lead_created only (400 otherwise). */
export function checkRecordEvents(kind: RecordKind, events: readonly string[]): void {
  if (RECORD_FAMILY[kind] !== 'mailing') return;
  const other = events.find((e) => !(MAILING_EVENTS as readonly string[]).includes(e));
  if (other) throw invalid('events', `${kind} creates mailing-list contacts: only ${MAILING_EVENTS.join(' and ')}, not ${other}`);
}

const fieldList = (kind: RecordKind) =>
  `settings ${Object.entries(RECORD_CONFIG_FIELDS[kind])
    .map(([n, r]) => (r.dflt === undefined ? n : `${n} (optional)`))
    .join(', ')}`;

/** The products' API roots (the one part a test may replace, see recordApiBase). */
export function defaultApiBase(kind: RecordKind, config: RecordConfig, token: string): string {
  switch (kind) {
    case 'asana':
      return 'https://app.asana.com/api/1.0';
    case 'trello':
      return 'https://api.trello.com/1';
    case 'jira':
      return `https://${config.site}`;
    case 'airtable':
      return 'https://api.airtable.com/v0';
    case 'google_sheets':
      return 'https://sheets.googleapis.com/v4';
    case 'mailchimp':
      // the key's suffix names the account's data center: <key>-us6 → https://us6.api.mailchimp.com/3.0
      return `https://${token.slice(token.lastIndexOf('-') + 1)}.api.mailchimp.com/3.0`;
    case 'brevo':
      return 'https://api.brevo.com/v3';
  }
}

/** The API root used: the product's, unless the test configuration replaces it (RECORD_API_BASE_<KIND>, tests only). */
export function recordApiBase(kind: RecordKind, config: RecordConfig, token: string, overrides: Readonly<Record<string, string>>): string {
  return (overrides[kind] ?? defaultApiBase(kind, config, token)).replace(/\/+$/, '');
}
