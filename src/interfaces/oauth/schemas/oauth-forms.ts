import type { SchemaObject } from '@nestjs/swagger';

/** The request bodies of the /oauth endpoints (form fields), for @ApiBody: the routes read them as plain records. */

const str = (description: string, extra: SchemaObject = {}): SchemaObject => ({ type: 'string', description, ...extra });
const clientFields: Record<string, SchemaObject> = {
  client_id: str('the registered client_id, or the `https://` URL of a client metadata document'),
  client_secret: str('only for clients registered with `client_secret_post`'),
};

/** POST /oauth/token (RFC 6749 4.1.3, 6; spec 4.12): one form per grant type. */
export const TOKEN_FORM: SchemaObject = {
  oneOf: [
    {
      title: 'authorization_code',
      type: 'object',
      properties: {
        grant_type: { type: 'string', enum: ['authorization_code'] },
        code: str('the code from the authorization redirect (5 minutes, single use)'),
        redirect_uri: str('the redirect_uri of the authorization request, exactly'),
        code_verifier: str('the PKCE verifier: 43-128 characters of [A-Za-z0-9-._~]', { minLength: 43, maxLength: 128 }),
        ...clientFields,
      },
      required: ['grant_type', 'code', 'redirect_uri', 'code_verifier', 'client_id'],
    },
    {
      title: 'refresh_token',
      type: 'object',
      properties: {
        grant_type: { type: 'string', enum: ['refresh_token'] },
        refresh_token: str('the latest refresh token (`mcpr_…`); it is used up by this request'),
        scope: str('optional: space-separated, within the granted scope (narrows the new tokens)'),
        ...clientFields,
      },
      required: ['grant_type', 'refresh_token', 'client_id'],
    },
  ],
};

/** POST /oauth/revoke (RFC 7009). */
export const REVOKE_FORM: SchemaObject = {
  type: 'object',
  properties: {
    token: str('an access token (`mcp_…`, revokes it) or a refresh token (`mcpr_…`, revokes every token of its grant)'),
    token_type_hint: str('ignored', { enum: ['access_token', 'refresh_token'] }),
    ...clientFields,
  },
  required: ['token', 'client_id'],
};

/** POST /oauth/register (RFC 7591; spec 4.12): JSON. Unknown fields are ignored. */
export const REGISTER_BODY: SchemaObject = {
  type: 'object',
  properties: {
    client_name: str('the name shown on the consent page (at most 200 characters); `Unnamed app` without one', { maxLength: 200 }),
    redirect_uris: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 20, description: '`https://` or loopback (`http://localhost`, `http://127.0.0.1`, `http://[::1]`; the port is ignored when matching)' },
    token_endpoint_auth_method: str('`client_secret_post` (default, confidential clients) or `none` (public clients)', { enum: ['client_secret_post', 'none'] }),
    grant_types: { type: 'array', items: { type: 'string', enum: ['authorization_code', 'refresh_token'] }, description: 'default: both' },
    response_types: { type: 'array', items: { type: 'string', enum: ['code'] }, description: 'default: code' },
  },
  required: ['redirect_uris'],
  example: { client_name: 'Claude', redirect_uris: ['https://claude.ai/api/mcp/auth_callback'], token_endpoint_auth_method: 'none' },
};

/** POST /oauth/authorize: the consent form the consent page posts. */
export const CONSENT_FORM: SchemaObject = {
  type: 'object',
  properties: {
    decision: str('`allow`, anything else declines', { enum: ['allow', 'deny'] }),
    csrf: str("the consent page's CSRF token"),
    response_type: str('as in the authorization request'),
    client_id: str('as in the authorization request'),
    redirect_uri: str('as in the authorization request'),
    scope: str('as in the authorization request'),
    state: str('as in the authorization request'),
    code_challenge: str('as in the authorization request'),
    code_challenge_method: str('as in the authorization request'),
    resource: str('as in the authorization request'),
  },
  required: ['decision', 'csrf', 'client_id', 'redirect_uri'],
};

/** POST /oauth/signin: the sign-in form (password step, then the code step with two-factor). */
export const SIGNIN_FORM: SchemaObject = {
  type: 'object',
  properties: {
    username: str('the username or e-mail address'),
    password: str('the password step'),
    otp: str('the 6-digit code (code step; or with the password)'),
    pending: str("the code step: the page's sealed proof of the password step"),
    csrf: str("the sign-in page's CSRF token"),
    return_to: str('where to go after signing in: an /oauth/authorize request (anything else is replaced by /oauth/authorize)'),
  },
  required: ['csrf'],
};
