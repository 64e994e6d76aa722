import type { NextFunction, Response } from 'express';
import { DomainError } from '../errors';
import type { CrmRequest } from './crm-request';

const MAX_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const JSON_TYPE = /^application\/([a-z.+-]+\+)?json\b/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;

/** Iterative walk: depth limit and prototype-polluting keys, without recursion on hostile input. */
export function checkBody(body: unknown): string | null {
  const stack: { v: unknown; d: number; path: string }[] = [{ v: body, d: 0, path: 'body' }];
  while (stack.length) {
    const { v, d, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > MAX_DEPTH) return `${path}: nested deeper than ${MAX_DEPTH} levels`;
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) return `${path}.${key}: key not allowed`;
      stack.push({ v: (v as Record<string, unknown>)[key], d: d + 1, path: `${path}.${key}` });
    }
  }
  return null;
}

function hasBody(req: CrmRequest): boolean {
  const len = req.headers['content-length'];
  return (len !== undefined && len !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** After body parsing: JSON bodies only (forms only where OAuth wants them), bounded depth, no proto keys. */
export function bodyGuard(formPaths: RegExp) {
  return (req: CrmRequest, _res: Response, next: NextFunction): void => {
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) && hasBody(req)) {
      const type = req.headers['content-type'] ?? '';
      const formOk = formPaths.test(req.path) && FORM_TYPE.test(type);
      if (!JSON_TYPE.test(type) && !formOk) {
        return next(new DomainError('unsupported_media_type', `content type ${type || '(none)'} is not accepted; send application/json`));
      }
    }
    const problem = checkBody(req.body);
    if (problem) return next(new DomainError('invalid', problem));
    next();
  };
}
