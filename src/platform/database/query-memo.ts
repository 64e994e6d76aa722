import { EntityMetadata, type DataSource, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { QueryExpressionMap } from 'typeorm/query-builder/QueryExpressionMap';

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
export const queryMemo = { check: false, limit: 2_000, hits: 0, misses: 0, fast: 0 };

const memos = new WeakMap<object, Map<string, string>>();
const fnIds = new WeakMap<object, number>();
let nextFn = 0;

/** Expression map fields that are not part of the statement's text (or refer back to the builder or the connection). */
const SKIP = new Set(['dataSource', 'connection', 'queryExpressionMap', 'parameters', 'nativeParameters', 'locallyGenerated', 'relationCache', 'relationEvaluated', 'isSelectedCache', 'isSelectedEvaluated']);

const fnId = (value: object): number => {
  let id = fnIds.get(value);
  if (id === undefined) fnIds.set(value, (id = ++nextFn));
  return id;
};

function replacer(key: string, value: unknown): unknown {
  if (SKIP.has(key)) return undefined;
  if (typeof value === 'function') return `fn#${fnId(value)}`;
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
  const fast = fastKey(qb.expressionMap as unknown as Record<string, unknown>, defaultsOf(qb.connection));
  if (fast !== null) {
    queryMemo.fast++;
    return fast;
  }
  try {
    return JSON.stringify(qb.expressionMap, replacer);
  } catch {
    return null; // a cycle or a BigInt: built as before
  }
}

/*
 * The fast key. JSON.stringify with a replacer function calls back into JavaScript for every field of the map: 45 µs
 * of a people list request and 113 µs of an opportunity list's on a slow host, the largest item of our own in their
 * profiles (docs/performance.md, "Framework share"). Our builders set a handful of fields (aliases, selects, wheres,
 * order, limits); when every other field holds the value a new expression map has, the key is those few fields
 * written by hand ('F…'; the full key starts with '{'). Any value of a shape not foreseen here (a CTE, a lock, a
 * GROUP BY, DISTINCT) takes the full key: the fast one is exact or absent, never a guess.
 */
const WRITTEN = new Set(['aliases', 'mainAlias', 'selects', 'wheres', 'orderBys', 'joinAttributes', 'take', 'skip', 'limit', 'offset', 'queryEntity']);
const EMPTY_ARRAY = Symbol('[]');
const EMPTY_OBJECT = Symbol('{}');
const UNUSABLE = Symbol('not a default the fast key can compare');
const defaultsByConnection = new WeakMap<object, Map<string, unknown>>();

/** What a new expression map of this connection holds in the fields the fast key does not write. */
function defaultsOf(connection: DataSource): Map<string, unknown> {
  let defaults = defaultsByConnection.get(connection);
  if (defaults) return defaults;
  defaults = new Map();
  const fresh = new QueryExpressionMap(connection) as unknown as Record<string, unknown>;
  for (const k of Object.keys(fresh)) {
    if (SKIP.has(k) || WRITTEN.has(k)) continue;
    const v = fresh[k];
    if (v === null || typeof v !== 'object') defaults.set(k, v);
    else if (Array.isArray(v)) defaults.set(k, v.length ? UNUSABLE : EMPTY_ARRAY);
    else defaults.set(k, Object.keys(v).length || Object.getPrototypeOf(v) !== Object.prototype ? UNUSABLE : EMPTY_OBJECT);
  }
  defaultsByConnection.set(connection, defaults);
  return defaults;
}

function fastKey(map: Record<string, unknown>, defaults: Map<string, unknown>): string | null {
  for (const k of Object.keys(map)) {
    if (SKIP.has(k) || WRITTEN.has(k)) continue;
    const v = map[k];
    const d = defaults.get(k);
    if (d === EMPTY_ARRAY) {
      if (!Array.isArray(v) || v.length) return null;
    } else if (d === EMPTY_OBJECT) {
      if (v === null || typeof v !== 'object' || Object.keys(v).length) return null;
    } else if (d === UNUSABLE || v !== d) return null; // a field a new map lacks (d undefined) must be undefined too
  }
  const out: string[] = ['F', map.queryEntity ? 'e' : 'r', num(map.take), num(map.skip), num(map.limit), num(map.offset)];
  if (!Array.isArray(map.aliases) || !aliases(map.aliases, out) || !alias(map.mainAlias, out)) return null;
  if (!Array.isArray(map.selects) || !selects(map.selects, out)) return null;
  if (!Array.isArray(map.joinAttributes) || !joins(map.joinAttributes, out)) return null;
  if (!Array.isArray(map.wheres) || !wheres(map.wheres, out)) return null;
  return orderBys(map.orderBys, out) ? out.join('') : null;
}

const num = (v: unknown): string => (v === undefined ? '_' : typeof v === 'number' ? `${v};` : '?');
const text = (v: string): string => `${v.length}:${v}`;

const optText = (v: unknown): string | null => (v === undefined ? '_' : typeof v === 'string' ? text(v) : null);

/** `x` as an object whose set fields are all among `fields` (SKIP's too), or null. */
function only(x: unknown, fields: ReadonlySet<string>): Record<string, unknown> | null {
  if (x === null || typeof x !== 'object') return null;
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o)) if (o[k] !== undefined && !fields.has(k) && !SKIP.has(k)) return null;
  return o;
}
const ALIAS_FIELDS = new Set(['type', 'name', '_metadata', 'tablePath', 'subQuery']);
const JOIN_FIELDS = new Set(['direction', 'entityOrProperty', 'condition', 'mapToProperty', 'isMappingMany', 'alias']);
const SELECT_FIELDS = new Set(['selection', 'aliasName']);
const WHERE_FIELDS = new Set(['type', 'condition']);

