import { METHODS } from 'node:http';
import { NotFoundException } from '@nestjs/common';
import type { Application } from 'express';
import { DomainError } from '../platform/common/errors';
import type { CrmRequest } from './crm-request';

/** A route of Express's table: its path matchers (router's Layer.matchers, side-effect free) and methods. */
interface RouteEntry {
  matchers: ((path: string) => unknown)[];
  methods: string[];
}

interface RouterLayer {
  matchers?: ((path: string) => unknown)[];
  route?: { methods: Record<string, boolean> };
}

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const tables = new WeakMap<object, RouteEntry[]>();

/**
 * The route table of the application, read once from Express's router after the routes are registered
 * (the first miss happens after `app.init()`). Routes for every method are left out: they name no
 * method (`app.all`, and Nest's middleware for all routes, which it registers once per method).
 */
function tableOf(app: Application): RouteEntry[] {
  let table = tables.get(app);
  if (table) return table;
  const stack = ((app as unknown as { router?: { stack?: RouterLayer[] } }).router?.stack ?? []) as RouterLayer[];
  table = [];
  for (const layer of stack) {
    const given = layer.route?.methods;
    if (!given || !layer.matchers || given._all || METHODS.every((m) => given[m.toLowerCase()])) continue;
    const methods = Object.keys(given).map((m) => m.toUpperCase());
    if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
    table.push({ matchers: layer.matchers, methods });
  }
  tables.set(app, table);
  return table;
}

/** The methods the routes of `path` answer, in a fixed order; empty for an unknown path. */
export function allowedMethods(app: Application, path: string): string[] {
  const allowed = new Set<string>();
  for (const route of tableOf(app)) if (route.matchers.some((m) => m(path))) for (const method of route.methods) allowed.add(method);
  return ORDER.filter((m) => allowed.has(m)).concat([...allowed].filter((m) => !ORDER.includes(m)).sort());
}

/** Nest's answer when no route matched the method and path (its not-found handler's exception). */
export function isRouteMiss(e: unknown): boolean {
  return e instanceof NotFoundException && /^Cannot [A-Z]+ /.test(String((e.getResponse() as { message?: unknown }).message ?? e.message));
}

/**
 * A request no route took, for a path that routes take with other methods: 405 `method_not_allowed`
 * with `Allow` (RFC 9110 15.5.6); an unknown path stays 404. Null when the path is unknown.
 */
export function methodNotAllowed(req: CrmRequest): DomainError | null {
  const allowed = allowedMethods(req.app, req.path);
  if (allowed.length === 0) return null;
  return new DomainError('method_not_allowed', `${req.method} is not allowed here; allowed: ${allowed.join(', ')}`, { allow: allowed.join(', ') });
}
