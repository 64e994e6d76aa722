import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DomainError } from '../../common/errors';

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
  /** ISO timestamp (with or without zone; without = UTC) for sort=update. */
  updatedSince?: string;
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
  throw new DomainError('invalid', 'cursor: not a cursor of this list (use next_cursor as returned, with the same sort)');
}

const encode = (v: unknown[]): string => Buffer.from(JSON.stringify(v), 'utf8').toString('base64url');

/** Applies filters of the sort mode, keyset condition, order and limit+1 to a query. */
export function applyPage<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, q: PageQuery): { limit: number; sort: SortMode } {
  const sort = q.sort ?? 'recent';
  const limit = Math.min(Math.max(q.limit ?? DEFAULT_LIMIT, 1), MAX_LIMIT);
  if (sort === 'update') {
    if (q.updatedSince) {
      const since = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(q.updatedSince) ? q.updatedSince : `${q.updatedSince}Z`);
      if (Number.isNaN(since.getTime())) throw new DomainError('invalid', 'updated_since: not a timestamp');
      qb.andWhere(`${alias}.updated_at >= :pgSince`, { pgSince: since });
    }
    if (q.cursor) {
      const [u, id] = decode(q.cursor, 'update') as [string, number];
      qb.andWhere(`(${alias}.updated_at, ${alias}.id) > (:pgU, :pgId)`, { pgU: new Date(u), pgId: id });
    }
    qb.orderBy(`${alias}.updated_at`, 'ASC').addOrderBy(`${alias}.id`, 'ASC');
  } else {
    if (q.updatedSince) throw new DomainError('invalid', 'updated_since: only with sort=update');
    if (q.cursor) {
      const [id] = decode(q.cursor, 'recent') as [number];
      qb.andWhere(`${alias}.id < :pgId`, { pgId: id });
    }
    qb.orderBy(`${alias}.id`, 'DESC');
  }
  qb.take(limit + 1);
  return { limit, sort };
}

/** Cuts the extra row off and makes the next cursor. */
export function finishPage<T extends { id: number; updatedAt: Date }>(rows: T[], page: { limit: number; sort: SortMode }): Page<T> {
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > page.limit && last ? encode(page.sort === 'update' ? [last.updatedAt.toISOString(), last.id] : [last.id]) : null;
  return { items, nextCursor };
}

/** Applies order, keyset condition and limit+1 to a query and runs it; `alias` must have id and updated_at. */
export async function paginate<T extends ObjectLiteral & { id: number; updatedAt: Date }>(qb: SelectQueryBuilder<T>, alias: string, q: PageQuery): Promise<Page<T>> {
  const page = applyPage(qb, alias, q);
  return finishPage(await qb.getMany(), page);
}
