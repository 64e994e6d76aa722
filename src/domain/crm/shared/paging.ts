import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { invalid } from '../../../platform/common/errors';
import { parseClientTimestamp } from '../../../platform/common/time';
import { localToDate } from '../../../platform/common/local-time';
import { fromRowsByKeys } from './lateral';
import { rawMany } from '../../../platform/database/direct-query';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
/**
 * The page an export reads at a time (PageQuery.batch; never a client's `limit`): larger than a list page, so a
 * long export costs fewer round trips per row, and still one keyset page of the list's own plan.
 */
export const EXPORT_BATCH = 1000;

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
  /** An export's batch: `limit` may go up to EXPORT_BATCH (set by the service's exports only, never from a query string). */
  batch?: boolean;
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

const clampLimit = (limit: number | undefined, batch = false): number => Math.min(Math.max(limit ?? DEFAULT_LIMIT, 1), batch ? EXPORT_BATCH : MAX_LIMIT);

/**
 * Keyset on (`column`, id) ascending, for sync feeds: rows at or after `since`, after the cursor's key,
 * ordered, limit+1. The key compares as a row value, so rows sharing one timestamp are split at a page
 * boundary by id: none is dropped or repeated. Timestamp columns have millisecond precision, like the
 * cursor (JavaScript Date). Returns the clamped limit.
 */
export function applyTimeKeyset<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, column: string, q: { limit?: number; batch?: boolean; cursor?: string; since?: Date }): number {
  const limit = clampLimit(q.limit, q.batch);
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
    return { limit: applyTimeKeyset(qb, alias, 'updated_at', { limit: q.limit, batch: q.batch, cursor: q.cursor, since }), sort };
  }
  if (q.updatedSince) throw invalid('updated_since', 'only with sort=update');
  const limit = clampLimit(q.limit, q.batch);
  if (q.cursor) {
    const [id] = decode(q.cursor, 'recent') as [number];
    qb.andWhere(`${alias}.id < :pgId`, { pgId: id });
  }
  qb.orderBy(q.q?.trim() ? `${alias}.id + 0` : `${alias}.id`, 'DESC');
  qb.take(limit + 1);
  return { limit, sort };
}

/**
 * A page found by walking an index in the page's order: the table, and the list's filters on a row alias
 * (parameters as named on the query they are added to). Only for filters most rows pass (`active`): the
 * walk visits every row a filter rejects, so a selective filter (an owner, a status, a search) must stay
 * with the planner, which picks the index that filter has.
 */
export interface PageWalk {
  table: string;
  where?: (a: string) => string;
}

/** Largest value of an int4 id column: the bound of a first page sorted newest first. */
const MAX_ID = 2_147_483_647;

/**
 * Restricts `qb` to the ids of one keyset page, chosen by a recursive walk: each step is one `ORDER BY
 * <key> LIMIT 1` probe of the key's index, `(workspace_id, id)` newest first or `(workspace_id,
 * updated_at, id)` for sort=update, starting after the cursor, and (with `where`) one probe of that row by
 * its key to check the filters, until limit+1 rows passed; the rows are then read by their keys
 * (`fromRowsByKeys`). A plain `ORDER BY id DESC LIMIT 51` leaves the planner a choice, and without
 * statistics (a fresh or bulk-loaded table, autovacuum off) it estimates a workspace's rows at 0.5 % of
 * a table it underestimates, answers with a bitmap scan of every row of the workspace and a sort, and
 * reads the whole table. A `LIMIT 1` probe is cheapest on the ordered index at any estimate, so the walk
 * reads O(page) index entries whatever the statistics say.
 */