/** An alias: its type, name, entity, table and the subquery standing for it (a list's page of ids); nothing else. */
function alias(a: unknown, out: string[]): boolean {
  if (a === undefined) {
    out.push('-');
    return true;
  }
  const o = only(a, ALIAS_FIELDS);
  if (!o) return false;
  const m = o._metadata;
  const table = optText(o.tablePath);
  const sub = optText(o.subQuery);
  if (typeof o.type !== 'string' || typeof o.name !== 'string' || table === null || sub === null) return false;
  if (m === undefined) out.push('a', text(o.type), text(o.name), '-', table, sub);
  else if (m instanceof EntityMetadata) out.push('a', text(o.type), text(o.name), text(m.name), text(m.tablePath), `f${fnId(m.target as object)};`, table, sub);
  else return false;
  return true;
}

/** Joins: direction, what is joined (a table or entity, or a relation's path), its alias, condition and mapping. */
function joins(list: unknown[], out: string[]): boolean {
  out.push(`J${list.length};`);
  for (const x of list) {
    const o = only(x, JOIN_FIELDS);
    if (!o) return false;
    const what = typeof o.entityOrProperty === 'function' ? `f${fnId(o.entityOrProperty)};` : optText(o.entityOrProperty);
    const condition = optText(o.condition);
    const mapTo = optText(o.mapToProperty);
    if (typeof o.direction !== 'string' || what === null || condition === null || mapTo === null || (o.isMappingMany !== undefined && typeof o.isMappingMany !== 'boolean')) return false;
    out.push(text(o.direction), what, condition, mapTo, o.isMappingMany === undefined ? '_' : o.isMappingMany ? 'T' : 'F');
    if (!alias(o.alias, out)) return false;
  }
  return true;
}

function aliases(list: unknown[], out: string[]): boolean {
  out.push(`A${list.length};`);
  for (const a of list) if (!alias(a, out)) return false;
  return true;
}

/** A select: its text and alias name, nothing else. */
function selects(list: unknown[], out: string[]): boolean {
  out.push(`S${list.length};`);
  for (const x of list) {
    const o = only(x, SELECT_FIELDS);
    if (!o || typeof o.selection !== 'string' || (o.aliasName !== undefined && typeof o.aliasName !== 'string')) return false;
    out.push(text(o.selection), o.aliasName === undefined ? '_' : text(o.aliasName as string));
  }
  return true;
}

/** Conditions: a type and a text, or brackets of conditions. */
function wheres(list: unknown[], out: string[]): boolean {
  out.push(`W${list.length};`);
  for (const x of list) {
    const o = only(x, WHERE_FIELDS);
    if (!o || typeof o.type !== 'string') return false;
    out.push(text(o.type));
    if (typeof o.condition === 'string') out.push(text(o.condition));
    else if (!Array.isArray(o.condition) || !wheres(o.condition, out)) return false;
  }
  return true;
}

/** The order: column and direction, with NULLS FIRST / LAST when given. */
function orderBys(v: unknown, out: string[]): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  out.push(`O${keys.length};`);
  for (const k of keys) {
    const x = o[k];
    if (typeof x === 'string') out.push(text(k), text(x));
    else if (x !== null && typeof x === 'object' && Object.keys(x).every((f) => f === 'order' || f === 'nulls')) {
      const { order, nulls } = x as { order?: unknown; nulls?: unknown };
      if (typeof order !== 'string' || (nulls !== undefined && typeof nulls !== 'string')) return false;
      out.push(text(k), '{', text(order), nulls === undefined ? '_' : text(nulls as string));
    } else return false;
  }
  return true;
}
