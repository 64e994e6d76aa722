import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Request, Response } from 'express';
import { dirname, join } from 'node:path';

/** The built app's folder: WEB_DIST, else web/dist of the package (found from this file, in src/ or dist/). */
export function webDistDir(): string {
  if (process.env.WEB_DIST) return process.env.WEB_DIST;
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'web', 'dist');
}

/** A route of the app (`/companies/:id`) as a test of a request's path: a `:name` segment stands for any one segment. */
export function routeTest(route: string): RegExp {
  const body = route
    .replace(/\/$/, '')
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`, 'i');
}

/** A file of the built app, read and parsed again when its time changes (a rebuild while the service runs). */
class BuiltFile<T> {
  private cached?: { mtimeMs: number; value: T };
  constructor(
    private readonly file: string,
    private readonly parse: (text: string) => T,
  ) {}

  /** Its parsed content; null when the app was not built. */
  get(): T | null {
    if (!existsSync(this.file)) return null;
    const { mtimeMs } = statSync(this.file);
    if (!this.cached || this.cached.mtimeMs !== mtimeMs) this.cached = { mtimeMs, value: this.parse(readFileSync(this.file, 'utf8')) };
    return this.cached.value;
  }
}

/**
 * The built app: index.html, and the addresses its features declare (app-routes.json, written by the build from
 * web/src/features/<kind>/routes.tsx).
 */
export class AppIndex {
  private readonly index: BuiltFile<string>;
  private readonly routes: BuiltFile<RegExp[]>;
  constructor(private readonly dir: string = webDistDir()) {
    this.index = new BuiltFile(join(dir, 'index.html'), (text) => text);
    this.routes = new BuiltFile(join(dir, 'app-routes.json'), (text) => (JSON.parse(text) as string[]).map(routeTest));
  }

  html(): string | null {
    return this.index.get();
  }

  /** Whether the app has a screen at this path (`/companies/12`, `/settings/apps/3/edit`). */
  isRoute(path: string): boolean {
    return this.routes.get()?.some((t) => t.test(path)) ?? false;
  }

  get assetsDir(): string {
    return join(this.dir, 'assets');
  }
}

/** What a browser gets when the app was not built (a source checkout that ran the service without `npm start`). */
export const NOT_BUILT_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head><body><main>' +
  '<h1>The web app is not built</h1><p>Run <code>npm run build:web</code> (or start the service with <code>npm start</code>, which builds it).</p>' +
  '</main></body></html>';

/** First path segments of the machine interfaces: an unknown path there answers the JSON error, never a page. */
const MACHINE_PATHS = /^\/(api|mcp|oauth|scim|assets|health|\.well-known)(\/|$)/i;

/**
 * The app's entry page, for an address that no controller answers (src/edge/exception.filter.ts): at an address a
 * feature declares (a record URL the service handed out, a deep link, a reload), with 200 whatever the client accepts;
 * at an unknown address (`/nope/thing`), with 404, so the app's own Not found screen shows with the navigation around
 * it, and only to GET/HEAD that prefer HTML over JSON (a page load, not a fetch). Never under the machine interfaces.
 * The page holds no data (the app signs in through the REST API); the workspace middleware has already answered 404
 * for an unknown host. Returns false when it did not answer.
 */
export function appPage(index: AppIndex = new AppIndex()): (req: Request, res: Response) => boolean {
  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || MACHINE_PATHS.test(req.path)) return false;
    const html = index.html();
    const route = html !== null && index.isRoute(req.path);
    if (!route && req.accepts(['json', 'html']) !== 'html') return false;
    res.status(html === null ? 503 : route ? 200 : 404).setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html ?? NOT_BUILT_HTML);
    return true;
  };
}
