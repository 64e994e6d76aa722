import { DomainError } from '../../platform/common/errors';
import { CORE_USER, ENTERPRISE_USER } from './scim.schemas';
import { Filter as ScimAst, parse as parseScimFilter } from 'scim2-parse-filter';

/**
 * SCIM filters (RFC 7644 §3.4.2.2) and PATCH paths (§3.5.2), both parsed by `scim2-parse-filter` and
 * converted to this module's tree: attribute expressions, `pr`, the nine comparison operators, `and` /
 * `or` / `not`, parentheses, value paths `emails[type eq "work"]`, PATCH paths `attr[filter].sub` and
 * URN-prefixed paths. Also here: the evaluator of a filter against a plain object (PATCH value selection)
 * and the one directory lookup a filter may ask for. Keywords and attribute names are case-insensitive.
 * Accepted because Microsoft Entra sends it: `emails[type eq "work"].value eq "a@b.c"` (the library reads
 * it as the value path `and` the sub-attribute comparison).
 *
 * Bounded: at most MAX_FILTER_LENGTH characters and MAX_DEPTH nested groups, checked before the library's
 * recursive parser runs (hostile input is a 400 `invalidFilter` / `invalidPath`, never a stack overflow).
 */

export const MAX_FILTER_LENGTH = 2000;
const MAX_DEPTH = 20;

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'lt' | 'ge' | 'le';
const COMPARE_OPS = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le']);
export type FilterValue = string | number | boolean | null;

export interface AttrPath {
  /** Schema URN the path was qualified with (lower-cased), or null. */
  uri: string | null;
  name: string;
  sub: string | null;
  /** Value filter of a multi-valued attribute: `emails[type eq "work"].value`. */
  where?: Filter;
}

export type Filter =
  | { kind: 'cmp'; path: AttrPath; op: CompareOp; value: FilterValue }
  | { kind: 'pr'; path: AttrPath }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter };

const ATTR_NAME = /^[A-Za-z$][A-Za-z0-9_$-]*$/;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export const invalidFilter = (detail: string): DomainError => new DomainError('invalid', `filter: ${detail}`, { scimType: 'invalidFilter' });
export const invalidPath = (detail: string): DomainError => new DomainError('invalid', `path: ${detail}`, { scimType: 'invalidPath' });

/** `urn:…:User:name.givenName`, `emails`, `name.familyName` → {uri, name, sub}. */
export function parseAttrPath(word: string, fail: (d: string) => DomainError): AttrPath {
  let uri: string | null = null;
  let rest = word;
  if (/^urn:/i.test(word)) {
    const cut = word.lastIndexOf(':');
    uri = word.slice(0, cut).toLowerCase();
    rest = word.slice(cut + 1);
  }
  const parts = rest.split('.');
  if (parts.length > 2 || parts.some((p) => !ATTR_NAME.test(p) || FORBIDDEN.has(p.toLowerCase()))) throw fail(`${JSON.stringify(word)} is not an attribute path`);
  return { uri, name: parts[0]!, sub: parts[1] ?? null };
}

/**
 * A filter expression (query parameter `filter`), parsed by `scim2-parse-filter` (RFC 7644 §3.4.2.2
 * grammar, operators case-insensitive) and converted to this module's tree; 400 `invalidFilter` when it
 * does not parse. Attribute paths go through `parseAttrPath` (schema URN, sub-attribute, name rules).
 */
export function parseFilter(text: string): Filter {
  if (text.length > MAX_FILTER_LENGTH) throw invalidFilter(`longer than ${MAX_FILTER_LENGTH} characters`);
  if (!text.trim()) throw invalidFilter('empty');
  return fromAst(parseBounded(text, invalidFilter), 0, invalidFilter);
}

type Fail = (detail: string) => DomainError;

/** The library's parse of `text`, after the nesting bound; its errors become `fail`. */
function parseBounded(text: string, fail: Fail): ScimAst {
  if (nesting(text) > MAX_DEPTH) throw fail(`nested deeper than ${MAX_DEPTH}`);
  try {
    return parseScimFilter(text);
  } catch (e) {
    throw fail(e instanceof Error ? e.message.slice(0, 200) : 'does not parse');
  }
}

/** Deepest bracket nesting outside string literals (the parser recurses per level). */
function nesting(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '(' || ch === '[') max = Math.max(max, ++depth);
    else if (ch === ')' || ch === ']') depth--;
  }
  return max;
}

