import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';

const SCOPES = z.array(z.enum(['crm.read', 'crm.write']));

/** RFC 8414: GET /.well-known/oauth-authorization-server. */
export const OAuthServerMetadata = named(
  'OAuthServerMetadata',
  z.object({
    issuer: z.string().meta({ description: "the workspace's base URL" }),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string(),
    revocation_endpoint: z.string(),
    response_types_supported: z.array(z.string()).meta({ description: '`code`' }),
    response_modes_supported: z.array(z.string()).meta({ description: '`query`' }),
    grant_types_supported: z.array(z.string()).meta({ description: '`authorization_code`, `refresh_token`' }),
    code_challenge_methods_supported: z.array(z.string()).meta({ description: '`S256`' }),
    token_endpoint_auth_methods_supported: z.array(z.string()).meta({ description: '`client_secret_post`, `none`' }),
    revocation_endpoint_auth_methods_supported: z.array(z.string()).meta({ description: '`client_secret_post`, `none`' }),
    scopes_supported: SCOPES,
    authorization_response_iss_parameter_supported: z.boolean(),
    client_id_metadata_document_supported: z.boolean().meta({ description: 'an `https://` URL of a client metadata document may be the client_id (spec 4.12)' }),
  }),
  { description: 'The authorization server metadata (RFC 8414) of the workspace.' },
);
const base = 'https://acme.example.com';
example(OAuthServerMetadata, {
  issuer: base,
  authorization_endpoint: `${base}/oauth/authorize`,
  token_endpoint: `${base}/oauth/token`,
  registration_endpoint: `${base}/oauth/register`,
  revocation_endpoint: `${base}/oauth/revoke`,
  response_types_supported: ['code'],
  response_modes_supported: ['query'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
  revocation_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
  scopes_supported: ['crm.read', 'crm.write'],
  authorization_response_iss_parameter_supported: true,
  client_id_metadata_document_supported: true,
});

/** RFC 9728: GET /.well-known/oauth-protected-resource(/mcp). */
export const OAuthResourceMetadata = named(
  'OAuthResourceMetadata',
  z.object({
    resource: z.string().meta({ description: 'the protected resource: the base URL (REST API) or `<base>/mcp` (the MCP endpoint)' }),
    authorization_servers: z.array(z.string()),
    scopes_supported: SCOPES,
    bearer_methods_supported: z.array(z.string()).meta({ description: '`header`: the token goes in `Authorization: Bearer`' }),
    resource_name: z.string(),
  }),
  {
    description: 'The protected resource metadata (RFC 9728).',
    example: { resource: `${base}/mcp`, authorization_servers: [base], scopes_supported: ['crm.read', 'crm.write'], bearer_methods_supported: ['header'], resource_name: 'CRM' },
  },
);

/** Spec 2.15 client registration record (RFC 7591 3.2.1). */
export const OAuthClientRegistration = named(
  'OAuthClientRegistration',
  z.object({
    client_id: z.string(),
    client_id_issued_at: z.int().meta({ description: 'epoch seconds' }),
    client_name: z.string().meta({ description: '`Unnamed app` when none was sent' }),
    redirect_uris: z.array(z.string()),
    token_endpoint_auth_method: z.enum(['client_secret_post', 'none']),
    grant_types: z.array(z.string()).meta({ description: '`authorization_code` and/or `refresh_token`' }),
    response_types: z.array(z.string()).meta({ description: '`code`' }),
    client_secret: z.string().optional().meta({ description: 'only for `client_secret_post`: shown once, send it in the token and revocation forms' }),
    client_secret_expires_at: z.int().optional().meta({ description: 'only with client_secret: 0, it does not expire' }),
  }),
  { description: 'The registered client (spec 2.15, RFC 7591).' },
);
example(OAuthClientRegistration, {
  client_id: 'cl_Xq3vT9mP2sLk8RwYc4NbEa',
  client_id_issued_at: 1772442000,
  client_name: 'Claude',
  redirect_uris: ['https://claude.ai/api/mcp/auth_callback'],
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
});

/** Spec 2.15 token response. */
export const OAuthTokenResponse = named(
  'OAuthTokenResponse',
  z.object({
    access_token: z.string().meta({ description: '`mcp_…`, valid `expires_in` seconds' }),
    token_type: z.literal('Bearer'),
    expires_in: f.count().meta({ description: 'seconds (3600)' }),
    refresh_token: z.string().meta({ description: '`mcpr_…`: single use, every refresh returns a new one; expires after 60 days without use' }),
    scope: z.string().meta({ description: 'the granted scopes, space-separated' }),
  }),
  { description: 'Token response (spec 2.15).' },
);
example(OAuthTokenResponse, {
  access_token: 'mcp_4hT0qZ1vX8nB3kLw9pR2sY6cD5fG7jH0mN1bV3xC8zQ',
  token_type: 'Bearer',
  expires_in: 3600,
  refresh_token: 'mcpr_7Ka2dF9gH1jL3nP5rT8vX0zB2cE4gI6kM8oQ1sU3wY',
  scope: 'crm.read crm.write',
});

/** RFC 7009: the revocation answer is an empty object. */
export const OAuthRevokeResponse = named('OAuthRevokeResponse', z.object({}), { description: 'Empty: revoked, or nothing to revoke.', example: {} });

/** The server-rendered pages of the authorization server (sign-in, consent, error). */
export const HtmlPage = named('HtmlPage', z.string(), {
  description: 'An HTML page for the browser (no script).',
  example: '<!doctype html><html lang="en"><head><title>Sign in</title></head><body>…</body></html>',
});
