import type { WebhookKind } from './queries';

/**
 * The connection kinds of the API (`Webhook.kind` in the OpenAPI document), as a record over the generated type so a
 * kind the API adds fails tsc here until the screen knows it (the event kinds the API lists: lib/event-kinds.ts).
 */
const KIND_SET: Record<WebhookKind, 'url' | 'record'> = {
  webhook: 'url',
  slack: 'url',
  teams: 'url',
  google_chat: 'url',
  discord: 'url',
  telegram: 'url',
  asana: 'record',
  trello: 'record',
  jira: 'record',
  airtable: 'record',
  google_sheets: 'record',
  mailchimp: 'record',
  brevo: 'record',
};
export const KINDS = Object.keys(KIND_SET) as WebhookKind[];
export const isRecordKind = (kind: WebhookKind): boolean => KIND_SET[kind] === 'record';
/** Only webhooks sign (spec 6.3): chat kinds send the channel's format, record kinds call a product's API. */
export const isSigned = (kind: WebhookKind): boolean => kind === 'webhook';


/** A record-creation product's settings (`config`, spec 6.5): the field and whether the service has a default for it. */
export const RECORD_FIELDS: Partial<Record<WebhookKind, { name: string; dflt?: string }[]>> = {
  asana: [{ name: 'project_gid' }],
  trello: [{ name: 'list_id' }, { name: 'api_key' }],
  jira: [{ name: 'site' }, { name: 'email' }, { name: 'project_key' }, { name: 'issue_type', dflt: 'Task' }],
  airtable: [{ name: 'base_id' }, { name: 'table' }],
  google_sheets: [{ name: 'spreadsheet_id' }, { name: 'range', dflt: 'Sheet1' }],
  mailchimp: [{ name: 'list_id' }, { name: 'status', dflt: 'pending' }],
  brevo: [{ name: 'list_id' }],
};
