/**
 * Typed domain errors. Services throw these; each interface maps them at its edge
 * (REST `{ok:false,error,message}`, SCIM error schema, OAuth `{error,error_description}`).
 */
export type ErrorCode =
  | 'invalid'
  | 'unauthorized'
  | 'otp_required'
  | 'forbidden'
  | 'module'
  | 'insufficient_scope'
  | 'csrf'
  | 'inactive'
  | 'license_blocked'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'lease_lost'
  | 'superseded'
  | 'duplicate'
  | 'idempotency_key_in_use'
  | 'idempotency_key_reused'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  /** An outside service the request needs (Ask's language model) failed or took too long. */
  | 'upstream'
  | 'mailbox_auth'
  | 'mailbox_unreachable'
  | 'mailbox_not_connected'
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  otp_required: 401,
  forbidden: 403,
  module: 403,
  insufficient_scope: 403,
  csrf: 403,
  inactive: 403,
  license_blocked: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  lease_lost: 409,
  superseded: 409,
  duplicate: 409,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream: 502,
  mailbox_auth: 422,
  mailbox_unreachable: 422,
  mailbox_not_connected: 409,
  internal: 500,
};

export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields merged into the REST error body (e.g. gate problems, the existing duplicate). */
    readonly extra: Record<string, unknown> = {},
    /** Seconds for a Retry-After header. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (what = 'record'): DomainError => new DomainError('not_found', `${what} not found`);
/** At most this many fields are named in one error (message and `fields`); the rest are counted. */
export const MAX_NAMED_FIELDS = 10;

/**
 * A 400 about fields, in the one shape every interface uses: `field` (the first bad field) and `fields`
 * (at most MAX_NAMED_FIELDS of them); the message names the same fields and counts the others.
 */
export function invalidFields(problems: { field: string; message: string }[], extra: Record<string, unknown> = {}): DomainError {
  problems = problems.map((p) => ({ field: clip(p.field, 100), message: clip(p.message, 300) }));
  const fields = [...new Set(problems.map((p) => p.field))];
  const named = new Set(fields.slice(0, MAX_NAMED_FIELDS));
  const shown: string[] = [];
  for (const p of problems) if (named.has(p.field) && shown.length < 2 * MAX_NAMED_FIELDS) shown.push(`${p.field}: ${p.message}`);
  const more = fields.length - named.size;
  const message = (shown.join('; ') || 'invalid input') + (more > 0 ? `; ... and ${more.toLocaleString('en-US')} more` : '');
  return new DomainError('invalid', message, { field: fields[0], fields: [...named], ...(more > 0 ? { fields_total: fields.length } : {}), ...extra });
}

/** A client-supplied text cut to `max` characters (field names, messages that quote input). */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

export const invalid = (field: string, message: string, extra: Record<string, unknown> = {}): DomainError => invalidFields([{ field, message }], extra);
export const forbidden = (message = 'not allowed to edit this record'): DomainError => new DomainError('forbidden', message);
