import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, TestApp } from '../../helpers/test-app';

/**
 * Every route the service answers is in the OpenAPI document, and the document names no route that is
 * not there; the web app's screens are no routes (`appPage` answers them). The exceptions are pages for people, not
 * API (docs/decisions/api-and-errors.md, "The OpenAPI document as a contract"): the settings, invitation and password pages, the favicon, and the documentation UI itself.
 */
const PAGES = [/^\/settings(\/|$)/, /^\/invite$/, /^\/reset-password$/, /^\/forgot-password$/, /^\/favicon\.(svg|ico)$/, /^\/api\/docs(\/|$)/, /^\/api\/openapi\.json$/];
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t?.close());

/**
 * The routes Express holds, as `METHOD /path/{param}`; the catch-all of the 405 answer is not a route, nor is Nest's
 * middleware, which Express holds at `/` as a route of every method (`acl` and `m-search` among them).
 */
function registered(): string[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
  const out: string[] = [];
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    for (const path of [layer.route.path].flat()) {
      if (path === '/*path' || layer.route.methods.acl || PAGES.some((p) => p.test(path))) continue;
      for (const m of Object.keys(layer.route.methods)) if (METHODS.includes(m)) out.push(`${m.toUpperCase()} ${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    }
  }
  return out.sort();
}

function documented(): string[] {
  const doc = JSON.parse(readFileSync(join(__dirname, '../../../openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
}

it('documents every registered route, and only those', () => {
  const routes = registered();
  const doc = documented();
  expect(routes.length).toBeGreaterThan(100);
  expect({ undocumented: routes.filter((r) => !doc.includes(r)), stale: doc.filter((d) => !routes.includes(d)) }).toEqual({ undocumented: [], stale: [] });
});

it('leaves the pages out of the document', () => {
  expect(documented().filter((d) => PAGES.some((p) => p.test(d.split(' ')[1])))).toEqual([]);
});