function applyWalk<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, q: PageQuery, tz: string, walk: PageWalk, workspaceId: number): { limit: number; sort: SortMode } {
  const sort = q.sort ?? 'recent';
  const limit = clampLimit(q.limit, q.batch);
  const t = walk.table;
  const params: Record<string, unknown> = { pgWalkWs: workspaceId, pgWalkRows: limit + 1 };
  const byUpdate = sort === 'update';
  let first: string;
  if (byUpdate) {
    const since = q.updatedSince ? sinceInstant(q.updatedSince, tz) : undefined;
    if (q.cursor) {
      const [u, id] = decode(q.cursor, 'update') as [string, number];
      Object.assign(params, { pgWalkU: new Date(u).toISOString(), pgWalkId: id });
    } else Object.assign(params, { pgWalkU: since ? since.toISOString() : '-infinity', pgWalkId: 0 });
    first = '(a.updated_at, a.id) > (CAST(:pgWalkU AS timestamptz), :pgWalkId)';
    if (q.cursor && since) {
      first += ' AND a.updated_at >= :pgWalkSince';
      params.pgWalkSince = since;
    }
    qb.orderBy(`${alias}.updated_at`, 'ASC').addOrderBy(`${alias}.id`, 'ASC');
  } else {
    if (q.updatedSince) throw invalid('updated_since', 'only with sort=update');
    params.pgWalkBefore = q.cursor ? (decode(q.cursor, 'recent') as [number])[0] : MAX_ID;
    first = 'a.id < :pgWalkBefore';
    qb.orderBy(`${alias}.id`, 'DESC');
  }
  // the next index entry after a key: no filter but the workspace, so the probe is on the index alone (with a
  // filter on the row, the planner without statistics took a bitmap scan and a sort for each step)
  const next = (bound: string) =>
    `(SELECT a.id${byUpdate ? ', a.updated_at AS u' : ''} FROM ${t} a WHERE a.workspace_id = :pgWalkWs AND ${bound} ` +
    `ORDER BY ${byUpdate ? 'a.updated_at, a.id' : 'a.id DESC'} LIMIT 1) s`;
  // whether that row passes the list's filters: one probe of the row by its key
  const hit = walk.where ? `CROSS JOIN LATERAL (SELECT ${walk.where('r')} AS hit FROM ${t} r WHERE r.workspace_id = :pgWalkWs AND r.id = s.id LIMIT 1) h` : 'CROSS JOIN (SELECT true AS hit) h';
  const u = byUpdate ? ', s.u' : '';
  const sql =
    `WITH RECURSIVE walk(id${byUpdate ? ', u' : ''}, n, hit) AS ((SELECT s.id${u}, CASE WHEN h.hit THEN 1 ELSE 0 END, h.hit FROM ${next(first)} ${hit}) ` +
    `UNION ALL SELECT s.id${u}, walk.n + CASE WHEN h.hit THEN 1 ELSE 0 END, h.hit FROM walk CROSS JOIN LATERAL ${next(byUpdate ? '(a.updated_at, a.id) > (walk.u, walk.id)' : 'a.id < walk.id')} ${hit} ` +
    `WHERE walk.n < :pgWalkRows) SELECT id FROM walk WHERE hit`;
  fromRowsByKeys(qb, t, sql, workspaceId).setParameters(params);
  qb.take(limit + 1);
  return { limit, sort };
}

/** How many of the newest rows before the cursor a text search reads in id order first (`applySearch`). */
export const SEARCH_WINDOW = 1000;

/**
 * The CTEs of a search's window, `pg_win`: the ids of the newest SEARCH_WINDOW rows of the workspace before
 * `:pgWinBefore`. A plain `ORDER BY id DESC LIMIT 1000` leaves the planner a choice, and without statistics
 * it reads every row of the workspace (a bitmap scan and a sort: it estimates the workspace at 1/237 of the
 * table, fewer rows than the limit). So the window is found by id ranges: the newest id before the cursor
 * (one `LIMIT 1` probe, `pg_top`), then ranges below it that double (1,000 ids, 2,000, 4,000 ...) until they
 * hold SEARCH_WINDOW rows of the workspace (`pg_grow`, counting each new range once), then the window inside
 * that range. Every statement is bounded by its range, whichever plan PostgreSQL picks: about twice the
 * window's rows when the workspace's ids are spread evenly.
 */
function windowCtes(table: string): string {
  const count = (lo: string, hi: string) => `(SELECT count(*) FROM ${table} c WHERE c.workspace_id = :pgKeysWs AND c.id >= ${lo} AND c.id < ${hi})`;
  return (
    `pg_top(hi) AS (SELECT m.id::bigint + 1 FROM ${table} m WHERE m.workspace_id = :pgKeysWs AND m.id < :pgWinBefore ORDER BY m.id DESC LIMIT 1), ` +
    `pg_grow(lo, n, w) AS (SELECT GREATEST(t.hi - ${SEARCH_WINDOW}, 0), ${count(`GREATEST(t.hi - ${SEARCH_WINDOW}, 0)`, 't.hi')}, ${SEARCH_WINDOW}::bigint FROM pg_top t ` +
    `UNION ALL SELECT GREATEST(g.lo - g.w, 0), g.n + ${count('GREATEST(g.lo - g.w, 0)', 'g.lo')}, g.w * 2 FROM pg_grow g WHERE g.n < ${SEARCH_WINDOW} AND g.lo > 0), ` +
    `pg_win AS MATERIALIZED (SELECT w.id FROM ${table} w WHERE w.workspace_id = :pgKeysWs AND w.id >= (SELECT min(g.lo) FROM pg_grow g) ` +
    `AND w.id < (SELECT t.hi FROM pg_top t) ORDER BY w.id DESC LIMIT ${SEARCH_WINDOW})`
  );
}

/** The table of a searched list, for `applySearch` (its key index is `(workspace_id, id)`). */
export interface SearchTable {
  table: string;
  workspaceId: number;
}

/**
 * A text search's page, newest first (sort=recent): restricts `qb` to the page's ids and orders it. `ids` is
 * the list's filters (search included) selecting the id on its alias; by default a clone of `qb`.
 *
 * The ids are the matches among the newest SEARCH_WINDOW rows before the cursor, read by key probes in id
 * order; only when those are fewer than the page (and the window is full) the newest matches below the
 * window are added, as the planner finds them (the trigram index, every match sorted by `id + 0`). A common
 * word (1 row in 8) so fills its page from the window's 1,000 key probes (about 2,050 rows read in all),
 * where the trigram index returned every match (125,000 at 1M rows, 248 ms); a rare word pays the window
 * (~1 ms) before the index. The rest's conditions
 * on the window are a one-time filter above it: PostgreSQL does not start that branch when the window filled the page.
 */
