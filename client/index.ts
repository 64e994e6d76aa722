import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './api';

/**
 * The typed client of the CRM API, generated from openapi.json (client/api.d.ts) and used by the e2e
 * tests and the web app: a request or a response field the document does not have fails type-checking.
 */
export type { components, operations, paths };
export type Schemas = components['schemas'];
export type CrmClient = Client<paths>;

export interface CrmClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The workspace's base URL, e.g. https://acme.crm.example */
  baseUrl: string;
  /** API key, session token or OAuth access token. */
  token?: string;
}

export function crmClient({ token, headers, ...options }: CrmClientOptions): CrmClient {
  return createClient<paths>({ ...options, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(headers as Record<string, string> | undefined) } });
}
