import { Initial1795285791069 } from './1795285791069-Initial';

/** Committed migrations, in order. `npm run migration:generate --name=X` writes a new file; add it here. */
export const MIGRATIONS: Function[] = [Initial1795285791069];
