import { invalidFields } from '../../platform/common/errors';

/**
 * A connection's filter on the `data` of the events it subscribes to: conditions on dotted
 * paths into `data`, combined with `all` (every condition holds) or `any` (at least one does). Pure:
 * checked once at save (`parseEventFilter`), applied by the worker at dispatch (`matchesFilter`).
 */

export const FILTER_OPS = ['eq', 'in', 'not'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export const FILTER_MATCHES = ['all', 'any'] as const;
export type FilterMatch = (typeof FILTER_MATCHES)[number];

/** A value compared with a `data` field: JSON scalars only (objects and arrays are not compared). */
export type FilterScalar = string | number | boolean | null;

export interface FilterCondition {
  /** A dotted path into `data`: `stage`, `owner.id`. */
  field: string;
  op: FilterOp;
  /** A scalar for `eq` and `not`; a non-empty list of scalars for `in`. */
  value: FilterScalar | FilterScalar[];
}

export interface EventFilter {
  match: FilterMatch;
  conditions: FilterCondition[];
}

/** At most this many conditions, and this many values in one `in`. */
export const MAX_FILTER_CONDITIONS = 10;
export const MAX_FILTER_VALUES = 50;
const MAX_STRING = 200;
/** Lowercase snake_case segments (the `data` keys of spec 6.1), at most four deep. */
const PATH = /^[a-z_][a-z0-9_]{0,39}(\.[a-z_][a-z0-9_]{0,39}){0,3}$/;

type Problem = { field: string; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): v is FilterScalar =>
  v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= MAX_STRING);
const SCALAR_HINT = `must be a string (at most ${MAX_STRING} characters), a number, true, false or null`;

function checkCondition(raw: unknown, at: string, problems: Problem[]): FilterCondition | null {
  if (!isObject(raw)) {
    problems.push({ field: at, message: 'must be an object {field, op, value}' });
    return null;
  }
  const before = problems.length;
  for (const k of Object.keys(raw)) if (!['field', 'op', 'value'].includes(k)) problems.push({ field: `${at}.${k}`, message: 'unknown property; a condition has field, op and value' });
  const { field, op, value } = raw;
  if (typeof field !== 'string' || !PATH.test(field)) {
    problems.push({ field: `${at}.field`, message: 'must be a dotted path into data of lowercase names, e.g. stage or owner.id (at most 4 levels)' });
  }
  if (!(FILTER_OPS as readonly unknown[]).includes(op)) {
    problems.push({ field: `${at}.op`, message: `unknown operator ${typeof op === 'string' ? op.slice(0, 40) : JSON.stringify(op) ?? 'undefined'}; one of ${FILTER_OPS.join(', ')}` });
  } else if (op === 'in') {
    if (!Array.isArray(value)) problems.push({ field: `${at}.value`, message: 'must be a list of values for in' });
    else if (value.length === 0) problems.push({ field: `${at}.value`, message: 'must not be empty for in (a condition nothing matches)' });
    else if (value.length > MAX_FILTER_VALUES) problems.push({ field: `${at}.value`, message: `at most ${MAX_FILTER_VALUES} values` });
    else value.forEach((v, i) => isScalar(v) || problems.push({ field: `${at}.value[${i}]`, message: SCALAR_HINT }));
  } else if (!('value' in raw)) {
    problems.push({ field: `${at}.value`, message: 'is required' });
  } else if (!isScalar(value)) {
    problems.push({ field: `${at}.value`, message: `${SCALAR_HINT} for ${op as string}` });
  }
  if (problems.length > before) return null;
  return { field: field as string, op: op as FilterOp, value: op === 'in' ? [...new Set(value as FilterScalar[])] : (value as FilterScalar) };
}

/**
 * Checks a filter as sent (REST body, settings form): null or undefined means no filter. Throws 400
 * `invalid` naming each bad part (`filter.conditions[1].op: unknown operator gt; ...`).
 */
