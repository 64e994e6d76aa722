import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { invalid } from '../../../platform/common/errors';
import { parseClientTimestamp } from '../../../platform/common/time';
import { localToDate } from '../../../platform/common/local-time';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Keyset pagination. `recent` (default): newest first by id. `update`: by (updated_at, id) ascending,
 * for periodic sync with `updated_since`. The cursor is opaque (base64url JSON of the last key).
 */
export type SortMode = 'recent' | 'update';

export interface PageQuery {
  limit?: number;
  cursor?: string;
  sort?: SortMode;
  /**
   * For sort=update: a timestamp as the API writes them (workspace local time, no zone), or with an
   * explicit `Z` / `±hh:mm` offset; see `sinceInstant`.
   */
  updatedSince?: string;
  /**
   * The list's text search, if any. With one, sort=recent orders by `id + 0`: the planner then answers
   * from the search's trigram indexes and sorts the matches, instead of walking the primary key backwards
   * and filtering every row (it picked that plan for a rare e-mail at 50k people when its estimate of the
   * match count was high, reading the whole table for one hit).
   */
  q?: string;
}

/**
 * The instant a client's `updated_since` / `since` names. Without an offset it is the workspace's local
 * time (the timestamps the API returns carry none), so a client that passes back the last `updated_at` it
 * saw resumes where it stopped; a wall time that occurs twice (clocks set back) is read as the earlier
 * instant, so a sync re-reads rather than skips. Malformed → 400 `invalid` naming `field`.
 */
export function sinceInstant(raw: string, tz: string, field = 'updated_since'): Date {
  const p = parseClientTimestamp(raw);
  if (!p) throw invalid(field, 'not a timestamp (YYYY-MM-DDTHH:mm:ss in the workspace time zone, or with Z or an offset ±hh:mm)');
  if (p.offsetMinutes === null) return new Date(localToDate(p.wall, tz).getTime() + p.ms);
  return new Date(Date.parse(`${p.wall}Z`) + p.ms - p.offsetMinutes * 60_000);
}

function decode(cursor: string, sort: SortMode): [string, number] | [number] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (sort === 'recent' && Array.isArray(v) && v.length === 1 && Number.isInteger(v[0])) return [v[0] as number];
    if (sort === 'update' && Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && !Number.isNaN(Date.parse(v[0])) && Number.isInteger(v[1])) {
      return [v[0], v[1]];
    }
  } catch {
    /* fall through */
  }
  throw invalid('cursor', 'not a cursor of this list (use next_cursor as returned, with the same sort)');
}

const encode = (v: unknown[]): string => Buffer.from(JSON.stringify(v), 'utf8').toString('base64url');

const clampLimit = (limit: number | undefined): number => Math.min(Math.max(limit ?? DEFAULT_LIMIT, 1), MAX_LIMIT);

/**
 * Keyset on (`column`, id) ascending, for sync feeds: rows at or after `since`, after the cursor's key,
 * ordered, limit+1. The key compares as a row value, so rows sharing one timestamp are split at a page
 * boundary by id: none is dropped or repeated. Timestamp columns have millisecond precision, like the
 * cursor (JavaScript Date). Returns the clamped limit.
 */
export function applyTimeKeyset<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, column: string, q: { limit?: number; cursor?: string; since?: Date }): number {
  const limit = clampLimit(q.limit);
  if (q.since) qb.andWhere(`${alias}.${column} >= :pgSince`, { pgSince: q.since });
  if (q.cursor) {
    const [u, id] = decode(q.cursor, 'update') as [string, number];
    qb.andWhere(`(${alias}.${column}, ${alias}.id) > (:pgU, :pgId)`, { pgU: new Date(u), pgId: id });
  }
  qb.orderBy(`${alias}.${column}`, 'ASC').addOrderBy(`${alias}.id`, 'ASC');
  qb.take(limit + 1);
  return limit;
}

/** Cuts the extra row off a time-keyset page and makes the next cursor from the last row's key. */
export function finishTimePage<T extends { id: number }>(rows: T[], limit: number, time: (row: T) => Date): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encode([time(last).toISOString(), last.id]) : null };
}

/**
 * Applies filters of the sort mode, keyset condition, order and limit+1 to a query. `tz` is the
 * workspace's time zone (`updated_since` without an offset is local time there).
 */
export function applyPage<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, q: PageQuery, tz: string): { limit: number; sort: SortMode } {
  const sort = q.sort ?? 'recent';
  if (sort === 'update') {
    const since = q.updatedSince ? sinceInstant(q.updatedSince, tz) : undefined;
    return { limit: applyTimeKeyset(qb, alias, 'updated_at', { limit: q.limit, cursor: q.cursor, since }), sort };
  }
  if (q.updatedSince) throw invalid('updated_since', 'only with sort=update');
  const limit = clampLimit(q.limit);
  if (q.cursor) {
    const [id] = decode(q.cursor, 'recent') as [number];
    qb.andWhere(`${alias}.id < :pgId`, { pgId: id });
  }
  qb.orderBy(q.q?.trim() ? `${alias}.id + 0` : `${alias}.id`, 'DESC');
  qb.take(limit + 1);
  return { limit, sort };
}

/** Cuts the extra row off and makes the next cursor. */
export function finishPage<T extends { id: number; updatedAt: Date }>(rows: T[], page: { limit: number; sort: SortMode }): Page<T> {
  if (page.sort === 'update') return finishTimePage(rows, page.limit, (r) => r.updatedAt);
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > page.limit && last ? encode([last.id]) : null };
}

/** Applies order, keyset condition and limit+1 to a query and runs it; `alias` must have id and updated_at. */
export async function paginate<T extends ObjectLiteral & { id: number; updatedAt: Date }>(qb: SelectQueryBuilder<T>, alias: string, q: PageQuery, tz: string): Promise<Page<T>> {
  const page = applyPage(qb, alias, q, tz);
  return finishPage(await qb.getMany(), page);
}
