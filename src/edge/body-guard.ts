import type { NextFunction, Response } from 'express';
import { clip, DomainError, invalid } from '../platform/common/errors';
import type { CrmRequest } from './crm-request';

export const MAX_DEPTH = 32;
/** Keys of one object: far above any DTO, low enough that validation never does megabytes of work. */
export const MAX_KEYS = 1000;
/** Elements of one array. */
export const MAX_ITEMS = 10_000;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const JSON_TYPE = /^application\/([a-z.+-]+\+)?json\b/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;
const ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** NUL (PostgreSQL refuses it in text) or a lone UTF-16 surrogate (not encodable as UTF-8). */
export function badText(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(s)) return 'must not contain a lone UTF-16 surrogate';
  return null;
}

/** A client's key as it may appear in a field path: control characters and lone surrogates escaped. */
export function printableKey(key: string): string {
  return JSON.stringify(key).slice(1, -1);
}

const join = (path: string, key: string) => (path ? `${path}.${printableKey(key)}` : printableKey(key));

/**
 * Iterative walk of a parsed body (no recursion on hostile input): depth, keys per object, items per
 * array, prototype-polluting keys, and NUL / lone surrogates in keys and string values. The first
 * problem is returned as a 400 naming its field path (`items.0.title`), or null when the body is fine.
 */
export function checkBody(body: unknown): DomainError | null {
  const stack: { v: unknown; d: number; path: string }[] = [{ v: body, d: 0, path: '' }];
  while (stack.length) {
    const { v, d, path } = stack.pop()!;
    if (typeof v === 'string') {
      const bad = badText(v);
      if (bad) return invalid(path || 'body', bad);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const where = path || 'body';
    if (d > MAX_DEPTH) return invalid(where, `nested deeper than ${MAX_DEPTH} levels`);
    if (Array.isArray(v)) {
      if (v.length > MAX_ITEMS) return invalid(where, `has ${v.length.toLocaleString('en-US')} items; at most ${MAX_ITEMS.toLocaleString('en-US')}`);
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], d: d + 1, path: path ? `${path}.${i}` : String(i) });
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > MAX_KEYS) return invalid(where, `has ${keys.length.toLocaleString('en-US')} keys; at most ${MAX_KEYS.toLocaleString('en-US')}`);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (FORBIDDEN_KEYS.has(key)) return invalid(join(path, key), 'key not allowed');
      const bad = badText(key);
      if (bad) return invalid(join(path, key), `key ${bad}`);
      stack.push({ v: (v as Record<string, unknown>)[key], d: d + 1, path: join(path, key) });
    }
  }
  return null;
}

/** Query parameters (names and values) free of NUL and lone surrogates. */
export function checkQuery(query: unknown): DomainError | null {
  if (!query || typeof query !== 'object') return null;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const badKey = badText(key);
    if (badKey) return invalid(printableKey(key), `parameter name ${badKey}`);
    for (const v of Array.isArray(value) ? value : [value]) {
      const bad = typeof v === 'string' ? badText(v) : null;
      if (bad) return invalid(printableKey(key), bad);
    }
  }
  return null;
}

function hasBody(req: CrmRequest): boolean {
  const len = req.headers['content-length'];
  return (len !== undefined && len !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Before body parsing: a Content-Encoding the parsers cannot read is 415 (also on requests that carry
 * no body, and on content types that are refused anyway).
 */
export function encodingGuard(req: CrmRequest, _res: Response, next: NextFunction): void {
  const enc = req.headers['content-encoding'];
  if (enc !== undefined && !ENCODINGS.has(enc.trim().toLowerCase())) {
    return next(new DomainError('unsupported_media_type', 'content encoding not supported; send identity, gzip, deflate or br'));
  }
  next();
}

const MULTIPART_TYPE = /^multipart\/form-data\b/i;

/**
 * After body parsing: JSON bodies only (forms only where OAuth wants them, multipart only where a file is
 * uploaded: its route reads it with bounded limits), bounded shape, clean text.
 */
export function bodyGuard(formPaths: RegExp, multipartPaths?: RegExp) {
  return (req: CrmRequest, _res: Response, next: NextFunction): void => {
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) && hasBody(req)) {
      const type = req.headers['content-type'] ?? '';
      const formOk = formPaths.test(req.path) && FORM_TYPE.test(type);
      const multipartOk = req.method === 'POST' && !!multipartPaths?.test(req.path) && MULTIPART_TYPE.test(type);
      if (!JSON_TYPE.test(type) && !formOk && !multipartOk) {
        return next(new DomainError('unsupported_media_type', `content type ${clip(type, 100) || '(none)'} is not accepted; send application/json`));
      }
    }
    // Express 5 parses the query string again at every read of `req.query` (a getter): parsed once here, the
    // guard, the limits and the route's @Query() read the same object
    const query: unknown = req.query;
    Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
    const problem = checkBody(req.body) ?? checkQuery(query);
    if (problem) return next(problem);
    next();
  };
}