export function applySearch<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  q: PageQuery,
  search: SearchTable,
  filtered: { ids: SelectQueryBuilder<ObjectLiteral>; alias: string } = { ids: qb.clone().select(`${alias}.id`), alias },
): { limit: number; sort: SortMode } {
  const { ids, alias: a } = filtered;
  if (q.updatedSince) throw invalid('updated_since', 'only with sort=update');
  const limit = clampLimit(q.limit, q.batch);
  const before = q.cursor ? (decode(q.cursor, 'recent') as [number])[0] : MAX_ID;
  const { table, workspaceId } = search;
  const near = ids.clone().orderBy(`${a}.id`, 'DESC').take(undefined).skip(undefined).limit(limit + 1);
  // the window's rows by key: the planner cannot trade them for the trigram index and every match
  fromRowsByKeys(near, table, 'SELECT id FROM pg_win', workspaceId);
  const far = ids
    .clone()
    .andWhere(`${a}.id < (SELECT min(w.id) FROM pg_win w)`)
    .orderBy(`${a}.id + 0`, 'DESC')
    .take(undefined)
    .skip(undefined)
    .limit(limit + 1);
  // the gate stands above the rest's LIMIT (conditions are not pushed into a subquery with one): a one-time
  // filter there keeps the branch from starting at all, where inside it a parallel plan launched its workers
  // before reading the filter (about 40 ms for nothing on 1M rows)
  const gate = `(SELECT count(*) FROM pg_win) = ${SEARCH_WINDOW} AND (SELECT count(*) FROM pg_near) <= ${limit}`;
  const sql =
    `WITH RECURSIVE ${windowCtes(table)}, pg_near AS MATERIALIZED (${near.getQuery()}) ` +
    `SELECT * FROM pg_near UNION ALL SELECT pg_far.* FROM (${far.getQuery()}) pg_far WHERE ${gate}`;
  fromRowsByKeys(qb, table, sql, workspaceId).setParameters({ ...ids.getParameters(), pgWinBefore: before });
  qb.orderBy(`${alias}.id`, 'DESC');
  qb.take(limit + 1);
  return { limit, sort: 'recent' };
}

/**
 * `applyPage`, by a walk of the key's index (`applyWalk`) when `walk` is given and there is no text
 * search; the caller passes `walk` only when every filter of the list is one most rows pass. A text search
 * newest first takes `applySearch` when `search` names the table.
 */
export function applyPageWalked<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  q: PageQuery,
  tz: string,
  walk: (PageWalk & { workspaceId: number }) | null,
  search: SearchTable | null = null,
): { limit: number; sort: SortMode } {
  if (q.q?.trim()) return search && (q.sort ?? 'recent') === 'recent' ? applySearch(qb, alias, q, search) : applyPage(qb, alias, q, tz);
  return walk ? applyWalk(qb, alias, q, tz, walk, walk.workspaceId) : applyPage(qb, alias, q, tz);
}

/** Cuts the extra row off and makes the next cursor. */
export function finishPage<T extends { id: number; updatedAt: Date }>(rows: T[], page: { limit: number; sort: SortMode }): Page<T> {
  if (page.sort === 'update') return finishTimePage(rows, page.limit, (r) => r.updatedAt);
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > page.limit && last ? encode([last.id]) : null };
}

/** Applies order, keyset condition and limit+1 to a query and runs it (by an index walk: `applyPageWalked`); `alias` must have id and updated_at. */
export async function paginate<T extends ObjectLiteral & { id: number; updatedAt: Date }>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  q: PageQuery,
  tz: string,
  walk: (PageWalk & { workspaceId: number }) | null = null,
  search: SearchTable | null = null,
): Promise<Page<T>> {
  const page = applyPageWalked(qb, alias, q, tz, walk, search);
  return finishPage(await qb.getMany(), page);
}

/**
 * `paginate` reading plain rows: `select` is the statement's column list (raw SQL on the query's aliases) and
 * `map` turns each row into what the page holds, so no entity is hydrated (TypeORM's hydration of every column
 * was the largest share of a list's CPU time). The filters, keyset, order and limit are `paginate`'s.
 */
export async function paginateRows<R, T extends { id: number; updatedAt: Date }>(
  qb: SelectQueryBuilder<ObjectLiteral>,
  alias: string,
  q: PageQuery,
  tz: string,
  walk: (PageWalk & { workspaceId: number }) | null,
  select: string,
  map: (row: R) => T,
  search: SearchTable | null = null,
): Promise<Page<T>> {
  const page = applyPageWalked(qb, alias, q, tz, walk, search);
  qb.select(select);
  return finishPage((await rawMany<R>(qb)).map(map), page);
}
