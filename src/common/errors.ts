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
  | 'inactive'
  | 'license_blocked'
  | 'not_found'
  | 'conflict'
  | 'duplicate'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  otp_required: 401,
  forbidden: 403,
  module: 403,
  insufficient_scope: 403,
  inactive: 403,
  license_blocked: 403,
  not_found: 404,
  conflict: 409,
  duplicate: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
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
export const invalid = (field: string, message: string, extra: Record<string, unknown> = {}): DomainError =>
  new DomainError('invalid', `${field}: ${message}`, { field, ...extra });
export const forbidden = (message = 'not allowed to edit this record'): DomainError => new DomainError('forbidden', message);
