import { DomainError } from '../../../platform/common/errors';

/** An OAuth error (spec 7.2): `{error, error_description}` at the /oauth edge, 400 unless said otherwise. */
export function oauthError(error: string, description: string): DomainError {
  return new DomainError('invalid', description, { oauth: error });
}

/** 401 invalid_client; `basic` adds the `WWW-Authenticate: Basic` challenge (RFC 6749 5.2). */
export function invalidClient(description: string, basic = false): DomainError {
  return new DomainError('unauthorized', description, { oauth: 'invalid_client', ...(basic ? { wwwAuthenticate: 'Basic realm="oauth"' } : {}) });
}

/** Errors of /oauth/authorize that must not redirect (unknown client, bad redirect_uri): shown as a page. */
export class AuthorizePageError extends Error {}
