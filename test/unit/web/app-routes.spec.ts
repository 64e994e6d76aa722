import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import { AppIndex, appPage, routeTest } from '../../../src/interfaces/web/app-shell';
import { recordPath } from '../../../src/domain/crm/shared/record-keys';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own script (CommonJS), which the Vite config runs
const { declaredRoutes } = require('../../../scripts/app-routes.js') as { declaredRoutes: (dir?: string) => string[] };

/**
 * The features declare their addresses in `web/src/features/<kind>/routes.tsx`; the build lists them in
 * web/dist/app-routes.json and the service answers the app at exactly those: no list on the server to keep.
 */
describe("the web app's routes", () => {
  it('are read from every feature, each once, and a path that is no literal stops the build', () => {
    const paths = declaredRoutes();
    // the app's screens: a feature folder whose routes were not read would declare none, which the count shows
    expect(paths.length).toBeGreaterThanOrEqual(45);
    expect(paths).toEqual(expect.arrayContaining(['/', '/companies/:id', '/settings/apps/:id/edit', '/tickets/:id']));
    expect(new Set(paths).size).toBe(paths.length);

    const dir = mkdtempSync(join(tmpdir(), 'routes-'));
    try {
      mkdirSync(join(dir, 'contracts'));
      writeFileSync(join(dir, 'contracts', 'routes.tsx'), "export const feature = { routes: [{ path: '/contracts' }, { path: `/contracts/${x}` }] };");
      expect(() => declaredRoutes(dir)).toThrow(/string literal/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('open every record path the service hands out (event `url`, Ask, workflows)', () => {
    const tests = declaredRoutes().map(routeTest);
    const types = ['company', 'person', 'opportunity', 'activity', 'task', 'lead', 'order', 'ticket'] as const;
    expect(types.filter((type) => !tests.some((t) => t.test(recordPath(type, 12))))).toEqual([]);
  });

  it('match a path segment by segment, a `:name` any one segment, in any case, with or without a final slash', () => {
    expect(routeTest('/companies/:id').test('/companies/12')).toBe(true);
    expect(routeTest('/companies/:id').test('/Companies/12/')).toBe(true);
    expect(routeTest('/companies/:id').test('/companies/12/orders')).toBe(false);
    expect(routeTest('/companies/:id').test('/companies')).toBe(false);
    expect(routeTest('/').test('/')).toBe(true);
    expect(routeTest('/').test('/contracts')).toBe(false);
    expect(routeTest('/settings/apps/:id/edit').test('/settings/apps/3/edit')).toBe(true);
    expect(routeTest('/leads/new').test('/leadsXnew')).toBe(false);
  });
});

describe('the answer to a path no controller has', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function answer(path: string, accept: string, method = 'GET') {
    const sent: { status?: number; body?: string } = {};
    const req = { method, path, accepts: (types: string[]) => (accept.includes('html') ? 'html' : types[0]) } as unknown as Request;
    const res = {
      status(s: number) {
        sent.status = s;
        return this;
      },
      setHeader: () => undefined,
      type() {
        return this;
      },
      send(b: string) {
        sent.body = b;
      },
    } as unknown as Response;
    const answered = appPage(new AppIndex(dir))(req, res);
    return { answered, ...sent };
  }

  it('is the not-built page to a browser before the app is built, and the JSON 404 to a client', () => {
    expect(answer('/companies/12', 'text/html')).toMatchObject({ answered: true, status: 503, body: expect.stringContaining('not built') });
    expect(answer('/companies/12', 'application/json')).toEqual({ answered: false });
  });

  it("is the app at a feature's address whatever is accepted, the app's Not found to a browser elsewhere", () => {
    writeFileSync(join(dir, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(dir, 'app-routes.json'), JSON.stringify(['/', '/companies/:id']));
    expect(answer('/companies/12', '*/*')).toMatchObject({ answered: true, status: 200, body: '<div id="root"></div>' });
    expect(answer('/', '*/*')).toMatchObject({ answered: true, status: 200 });
    expect(answer('/contracts/1', 'text/html')).toMatchObject({ answered: true, status: 404, body: '<div id="root"></div>' });
    expect(answer('/contracts/1', 'application/json')).toEqual({ answered: false });
    // never under a machine interface, never to a write
    expect(answer('/api/v1/companies/12', 'text/html')).toEqual({ answered: false });
    expect(answer('/companies/12', 'text/html', 'POST')).toEqual({ answered: false });
  });
});
