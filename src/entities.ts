import { join } from 'node:path';
import { getMetadataArgsStorage } from 'typeorm';
import { discover } from './platform/common/discover';

/** An entity's file: `<name>.entity.ts` (`.js` once built). */
const FILE = /\.entity\.(?:ts|js)$/;
/** The rings that hold tables: the domain's and the platform's (outbox, audit), in the order of their paths. */
const ROOTS = ['domain', 'platform'];

/**
 * Every entity, for the runtime data source and the TypeORM CLI alike: the classes decorated with `@Entity` that the
 * `*.entity.ts` files under src/platform and src/domain export, read from the folders rather than listed by hand, so a new record kind's
 * entity is its own file (as a migration is). Sorted by path, so the list does not depend on the file system's order.
 */
export const ENTITIES: Function[] = (() => {
  const found: Function[] = [];
  for (const root of ROOTS) {
    for (const f of discover(join(__dirname, root), FILE)) {
      const tables = new Set(getMetadataArgsStorage().tables.map((t) => t.target));
      const entities = Object.values(f.exports).filter((v): v is Function => typeof v === 'function' && tables.has(v));
      if (!entities.length) throw new Error(`${root}/${f.file} exports no entity: an entity file's name ends in .entity.ts only when it declares one`);
      for (const e of entities) if (!found.includes(e)) found.push(e);
    }
  }
  return found;
})();
