import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Request, Response } from 'express';
import { dirname, join } from 'node:path';

/**
 * The web app's sections: each is a first path segment the single-page app answers (`/companies`,
 * `/companies/12`, ...). Record URLs the service hands out (events, chat, MCP, e-mail) use them, so each
 * must open the app. Anything else stays the service's (JSON 404 under /api, pages under /settings).
 */
export const APP_SECTIONS = [
  'companies',
  'people',
  'opportunities',
  'leads',
  'fairs',
  'activities',
  'tasks',
  'calendar',
  'tickets',
  'orders',
  'objects',
  'products',
  'approvals',
  'mail',
  'search',
  'reports',
  'imports',
  'workflows',
] as const;

/**
 * The settings pages the app answers, at the addresses the server pages had (links in e-mails, docs and the
 * server's own settings navigation keep working). The other /settings pages stay the service's: the landing
 * page, sign-in and sign-out (docs/decisions/web-app.md, "Settings in the app").
 */
export const APP_SETTINGS_PAGES = ['/settings/connections', '/settings/developers', '/settings/sessions', '/settings/scim', '/settings/erp', '/settings/users', '/settings/apps', '/settings/apps/*rest', '/settings/targets'] as const;

/** Express paths of the app: `/`, each section, and everything under it; the settings pages it answers. */
export const APP_PATHS = ['/', ...APP_SECTIONS.flatMap((s) => [`/${s}`, `/${s}/*rest`]), ...APP_SETTINGS_PAGES];

/** The built app's folder: WEB_DIST, else web/dist of the package (found from this file, in src/ or dist/). */
export function webDistDir(): string {
  if (process.env.WEB_DIST) return process.env.WEB_DIST;
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'web', 'dist');
}

/** index.html of the built app, re-read when the file changes (a rebuild while the service runs). */
export class AppIndex {
  private cached?: { mtimeMs: number; html: string };
  constructor(private readonly dir: string = webDistDir()) {}

  html(): string | null {
    const file = join(this.dir, 'index.html');
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (!this.cached || this.cached.mtimeMs !== mtimeMs) this.cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return this.cached.html;
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
 * The answer to a browser that opened an unknown address (`/nope/thing`): the app, with status 404, so its
 * own Not found screen shows with the navigation around it. Only for GET/HEAD that prefer HTML over JSON
 * (a page load, not a fetch) outside the machine interfaces. Returns false when it did not answer.
 */
export function appNotFoundPage(index: AppIndex = new AppIndex()): (req: Request, res: Response) => boolean {
  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || MACHINE_PATHS.test(req.path)) return false;
    if (req.accepts(['json', 'html']) !== 'html') return false;
    const html = index.html();
    if (!html) return false;
    res.status(404).setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
    return true;
  };
}
