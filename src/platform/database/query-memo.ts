import { EntityMetadata, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';

/**
 * The SQL text of tenant query builders, kept per shape. TypeORM builds a builder's text anew on every
 * `getQuery()` (select list, joins, where, and a regular expression over the whole statement for property
 * names): most of a list statement's CPU on our side. The text depends only on the builder's expression map
 * (never on parameter values: `:name` stays a name until escaping, which still runs per call), so the
 * expression map, serialized without its parameters, is the key. Builders with find options, or whose map
 * cannot be serialized, are built as before.
 *
 * `queryMemo.check` (set by the test suite): every call builds the text and compares it with the kept one,
 * so each query of the e2e suite proves that equal keys mean equal statements.
 */
export const queryMemo = { check: false, limit: 2_000, hits: 0, misses: 0 };

const memos = new WeakMap<object, Map<string, string>>();
const fnIds = new WeakMap<object, number>();
let nextFn = 0;

/** Expression map fields that are not part of the statement's text (or refer back to the builder or the connection). */
const SKIP = new Set(['dataSource', 'connection', 'queryExpressionMap', 'parameters', 'nativeParameters', 'locallyGenerated', 'relationCache', 'relationEvaluated', 'isSelectedCache', 'isSelectedEvaluated']);

function replacer(key: string, value: unknown): unknown {
  if (SKIP.has(key)) return undefined;
  if (typeof value === 'function') {
    let id = fnIds.get(value);
    if (id === undefined) fnIds.set(value, (id = ++nextFn));
    return `fn#${id}`;
  }
  // an entity's metadata: named by its target and table
  if (value instanceof EntityMetadata) return `meta:${value.name}:${value.tablePath}:${String(replacer('', value.target))}`;
  return value;
}

export function memoizeQuery<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const build = qb.getQuery.bind(qb);
  qb.getQuery = () => {
    const key = keyOf(qb);
    if (key === null) return build();
    let memo = memos.get(qb.connection);
    if (!memo) memos.set(qb.connection, (memo = new Map()));
    const kept = memo.get(key);
    if (kept !== undefined) queryMemo.hits++;
    else queryMemo.misses++;
    if (kept !== undefined && !queryMemo.check) return kept;
    const sql = build();
    if (kept !== undefined && kept !== sql) throw new Error(`query memo: one key, two statements:\n${kept}\n${sql}`);
    if (kept === undefined) {
      if (memo.size >= queryMemo.limit) memo.clear();
      memo.set(key, sql);
    }
    return sql;
  };
  return qb;
}

function keyOf(qb: SelectQueryBuilder<ObjectLiteral>): string | null {
  const findOptions = (qb as unknown as { findOptions?: object }).findOptions;
  if (findOptions && Object.keys(findOptions).length) return null;
  try {
    return JSON.stringify(qb.expressionMap, replacer);
  } catch {
    return null; // a cycle or a BigInt: built as before
  }
}
