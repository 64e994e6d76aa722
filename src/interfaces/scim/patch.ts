import { DomainError } from '../../platform/common/errors';
import { AttrPath, Filter, keyOf, matches, parsePatchPath } from './filter';
import { CORE_USER, ENTERPRISE_USER } from './scim.schemas';

/**
 * SCIM PATCH (RFC 7644 §3.5.2) applied to a resource as plain JSON; the result is then read like a PUT
 * body, so PATCH and PUT share one set of attribute rules. Accepted as Okta and Microsoft Entra send it:
 * `op` in any letter case (`Replace`), operations without `path` whose `value` holds attributes
 * (`name.givenName`, the enterprise URN as a key or as a prefix), value filters with a sub-attribute
 * (`emails[type eq "work"].value`). Decisions where the RFC leaves room (docs/decisions/scim.md):
 * - `add` / `replace` through a value filter that matches nothing adds an element built from the filter's
 *   `eq` conditions (Entra adds a work phone that way); a filter that is not such a condition is `noTarget`;
 * - `remove` of something that is not there changes nothing;
 * - complex attributes are merged on `add` and `replace`; multi-valued ones appended on `add`, replaced
 *   on `replace`.
 * Guarded: never writes `__proto__`, `constructor` or `prototype`; at most MAX_OPERATIONS operations.
 */

export const MAX_OPERATIONS = 1000;
type Op = 'add' | 'remove' | 'replace';
type Json = Record<string, unknown>;

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const READ_ONLY = new Set(['id', 'meta', 'schemas']);
const ENT = ENTERPRISE_USER.toLowerCase();

const syntax = (detail: string) => new DomainError('invalid', detail, { scimType: 'invalidSyntax' });
const noTarget = (detail: string) => new DomainError('invalid', detail, { scimType: 'noTarget' });
const mutability = (detail: string) => new DomainError('invalid', detail, { scimType: 'mutability' });
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function safeKey(key: string): string {
  if (FORBIDDEN.has(key.toLowerCase())) throw new DomainError('invalid', `path: ${key} is not an attribute`, { scimType: 'invalidPath' });
  return key;
}

/** A copy of a JSON value, refusing prototype keys at any depth. */
function clone(v: unknown, depth = 0): unknown {
  if (depth > 40) throw syntax('value: nested too deeply');
  if (Array.isArray(v)) return v.map((x) => clone(x, depth + 1));
  if (isObject(v)) {
    const out: Json = {};
    for (const [k, x] of Object.entries(v)) out[safeKey(k)] = clone(x, depth + 1);
    return out;
  }
  return v;
}

function set(obj: Json, name: string, value: unknown): void {
  obj[keyOf(obj, name) ?? safeKey(name)] = value;
}

function merge(target: Json, value: Json): Json {
  const out: Json = { ...target };
  for (const [k, v] of Object.entries(value)) set(out, k, v);
  return out;
}

/** Element for a value filter that matched nothing: its `eq` conditions (`type eq "work"`), or null. */
function elementOf(filter: Filter): Json | null {
  if (filter.kind === 'cmp' && filter.op === 'eq' && !filter.path.sub && !filter.path.where && filter.value !== null) return { [safeKey(filter.path.name)]: filter.value };
  if (filter.kind === 'and') {
    const l = elementOf(filter.left);
    const r = elementOf(filter.right);
    return l && r ? { ...l, ...r } : null;
  }
  return null;
}

/** `add` / `replace` / `remove` through a value filter: `emails[type eq "work"]`, `emails[type eq "work"].value`. */
function applyThroughFilter(container: Json, key: string, op: Op, path: AttrPath & { where: Filter }, value: unknown): void {
  const existing = container[key];
  const list = Array.isArray(existing) ? (existing as unknown[]) : [];
  const hits = list.map((el, i) => (matches(path.where, el) ? i : -1)).filter((i) => i >= 0);
  if (!hits.length) {
    if (op === 'remove') return;
    const el = elementOf(path.where);
    if (!el) throw noTarget(`no value of ${path.name} matches the filter`);
    container[key] = [...list, path.sub ? { ...el, [safeKey(path.sub)]: value } : isObject(value) ? merge(el, value) : { ...el, value }];
    return;
  }
  if (op === 'remove') {
    const kept = path.sub
      ? list.map((el, i) => {
          if (!hits.includes(i) || !isObject(el)) return el;
          const copy = { ...el };
          const sk = keyOf(copy, path.sub!);
          if (sk !== undefined) delete copy[sk];
          return copy;
        })
      : list.filter((_, i) => !hits.includes(i));
    if (kept.length) container[key] = kept;
    else delete container[key];
    return;
  }
  container[key] = list.map((el, i) => {
    if (!hits.includes(i)) return el;
    const base = isObject(el) ? el : {};
    if (path.sub) return merge(base, { [path.sub]: value });
    if (!isObject(value)) throw new DomainError('invalid', `value: ${path.name}[…] takes an object`, { scimType: 'invalidValue' });
    return op === 'add' ? merge(base, value) : merge({}, value);
  });
}