export function parseEventFilter(raw: unknown, name = 'filter'): EventFilter | null {
  if (raw === null || raw === undefined) return null;
  const problems: Problem[] = [];
  if (!isObject(raw)) throw invalidFields([{ field: name, message: 'must be an object {match, conditions} or null' }]);
  for (const k of Object.keys(raw)) if (!['match', 'conditions'].includes(k)) problems.push({ field: `${name}.${k}`, message: 'unknown property; a filter has match and conditions' });
  const match = raw.match ?? 'all';
  if (!(FILTER_MATCHES as readonly unknown[]).includes(match)) problems.push({ field: `${name}.match`, message: `must be one of ${FILTER_MATCHES.join(', ')}` });
  const list = raw.conditions;
  const conditions: FilterCondition[] = [];
  if (!Array.isArray(list)) problems.push({ field: `${name}.conditions`, message: 'must be a list of conditions' });
  else if (list.length === 0) problems.push({ field: `${name}.conditions`, message: 'must hold at least one condition (send filter: null for no filter)' });
  else if (list.length > MAX_FILTER_CONDITIONS) problems.push({ field: `${name}.conditions`, message: `at most ${MAX_FILTER_CONDITIONS} conditions (found ${list.length})` });
  else list.forEach((c, i) => {
    const ok = checkCondition(c, `${name}.conditions[${i}]`, problems);
    if (ok) conditions.push(ok);
  });
  if (problems.length) throw invalidFields(problems);
  return { match: match as FilterMatch, conditions };
}

/** The value at a dotted path of `data` (own properties of objects only); undefined when absent. */
export function valueAt(data: unknown, path: string): unknown {
  let v: unknown = data;
  for (const key of path.split('.')) {
    if (!isObject(v) || !Object.hasOwn(v, key)) return undefined;
    v = v[key];
  }
  return v;
}

/** Strict JSON equality of scalars: 3 is not "3". A missing field equals nothing (not even null). */
const same = (a: unknown, b: FilterScalar): boolean => a !== undefined && a === b;

export function conditionHolds(c: FilterCondition, data: unknown): boolean {
  const v = valueAt(data, c.field);
  switch (c.op) {
    case 'eq':
      return same(v, c.value as FilterScalar);
    case 'in':
      return (c.value as FilterScalar[]).some((x) => same(v, x));
    case 'not':
      return !same(v, c.value as FilterScalar);
  }
}

/** Whether an event's `data` passes a connection's filter; no filter passes everything. */
export function matchesFilter(filter: EventFilter | null | undefined, data: unknown): boolean {
  if (!filter || !filter.conditions.length) return true;
  return filter.match === 'any' ? filter.conditions.some((c) => conditionHolds(c, data)) : filter.conditions.every((c) => conditionHolds(c, data));
}

/** One line for the connection card: `all of: stage in [Win, Lost]; owner.id = 3`. */
export function describeFilter(filter: EventFilter | null | undefined): string {
  if (!filter || !filter.conditions.length) return '';
  const show = (v: FilterScalar) => (typeof v === 'string' ? v : JSON.stringify(v));
  const parts = filter.conditions.map((c) =>
    c.op === 'in' ? `${c.field} in [${(c.value as FilterScalar[]).map(show).join(', ')}]` : `${c.field} ${c.op === 'eq' ? '=' : '≠'} ${show(c.value as FilterScalar)}`,
  );
  return parts.length === 1 ? parts[0]! : `${filter.match === 'any' ? 'any of' : 'all of'}: ${parts.join('; ')}`;
}

/**
 * A filter naming a field none of the subscribed kinds carries would silently drop every event: 400
 * naming the condition and the fields there are (`fieldsOf` gives a kind's top-level `data` fields).
 */
export function checkFilterFields(filter: EventFilter | null, events: readonly string[], fieldsOf: (event: string) => readonly string[], name = 'filter'): void {
  if (!filter) return;
  const known = new Set(events.flatMap(fieldsOf));
  const problems: Problem[] = [];
  filter.conditions.forEach((c, i) => {
    const top = c.field.split('.')[0]!;
    if (!known.has(top)) problems.push({ field: `${name}.conditions[${i}].field`, message: `${top} is not a data field of the subscribed events (${[...known].join(', ')})` });
  });
  if (problems.length) throw invalidFields(problems);
}
