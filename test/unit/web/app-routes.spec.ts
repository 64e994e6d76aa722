import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { APP_SECTIONS, APP_SETTINGS_PAGES } from '../../../src/interfaces/web/app-shell';

/**
 * The features declare their addresses in `web/src/features/<kind>/routes.tsx`; the service answers the app only at
 * the addresses of `APP_SECTIONS` and `APP_SETTINGS_PAGES`. A route the server does not know would open as a 404
 * from a link or a reload, so every declared path is checked against the server's list (source text only).
 */
const FEATURES = join(__dirname, '../../../web/src/features');

function declaredPaths(): { feature: string; path: string }[] {
  const out: { feature: string; path: string }[] = [];
  for (const feature of readdirSync(FEATURES)) {
    const file = join(FEATURES, feature, 'routes.tsx');
    if (!existsSync(file)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/\bpath: '([^']+)'/g)) out.push({ feature, path: m[1]! });
  }
  return out;
}

/** Whether the service answers the app at this route pattern (`:id` stands for any segment). */
function served(path: string): boolean {
  if (path === '/') return true;
  const segment = path.split('/')[1]!;
  if ((APP_SECTIONS as readonly string[]).includes(segment)) return true;
  return APP_SETTINGS_PAGES.some((p) => p === path || (p.endsWith('/*rest') && path.startsWith(p.slice(0, -'*rest'.length))));
}

describe("the web app's routes", () => {
  it('are declared by the features, each served by the service', () => {
    const paths = declaredPaths();
    // the app's screens: a feature folder without routes.tsx would declare none, which the count shows
    expect(paths.length).toBeGreaterThanOrEqual(45);
    expect(paths.filter((p) => !served(p.path))).toEqual([]);
    expect(new Set(paths.map((p) => p.path)).size).toBe(paths.length);
  });

  it('tells a served address from one the service would answer with 404', () => {
    expect(served('/companies/:id')).toBe(true);
    expect(served('/settings/apps/:id/edit')).toBe(true);
    expect(served('/settings/overview')).toBe(false);
    expect(served('/contracts')).toBe(false);
  });
});