function applyAt(resource: Json, op: Op, path: AttrPath, value: unknown): void {
  let container: Json = resource;
  if (path.uri === ENT) {
    const key = keyOf(resource, ENTERPRISE_USER) ?? ENTERPRISE_USER;
    if (!isObject(resource[key])) {
      if (op === 'remove') return;
      resource[key] = {};
    }
    container = resource[key] as Json;
    if (!path.name) {
      // the extension as a whole
      if (op === 'remove') resource[key] = {};
      else if (!isObject(value)) throw new DomainError('invalid', `value: the ${ENTERPRISE_USER} extension takes an object`, { scimType: 'invalidValue' });
      else resource[key] = merge(container, value);
      return;
    }
  } else if (!path.name) {
    // the core schema URN alone: its attributes
    if (op === 'remove') throw noTarget('remove needs an attribute path');
    if (!isObject(value)) throw new DomainError('invalid', 'value: must be an object of attributes', { scimType: 'invalidValue' });
    for (const [k, v] of Object.entries(value)) applyAt(resource, op, { ...parsePatchPath(k) }, v);
    return;
  }
  if (path.uri !== ENT && READ_ONLY.has(path.name.toLowerCase())) throw mutability(`${path.name} cannot be changed`);
  const key = keyOf(container, path.name) ?? safeKey(path.name);
  const existing = container[key];

  if (path.where) {
    applyThroughFilter(container, key, op, { ...path, where: path.where }, value);
    return;
  }

  if (path.sub) {
    if (Array.isArray(existing)) {
      // a sub-attribute of every value of a multi-valued attribute
      container[key] = existing.map((el) => {
        const copy = isObject(el) ? { ...el } : {};
        if (op === 'remove') {
          const sk = keyOf(copy, path.sub!);
          if (sk !== undefined) delete copy[sk];
          return copy;
        }
        return merge(copy, { [path.sub!]: value });
      });
      return;
    }
    if (!isObject(existing)) {
      if (op === 'remove') return;
      container[key] = {};
    }
    const obj = container[key] as Json;
    if (op === 'remove') {
      const sk = keyOf(obj, path.sub);
      if (sk !== undefined) delete obj[sk];
    } else set(obj, path.sub, value);
    return;
  }

  if (op === 'remove') {
    delete container[key];
    return;
  }
  if (op === 'add' && Array.isArray(existing)) container[key] = [...existing, ...(Array.isArray(value) ? value : [value])];
  else if (isObject(existing) && isObject(value)) container[key] = merge(existing, value);
  else container[key] = value;
}

/** The operations of a PatchOp body applied to a copy of `resource`. */
export function applyPatch(resource: Json, body: unknown): Json {
  if (!isObject(body)) throw syntax('body: must be a PatchOp object with Operations');
  const opsKey = keyOf(body, 'Operations');
  const ops = opsKey === undefined ? undefined : body[opsKey];
  if (!Array.isArray(ops) || ops.length === 0) throw syntax('Operations: a non-empty array is required');
  if (ops.length > MAX_OPERATIONS) throw syntax(`Operations: at most ${MAX_OPERATIONS}`);
  const out = clone(resource) as Json;
  ops.forEach((raw, i) => {
    if (!isObject(raw)) throw syntax(`Operations[${i}]: must be an object with op, path and value`);
    const opValue = raw[keyOf(raw, 'op') ?? 'op'];
    const op = typeof opValue === 'string' ? opValue.trim().toLowerCase() : '';
    if (op !== 'add' && op !== 'remove' && op !== 'replace') throw syntax(`Operations[${i}].op: must be add, remove or replace`);
    const pathValue = raw[keyOf(raw, 'path') ?? 'path'];
    const value = clone(raw[keyOf(raw, 'value') ?? 'value']);
    if (pathValue !== undefined && pathValue !== null && typeof pathValue !== 'string') throw new DomainError('invalid', `Operations[${i}].path: must be a string`, { scimType: 'invalidPath' });
    const path = typeof pathValue === 'string' ? pathValue.trim() : '';
    if (!path) {
      if (op === 'remove') throw noTarget(`Operations[${i}]: remove needs a path`);
      if (!isObject(value)) throw syntax(`Operations[${i}].value: without a path, value must be an object of attributes`);
      for (const [k, v] of Object.entries(value)) {
        if (k.toLowerCase() === ENT || k.toLowerCase() === CORE_USER.toLowerCase()) applyAt(out, op, { uri: k.toLowerCase(), name: '', sub: null }, v);
        else applyAt(out, op, parsePatchPath(k), v);
      }
      return;
    }
    if (op !== 'remove' && value === undefined) throw syntax(`Operations[${i}].value: required for ${op}`);
    applyAt(out, op, parsePatchPath(path), value);
  });
  return out;
}
