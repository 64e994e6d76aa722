import { DomainError } from './errors';

/**
 * The SQLSTATE of a database error (TypeORM's QueryFailedError wraps the driver's; pg's DatabaseError
 * carries it directly), or null for anything else.
 */
export function databaseErrorCode(e: unknown): string | null {
  if (!e || typeof e !== 'object') return null;
  const o = e as { name?: unknown; code?: unknown; driverError?: { code?: unknown }; severity?: unknown };
  const code = o.name === 'QueryFailedError' ? (o.driverError?.code ?? o.code) : o.severity !== undefined ? o.code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/** SQLSTATEs of a serialization failure or deadlock: the unit of work retries these once. */
export const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

/**
 * PostgreSQL errors caused by the client or by concurrency, as 400/409 (messages never name SQL,
 * tables or constraints). Anything else stays `internal`.
 */
export function fromSqlState(code: string): DomainError {
  if (code === '23505') return new DomainError('conflict', 'a record with the same unique value already exists (a concurrent change?); reload and try again');
  if (RETRYABLE_SQLSTATES.has(code) || code === '55P03') return new DomainError('conflict', 'the change collided with a concurrent change; try again');
  if (code === '22003') return new DomainError('invalid', 'a number is out of range');
  if (code === '22001') return new DomainError('invalid', 'a text is too long');
  if (code === '22007' || code === '22008') return new DomainError('invalid', 'a date or time is invalid or out of range');
  if (code === '22021' || code === '22P05') return new DomainError('invalid', 'a text contains a character that cannot be stored');
  if (code === '54000' || code === '54001' || code === '2201B') return new DomainError('invalid', 'a value is too large or too complex to process');
  if (code === '23514') return new DomainError('invalid', 'a value is not allowed');
  if (code.startsWith('22')) return new DomainError('invalid', 'a value is invalid');
  return new DomainError('internal', 'internal error');
}