function fromAst(f: ScimAst, depth: number, fail: Fail): Filter {
  if (depth > MAX_DEPTH) throw fail(`nested deeper than ${MAX_DEPTH}`);
  switch (f.op) {
    case 'and':
    case 'or': {
      const parts = f.filters.map((x) => fromAst(x, depth + 1, fail));
      if (parts.length === 0) throw fail('empty logical expression');
      return parts.reduce((left, right) => ({ kind: f.op, left, right }));
    }
    case 'not':
      return { kind: 'not', filter: fromAst(f.filter, depth + 1, fail) };
    case '[]':
      // `emails[type eq "work"]`: a value filter of a multi-valued attribute (true when an element matches)
      return { kind: 'pr', path: { ...parseAttrPath(f.attrPath, fail), where: fromAst(f.valFilter, depth + 1, fail) } };
    case 'pr':
      return { kind: 'pr', path: parseAttrPath(f.attrPath, fail) };
    default: {
      const op = String(f.op).toLowerCase();
      if (!COMPARE_OPS.has(op)) throw fail(`unknown operator ${String(f.op).slice(0, 20)}`);
      return { kind: 'cmp', path: parseAttrPath(f.attrPath, fail), op: op as CompareOp, value: f.compValue };
    }
  }
}

/** `].sub` at the end of a PATCH path (`emails[type eq "work"].value`): the library has no grammar for it alone. */
const SUB_AFTER_FILTER = /\]\s*\.([^\s\]]*)$/;

/** A JSON literal where a PATCH path needs an attribute name. */
const LITERAL = /^(true|false|null)$/i;

/**
 * A PATCH `path` (RFC 7644 §3.5.2); 400 `invalidPath` when it does not parse. The known schema URNs are
 * taken off first (they contain dots). A bare `attr.sub` follows the attribute-path rules of filters
 * (`parseAttrPath`); `attr[filter]` is a value path the filter parser reads as it stands, and a
 * sub-attribute after it (`].value`, for which the library has no grammar alone) is taken off before.
 */
export function parsePatchPath(text: string): AttrPath {
  if (text.length > MAX_FILTER_LENGTH) throw invalidPath(`longer than ${MAX_FILTER_LENGTH} characters`);
  let uri: string | null = null;
  let body = text.trim();
  // the schema URN may contain dots ("2.0"): take it off first, by the known schemas
  for (const known of [ENTERPRISE_USER, CORE_USER]) {
    // the whole extension as the target: `urn:…:enterprise:2.0:User`
    if (body.toLowerCase() === known.toLowerCase()) return { uri: known.toLowerCase(), name: '', sub: null };
    if (body.toLowerCase().startsWith(`${known.toLowerCase()}:`)) {
      uri = known.toLowerCase();
      body = body.slice(known.length + 1);
      break;
    }
  }
  const quoted = JSON.stringify(text.slice(0, 200));
  const attribute = (word: string): AttrPath => {
    if (LITERAL.test(word)) throw invalidPath(`expected an attribute name in ${quoted}`);
    const path = parseAttrPath(word, invalidPath);
    if (path.uri !== null) throw invalidPath(`unknown schema in ${quoted}`);
    return { ...path, uri };
  };
  if (uri === null && /^urn:/i.test(body)) throw invalidPath(`unknown schema in ${quoted}`);
  const subMatch = SUB_AFTER_FILTER.exec(body);
  const head = subMatch ? body.slice(0, subMatch.index + 1) : body;
  if (!head.endsWith(']')) return attribute(head);
  const ast = parseBounded(head, invalidPath);
  if (ast.op !== '[]') throw invalidPath(`unexpected input in ${quoted}`);
  const path = attribute(ast.attrPath);
  if (path.sub) throw invalidPath(`a value filter follows a multi-valued attribute, not ${JSON.stringify(ast.attrPath)}`);
  const where = fromAst(ast.valFilter, 1, invalidPath);
  if (!subMatch) return { ...path, where };
  const sub = subMatch[1]!;
  if (!ATTR_NAME.test(sub) || FORBIDDEN.has(sub.toLowerCase())) throw invalidPath(`${JSON.stringify(`.${sub}`)} is not a sub-attribute`);
  return { ...path, where, sub };
}

/** Own property of `obj` whose name equals `name` ignoring case (attribute names are case-insensitive). */
export function keyOf(obj: Record<string, unknown>, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower);
}

function valueAt(obj: unknown, path: AttrPath): unknown {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const rec = obj as Record<string, unknown>;
  const k = keyOf(rec, path.name);
  let v = k === undefined ? undefined : rec[k];
  if (path.sub !== null) {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const sk = keyOf(v as Record<string, unknown>, path.sub);
    v = sk === undefined ? undefined : (v as Record<string, unknown>)[sk];
  }
  return v;
}

