import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataArgsStorage } from 'typeorm';

/** An entity's file: `<name>.entity.ts` (`.js` once built; not a `.d.ts` or a map). */
const FILE = /\.entity\.(?:ts|js)$/;
/** The rings that hold tables: the platform's (outbox, audit) and the domain's. */
const ROOTS = ['platform', 'domain'];

/**
 * Every entity, for the runtime data source and the TypeORM CLI alike: the classes decorated with `@Entity` that the
 * `*.entity.ts` files under src/platform and src/domain export, read from the folders rather than listed by hand, so a new record kind's
 * entity is its own file (as a migration is). Sorted by path, so the list does not depend on the file system's order.
 */
export const ENTITIES: Function[] = (() => {
  const files = ROOTS.flatMap((root) => (readdirSync(join(__dirname, root), { recursive: true }) as string[]).filter((f) => FILE.test(f)).map((f) => join(root, f))).sort();
  const found: Function[] = [];
  for (const file of files) {
    // the folders' files are only known at run time (built: .js under dist/, in tests: .ts through the transform)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = Object.values(require(join(__dirname, file)) as Record<string, unknown>);
    const tables = new Set(getMetadataArgsStorage().tables.map((t) => t.target));
    const entities = exported.filter((v): v is Function => typeof v === 'function' && tables.has(v));
    if (!entities.length) throw new Error(`${file} exports no entity: an entity file's name ends in .entity.ts only when it declares one`);
    for (const e of entities) if (!found.includes(e)) found.push(e);
  }
  return found;
})();
