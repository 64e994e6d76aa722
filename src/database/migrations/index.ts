import { Initial1795285791069 } from './1795285791069-Initial';
import { CrmCore1795286062869 } from './1795286062869-CrmCore';

/** Committed migrations, in order. `npm run migration:generate --name=X` writes a new file; add it here. */
export const MIGRATIONS: Function[] = [Initial1795285791069, CrmCore1795286062869];
