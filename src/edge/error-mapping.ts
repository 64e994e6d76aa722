import { HttpException } from '@nestjs/common';
import type { Response } from 'express';
import type pino from 'pino';
import { databaseErrorCode, fromSqlState } from '../platform/common/database-errors';
import { clip, DomainError } from '../platform/common/errors';
import { requestOrigin } from './base-url';
import type { CrmRequest } from './crm-request';

/** Any thrown value as a typed domain error; unknown errors become `internal` (never their message). */
export function toDomainError(e: unknown): DomainError {
  if (e instanceof DomainError) return e;
  if (e instanceof HttpException) {
    const status = e.getStatus();
    const msg = clip(httpMessage(e), 500);
    if (status === 404) return new DomainError('not_found', msg.startsWith('Cannot ') ? 'no such route' : msg);
    if (status === 413) return new DomainError('payload_too_large', 'request body too large');
    if (status === 415) return new DomainError('unsupported_media_type', msg);
    if (status === 401) return new DomainError('unauthorized', msg);
    if (status === 403) return new DomainError('forbidden', msg);
    if (status === 429) return new DomainError('rate_limited', msg);
    if (status >= 400 && status < 500) return new DomainError('invalid', msg);
    return new DomainError('internal', 'internal error');
  }
  const db = databaseErrorCode(e);
  if (db) return fromSqlState(db);
  // errors of express body parsers (http-errors: `status`, usually `type`; zlib errors of a body that
  // is not valid in its Content-Encoding carry only `status` and a Z_* code)
  const bp = e as { type?: unknown; status?: unknown; code?: unknown };
  if (bp && typeof bp === 'object' && typeof bp.status === 'number' && bp.status >= 400 && bp.status < 500) {
    if (bp.type === 'entity.too.large' || bp.status === 413) return new DomainError('payload_too_large', 'request body too large');
    if (bp.type === 'entity.parse.failed') return new DomainError('invalid', 'body: malformed JSON', { jsonRpc: JSON_RPC_PARSE_ERROR });
    if (bp.type === 'encoding.unsupported' || bp.type === 'charset.unsupported' || bp.status === 415) return new DomainError('unsupported_media_type', 'unsupported body encoding or charset');
    if (typeof bp.code === 'string' && bp.code.startsWith('Z_')) return new DomainError('invalid', 'body: not valid in its Content-Encoding', { field: 'body', fields: ['body'] });
    return new DomainError('invalid', 'body: could not be read');
  }
  return new DomainError('internal', 'internal error');
}

function httpMessage(e: HttpException): string {
  const r = e.getResponse();
  if (typeof r === 'string') return r;
  const m = (r as { message?: unknown }).message;
  return Array.isArray(m) ? m.join('; ') : typeof m === 'string' ? m : e.message;
}

export type Interface = 'rest' | 'scim' | 'oauth';

/** JSON-RPC 2.0's code for a body that is not JSON (section 5.1). */
const JSON_RPC_PARSE_ERROR = -32700;
const JSON_RPC_MESSAGES: Record<number, string> = { [JSON_RPC_PARSE_ERROR]: 'Parse error' };

/** The MCP endpoint (Streamable HTTP): JSON-RPC messages, so errors of its body are JSON-RPC errors. */
export function isMcpPath(routedPath: string): boolean {
  const path = routedPath.toLowerCase();
  return path === '/mcp' || path.startsWith('/mcp/');
}

/** The interface of a routed path (case-insensitive, as Express routes). */
export function interfaceOf(routedPath: string): Interface {
  const path = routedPath.toLowerCase();
  if (path.startsWith('/api/scim/')) return 'scim';
  if (path.startsWith('/oauth/') || path.startsWith('/.well-known/')) return 'oauth';
  return 'rest';
}

const OAUTH_CODES: Record<string, string> = {
  invalid: 'invalid_request',
  unauthorized: 'invalid_client',
  rate_limited: 'slow_down',
  not_found: 'invalid_request',
  method_not_allowed: 'invalid_request',
  internal: 'server_error',
};

/** RFC 7644 §3.12 scimType: the error's own, else uniqueness for duplicates and invalidValue for other 400s. */
function scimTypeOf(err: DomainError): string | undefined {
  if (typeof err.extra.scimType === 'string') return err.extra.scimType;
  if (err.code === 'duplicate') return 'uniqueness';
  if (err.code === 'invalid') return err.message.startsWith('body') ? 'invalidSyntax' : 'invalidValue';
  return undefined;
}

