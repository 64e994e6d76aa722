import type { SchemaObject } from '@nestjs/swagger';

/** The error body families: the REST envelope, SCIM's error message, OAuth's error and JSON-RPC's. */
export type ErrorFamily = 'rest' | 'scim' | 'oauth' | 'mcp';

/** Spec 7: the shared error bodies, one per interface (src/edge/error-mapping.ts writes them). */
export const ERROR_SCHEMAS: Record<string, SchemaObject> = {
  Error: {
    type: 'object',
    description:
      'The REST error envelope (spec 7.1). `error` is the code, `message` explains it; for a bad field `field` names the first and `fields` up to 10. ' +
      'Some errors add what the caller needs to go on (e.g. the existing record of a duplicate, the needed scope or module).',
    properties: {
      ok: { type: 'boolean', enum: [false] },
      error: {
        type: 'string',
        description:
          'invalid, unauthorized, forbidden, module, insufficient_scope, csrf, not_found, conflict, lease_lost, superseded, duplicate, payload_too_large, unsupported_media_type, method_not_allowed, rate_limited, upstream, internal, ...',
      },
      message: { type: 'string' },
      field: { type: 'string', description: 'the first bad field (400 invalid)' },
      fields: { type: 'array', items: { type: 'string' }, maxItems: 10, description: 'the bad fields (400 invalid)' },
      fields_total: { type: 'integer', description: 'how many fields were bad when more than `fields` lists' },
      request_id: { type: 'string', description: 'only on 500 internal: quote it when reporting the error' },
      existing: {
        type: 'object',
        description: '409 `duplicate`: the record that exists, when the caller may see it',
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
        required: ['id', 'name'],
      },
      leads: { type: 'integer', description: '409 `conflict` deleting a fair: how many leads it still has' },
      status: { type: 'string', description: "409 `conflict` of an order already sent to the ERP: the order's status" },
      gate_problems: {
        type: 'array',
        items: { type: 'string' },
        description: "400 `invalid` of an opportunity's stage move or create: what the gates of the stages passed still miss",
      },
      ext_no: { type: 'string', description: '409 `conflict` of an ERP report: the number the queue entry was already written with' },
      version: { type: 'integer', description: '409 `superseded` of an ERP report: the current version of the ERP order, queued to be claimed again' },
      otp_required: { type: 'boolean', enum: [true], description: 'POST /api/v1/login, 401 `otp_required`: two-factor authentication is on; repeat the request with the 6-digit `otp`' },
    },
    required: ['ok', 'error', 'message'],
    example: { ok: false, error: 'invalid', message: 'name: must not be empty', field: 'name', fields: ['name'] },
  },
  ScimError: {
    type: 'object',
    description: 'The SCIM error message (RFC 7644 section 3.12; spec 7.3).',
    properties: {
      schemas: { type: 'array', items: { type: 'string', enum: ['urn:ietf:params:scim:api:messages:2.0:Error'] } },
      status: { type: 'string', description: 'the HTTP status as a string' },
      scimType: { type: 'string', description: 'uniqueness, invalidValue, invalidSyntax, invalidPath, invalidFilter, mutability, ...' },
      detail: { type: 'string' },
    },
    required: ['schemas', 'status', 'detail'],
    example: { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '409', scimType: 'uniqueness', detail: 'userName or e-mail already exists' },
  },
  OAuthError: {
    type: 'object',
    description: 'An OAuth 2.1 error (RFC 6749 section 5.2; spec 7.2).',
    properties: {
      error: { type: 'string', description: 'invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, slow_down, ...' },
      error_description: { type: 'string' },
    },
    required: ['error'],
    example: { error: 'invalid_grant', error_description: 'code expired or already used' },
  },
  JsonRpcError: {
    description: 'A JSON-RPC 2.0 error response (the MCP endpoint), or the REST envelope for a missing or refused token.',
    anyOf: [{ $ref: '#/components/schemas/JsonRpcErrorMessage' }, { $ref: '#/components/schemas/Error' }],
    example: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
  },
  JsonRpcErrorMessage: {
    type: 'object',
    description: 'A JSON-RPC 2.0 error response.',
    properties: {
      jsonrpc: { type: 'string', enum: ['2.0'] },
      id: { nullable: true, oneOf: [{ type: 'string' }, { type: 'integer' }] },
      error: {
        type: 'object',
        properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
        required: ['code', 'message'],
      },
    },
    required: ['jsonrpc', 'id', 'error'],
    example: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
  },
};

const REST: Record<number, string> = {
  400: '`invalid`: a missing or invalid field or parameter (`message` explains, `field`/`fields` name it)',
  401: '`unauthorized`: missing, invalid, expired or revoked token',
  403: '`insufficient_scope` (the token lacks the scope), `module` (the module is off in the licence or for the user), `forbidden` (not allowed to see or edit this record) or `csrf` (the `crm_session` cookie without a valid `X-CSRF-Token` header)',
  404: '`not_found`: no such record, or one the caller may not see (or the host names no workspace)',
  409: '`conflict`: the record is in a state that does not allow this',
  413: '`payload_too_large`: the body is larger than the limit (on any route that is sent one)',
  415: '`unsupported_media_type`: the body is not JSON, or its encoding or charset is not supported (on any route that is sent one)',
  429: '`rate_limited`: the per-minute request limit is exceeded; wait `Retry-After` seconds',
};
const FIRST_PARTY_403 =
  "`insufficient_scope` (always for an OAuth token: workspace administration and a user's own connections are first-party only, a session or an API key), `module`, `forbidden` or `csrf` (the `crm_session` cookie without a valid `X-CSRF-Token` header)";

/** The description of an automatic error response. */
export function errorText(family: ErrorFamily, status: number, variant?: 'firstParty' | 'host'): string {
  if (status === 403 && variant === 'firstParty') return FIRST_PARTY_403;
  if (status === 404 && variant === 'host') return family === 'rest' ? '`not_found`: the host names no workspace' : 'the host names no workspace';
  if (family === 'scim') return `SCIM error, status "${status}"${status === 401 ? ': missing or invalid SCIM key' : status === 429 ? ': too many requests; wait `Retry-After` seconds' : ''}`;
  if (family === 'oauth') return status === 429 ? '`slow_down`: too many requests; wait `Retry-After` seconds' : status === 400 ? '`invalid_request` and the other OAuth errors of spec 7.2' : `OAuth error (HTTP ${status})`;
  return REST[status] ?? `HTTP ${status}`;
}
