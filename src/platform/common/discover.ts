import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A module found in a folder: its path under the folder (with `/`) and what it exports. */
export interface Found {
  readonly file: string;
  readonly exports: Readonly<Record<string, unknown>>;
}

/**
 * The modules under `dir` whose path there (with `/`, its extension `.ts` in the sources and the tests, `.js` once
 * built) matches `file`, loaded, in the order of their paths: a feature adds its file where the convention says and
 * no shared list is edited (entities, modules, controllers, event kinds, constants blocks, tools). Synchronous, as
 * the lists are read by decorators when their modules load.
 */
export function discover(dir: string, file: RegExp): Found[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => !f.endsWith('.d.ts') && file.test(f))
    .sort()
    .map((f) => ({
      file: f,
      // the files are only known at run time (built: .js under dist/; in tests: .ts through the transform)
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      exports: require(join(dir, f)) as Record<string, unknown>,
    }));
}

/** The exported values that pass `is`, from every module found, in the modules' order. */
export function discovered<T>(found: readonly Found[], is: (value: unknown, name: string) => value is T): T[] {
  const out: T[] = [];
  for (const f of found) for (const [name, v] of Object.entries(f.exports)) if (is(v, name) && !out.includes(v)) out.push(v);
  return out;
}

/**
 * Found items in the order of their `place` (lower first), where the order is one clients see; two at one place are a
 * programming error (`what` names them), so the order never falls back on the files'.
 */
export function inPlaceOrder<T extends { readonly place: number }>(items: readonly T[], what: string): T[] {
  const sorted = [...items].sort((a, b) => a.place - b.place);
  sorted.forEach((t, i) => {
    if (i > 0 && sorted[i - 1]!.place === t.place) throw new Error(`two ${what} at place ${t.place}`);
  });
  return sorted;
}