/** Writes the error in the format of the interface the request came in on. */
export function sendError(req: CrmRequest, res: Response, err: DomainError, log?: pino.Logger, cause?: unknown): void {
  if (err.code === 'internal') log?.error({ err: cause, request_id: req.id, path: req.path }, 'unhandled error');
  if (res.headersSent) return;
  if (err.retryAfter !== undefined) res.setHeader('Retry-After', String(err.retryAfter));
  if (typeof err.extra.allow === 'string') res.setHeader('Allow', err.extra.allow);
  const kind = interfaceOf(req.path);
  const challenge = wwwAuthenticate(req, err, kind);
  if (challenge) res.setHeader('WWW-Authenticate', challenge);
  if (kind === 'scim') {
    res.status(err.status).type('application/scim+json').send(
      JSON.stringify({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: String(err.status),
        ...(scimTypeOf(err) ? { scimType: scimTypeOf(err) } : {}),
        detail: err.message,
      }),
    );
    return;
  }
  // an error the edge raised about a JSON-RPC message (the body parser's), before the MCP SDK saw it
  if (typeof err.extra.jsonRpc === 'number' && isMcpPath(req.path)) {
    const code = err.extra.jsonRpc;
    res.status(err.status).json({ jsonrpc: '2.0', id: null, error: { code, message: JSON_RPC_MESSAGES[code] ?? err.message } });
    return;
  }
  if (kind === 'oauth') {
    const code = typeof err.extra.oauth === 'string' ? err.extra.oauth : (OAUTH_CODES[err.code] ?? err.code);
    res.setHeader('Cache-Control', 'no-store');
    res.status(err.status).json({ error: code, error_description: err.message });
    return;
  }
  const body: Record<string, unknown> = { ok: false, error: err.code, message: err.message };
  for (const [k, v] of Object.entries(err.extra)) if (!(k in body) && !EDGE_ONLY.has(k)) body[k] = v;
  withFieldShape(err, body);
  if (err.code === 'internal') body.request_id = req.id;
  res.status(err.status).json(body);
}

/** Extra fields that steer the edge (headers, OAuth and JSON-RPC codes, Allow) and never go into a REST body. */
const EDGE_ONLY = new Set(['oauth', 'wwwAuthenticate', 'allow', 'jsonRpc']);

/**
 * The WWW-Authenticate challenge of an error: given by the error (OAuth client authentication), or
 * for bearer routes RFC 6750's `Bearer` on 401 (on /mcp with the protected resource metadata of RFC
 * 9728) and `error="insufficient_scope"` with the needed scope on 403 insufficient_scope.
 */
function wwwAuthenticate(req: CrmRequest, err: DomainError, kind: Interface): string | undefined {
  if (typeof err.extra.wwwAuthenticate === 'string') return err.extra.wwwAuthenticate;
  if (kind === 'oauth') return undefined;
  const metadata = isMcpPath(req.path) ? `, resource_metadata="${requestOrigin(req)}/.well-known/oauth-protected-resource/mcp"` : '';
  if (err.status === 401 && kind === 'rest') return `Bearer realm="crm"${metadata}`;
  if (err.code === 'insufficient_scope') return `Bearer error="insufficient_scope", scope="${typeof err.extra.scope === 'string' ? err.extra.scope : 'crm.write'}"${metadata}`;
  return undefined;
}

const FIELD_PREFIX = /^([A-Za-z_][A-Za-z0-9_.]{0,99}): /;

/**
 * One shape for bad fields on every REST error: `field` (the first) and `fields` (at most 10), also
 * for errors raised with only one of them, or with the field only as the message's `field: ` prefix.
 */
export function withFieldShape(err: DomainError, body: Record<string, unknown>): void {
  let field = typeof body.field === 'string' ? body.field : undefined;
  if (field === undefined && Array.isArray(body.fields) && typeof body.fields[0] === 'string') field = body.fields[0];
  if (field === undefined && err.code === 'invalid') {
    const m = FIELD_PREFIX.exec(err.message);
    if (m && m[1] !== 'body') field = m[1];
  }
  if (field === undefined) return;
  body.field = field;
  if (!Array.isArray(body.fields)) body.fields = [field];
}