function compare(actual: unknown, op: CompareOp, expected: FilterValue): boolean {
  if (Array.isArray(actual)) return actual.some((a) => compare(a, op, expected));
  if (expected === null) return op === 'eq' ? actual === null || actual === undefined : op === 'ne' ? actual !== null && actual !== undefined : false;
  if (actual === undefined || actual === null) return op === 'ne';
  if (typeof expected === 'boolean') return op === 'eq' ? actual === expected : op === 'ne' ? actual !== expected : false;
  if (typeof expected === 'number') {
    if (typeof actual !== 'number') return op === 'ne';
    return { eq: actual === expected, ne: actual !== expected, gt: actual > expected, lt: actual < expected, ge: actual >= expected, le: actual <= expected, co: false, sw: false, ew: false }[op];
  }
  if (typeof actual !== 'string') return op === 'ne';
  // string attributes of the User schema are caseExact false (except id, which is compared as given)
  const a = actual.toLowerCase();
  const e = expected.toLowerCase();
  return { eq: a === e, ne: a !== e, co: a.includes(e), sw: a.startsWith(e), ew: a.endsWith(e), gt: a > e, lt: a < e, ge: a >= e, le: a <= e }[op];
}

/** Does `obj` (an element of a multi-valued attribute, or a resource) satisfy the filter? */
export function matches(filter: Filter, obj: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH * 4) return false;
  switch (filter.kind) {
    case 'and':
      return matches(filter.left, obj, depth + 1) && matches(filter.right, obj, depth + 1);
    case 'or':
      return matches(filter.left, obj, depth + 1) || matches(filter.right, obj, depth + 1);
    case 'not':
      return !matches(filter.filter, obj, depth + 1);
    case 'pr': {
      const v = valueAt(obj, filter.path);
      return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
    }
    case 'cmp':
      return compare(valueAt(obj, filter.path), filter.op, filter.value);
  }
}

/** The user lookups the directory serves (spec 4.11 and what Entra sends). */
export type DirectoryLookup = { field: 'id' | 'userName' | 'externalId' | 'email'; value: string };

const USER_URIS = new Set([CORE_USER.toLowerCase()]);

/**
 * The one lookup a parsed filter asks for: `userName eq`, `id eq`, `externalId eq`, `emails eq`,
 * `emails.value eq`, `emails[type eq "work"].value eq` or `emails[value eq …]`. Anything else is 400
 * `invalidFilter` (the directory is not a general query engine).
 */
export function toLookup(filter: Filter): DirectoryLookup {
  const unsupported = () => invalidFilter('supported filters are userName eq "…", id eq "…", externalId eq "…" and emails[type eq "work"].value eq "…"');
  if (filter.kind === 'pr' && filter.path.where && filter.path.name.toLowerCase() === 'emails' && (filter.path.uri === null || USER_URIS.has(filter.path.uri))) {
    const inner = filter.path.where;
    if (inner.kind === 'cmp' && inner.op === 'eq' && inner.path.name.toLowerCase() === 'value' && !inner.path.sub && typeof inner.value === 'string') return { field: 'email', value: inner.value };
    if (inner.kind === 'and') {
      for (const side of [inner.left, inner.right]) {
        if (side.kind === 'cmp' && side.op === 'eq' && side.path.name.toLowerCase() === 'value' && typeof side.value === 'string') return { field: 'email', value: side.value };
      }
    }
    throw unsupported();
  }
  if (filter.kind === 'and') {
    // `emails[type eq "work"].value eq "x"` parses as emails[type eq "work"] and emails.value eq "x"
    const [l, r] = [filter.left, filter.right];
    const isEmails = (x: Filter) => x.kind === 'pr' && !!x.path.where && x.path.name.toLowerCase() === 'emails';
    const onEmails = (x: Filter) => x.kind === 'cmp' && x.path.name.toLowerCase() === 'emails';
    if (isEmails(l) && onEmails(r)) return toLookup(r);
    if (isEmails(r) && onEmails(l)) return toLookup(l);
  }
  if (filter.kind !== 'cmp' || filter.op !== 'eq') throw unsupported();
  const { path, value } = filter;
  if (path.uri !== null && !USER_URIS.has(path.uri)) throw unsupported();
  if (typeof value !== 'string' && !(typeof value === 'number' && path.name.toLowerCase() === 'id')) throw invalidFilter(`compare ${path.name} with a string`);
  const text = String(value);
  const name = path.name.toLowerCase();
  if (!path.where && !path.sub) {
    if (name === 'username') return { field: 'userName', value: text };
    if (name === 'id') return { field: 'id', value: text };
    if (name === 'externalid') return { field: 'externalId', value: text };
    if (name === 'emails') return { field: 'email', value: text };
  }
  if (name === 'emails' && path.sub?.toLowerCase() === 'value') return { field: 'email', value: text };
  throw unsupported();
}
