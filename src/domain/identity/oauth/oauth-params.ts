/** Reading the parameters of the /oauth endpoints' queries and forms. */
import { oauthError } from './oauth-errors';

/** The parameters of an authorization request (query of GET, or the consent form's hidden fields). */
export const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource'] as const;
export type AuthorizeParams = Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>>;

/** Strings of a form or query; a repeated parameter (array) is refused (RFC 6749 3.1, 3.2). */
export function singleParams(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!input || typeof input !== 'object') return out;
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
    else if (v !== undefined) throw oauthError('invalid_request', `${k.slice(0, 50)}: given more than once or not a string`);
  }
  return out;
}

/** The authorization request's parameters of a query or form; anything else is dropped. */
export function pickAuthorizeParams(input: unknown): AuthorizeParams {
  const all = singleParams(input);
  const out: AuthorizeParams = {};
  for (const k of AUTHORIZE_PARAMS) if (all[k] !== undefined) out[k] = all[k];
  return out;
}
