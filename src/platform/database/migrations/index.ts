import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A migration's file: `<timestamp>-<Name>.ts` (`.js` once built; not a `.d.ts` or a map), exporting `<Name><timestamp>`. */
const FILE = /^(\d{13})-([A-Za-z0-9]+)\.(?:ts|js)$/;

/**
 * Every migration of this folder, in timestamp order (the order TypeORM runs them in whatever the list's). Read from the
 * folder rather than listed by hand, so a new migration is one new file; a file that does not export the class its
 * name promises stops the start-up rather than being skipped.
 */
export const MIGRATIONS: Function[] = readdirSync(__dirname)
  .flatMap((file) => {
    const m = FILE.exec(file);
    return m ? [{ file, timestamp: m[1]!, className: `${m[2]}${m[1]}` }] : [];
  })
  .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
  .map(({ file, className }) => {
    // the folder's files are only known at run time (built: .js under dist/, in tests: .ts through the transform)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const migration = (require(join(__dirname, file)) as Record<string, unknown>)[className];
    if (typeof migration !== 'function') throw new Error(`migration ${file} must export the class ${className}`);
    return migration;
  });
