import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { TenantDb } from '../../../platform/database/tenant-db';

/**
 * `LEFT JOIN LATERAL <subquery> alias ON true`, mapped onto `property` as one `entity` (TypeORM has no
 * lateral join): the join is declared on the entity, so its columns are selected and hydrated as usual,
 * and the table it reads is replaced by `subquery`, which must return that entity's columns (`SELECT x.*`)
 * and may refer to the outer aliases. Used for "the newest child of each row of a page" with
 * `ORDER BY id DESC LIMIT 1` on the child's index: one index probe per row of the page, whatever the
 * planner's statistics, where a correlated `max(id)` join condition let it hash every child row first.
 */
export function leftJoinLateralAndMapOne<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, property: string, entity: Function, alias: string, subquery: string): SelectQueryBuilder<T> {
  qb.leftJoinAndMapOne(property, entity, alias, 'true');
  const join = qb.expressionMap.joinAttributes[qb.expressionMap.joinAttributes.length - 1]!;
  join.alias.subQuery = `LATERAL (${subquery})`;
  return qb;
}

/**
 * `LEFT JOIN LATERAL <subquery> alias ON true` without selecting or mapping anything: the caller selects the
 * columns it needs of `alias` (the subquery's own columns) and reads raw rows. `entity` only names the join for
 * TypeORM; `subquery` may return any columns and refer to the outer aliases.
 */
export function leftJoinLateral<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, entity: Function, alias: string, subquery: string): SelectQueryBuilder<T> {
  qb.leftJoin(entity, alias, 'true');
  const join = qb.expressionMap.joinAttributes[qb.expressionMap.joinAttributes.length - 1]!;
  join.alias.subQuery = `LATERAL (${subquery})`;
  return qb;
}

/**
 * Makes the main alias of `qb` read only the rows of `table` whose ids `idsSql` selects (one column, `id`):
 * `FROM (SELECT r.* FROM (<ids>) k(id) CROSS JOIN LATERAL (SELECT x.* FROM <table> x WHERE x.workspace_id = :ws
 * AND x.id = k.id LIMIT 1) r) alias`, so each row is one probe of the table's (workspace_id, id) key. The
 * entity is hydrated as usual (the alias keeps its metadata). `id = ANY(...)` or a join to the ids left the
 * planner a choice, and without statistics it scanned the workspace through another index instead.
 */
export function fromRowsByKeys<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, table: string, idsSql: string, workspaceId: number): SelectQueryBuilder<T> {
  const map = qb.expressionMap;
  // a clone shares its original's main alias object (QueryExpressionMap.clone); its own copy is in `aliases`
  const main = map.aliases.find((a) => a.name === map.mainAlias!.name) ?? map.mainAlias!;
  map.mainAlias = main;
  main.subQuery =
    `(SELECT r.* FROM (${idsSql}) k(id) CROSS JOIN LATERAL (SELECT x.* FROM ${table} x WHERE x.workspace_id = :pgKeysWs AND x.id = k.id LIMIT 1) r)`;
  return qb.setParameter('pgKeysWs', workspaceId);
}

/**
 * `id → name` of the given rows of `table` (a tenant table with a `name` column): one probe of its
 * (workspace_id, id) key per id. `id IN (...)` let the planner, without statistics, read the workspace's
 * rows through another index. With `visible` (owner ids; null = all), a row whose owner the reader may not
 * see has no name, as if it were gone: a linked record the reader cannot open is not named to them either.
 */
export async function namesByIds(db: TenantDb, table: 'companies' | 'people' | 'opportunities', ids: number[], visible: number[] | null = null): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.sql<{ id: number; name: string; owner_id: number }>(
    `SELECT x.id, x.name, x.owner_id FROM unnest($2::int[]) AS k(id) CROSS JOIN LATERAL (SELECT x1.id, x1.name, x1.owner_id FROM ${table} x1 WHERE x1.workspace_id = $1 AND x1.id = k.id LIMIT 1) x`,
    [ids],
  );
  const seen = visible === null ? null : new Set(visible);
  return new Map(rows.filter((r) => seen === null || seen.has(Number(r.owner_id))).map((r) => [Number(r.id), r.name]));
}

/** The names of the companies, people and opportunities a page of records links to (`id → name` each). */
export interface LinkNames {
  companies: Map<number, string>;
  people: Map<number, string>;
  opps: Map<number, string>;
}

/**
 * The linked records' names of a page: at most one `namesByIds` query per kind (none for a kind without
 * ids), so a list costs the same whatever its length. A name is missing from its map when the record is gone or
 * when its owner is not among `visible` (the reader's visible owner ids; null = all, for an admin or the system).
 */
export async function linkNames(
  db: TenantDb,
  links: { companies?: (number | null)[]; people?: (number | null)[]; opps?: (number | null)[] },
  visible: number[] | null,
): Promise<LinkNames> {
  const ids = (xs: (number | null)[] | undefined): number[] => [...new Set((xs ?? []).filter((x): x is number => x !== null))];
  // one after the other: inside a transaction the queries share one connection anyway
  const companies = await namesByIds(db, 'companies', ids(links.companies), visible);
  const people = await namesByIds(db, 'people', ids(links.people), visible);
  const opps = await namesByIds(db, 'opportunities', ids(links.opps), visible);
  return { companies, people, opps };
}

/** A linked record's name: null without a link, '' when the record no longer exists. */
export const nameOf = (names: Map<number, string>, id: number | null): string | null => (id === null ? null : (names.get(id) ?? ''));
