import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

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
