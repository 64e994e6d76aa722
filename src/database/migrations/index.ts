import { Initial1795285791069 } from './1795285791069-Initial';
import { CrmCore1795286062869 } from './1795286062869-CrmCore';
import { AuthHardening1795310000000 } from './1795310000000-AuthHardening';
import { StageRulesAsData1795320000000 } from './1795320000000-StageRulesAsData';
import { DeletedRecords1795330000000 } from './1795330000000-DeletedRecords';
import { IndexesAndAggregates1795340000000 } from './1795340000000-IndexesAndAggregates';
import { Webhooks1795420000000 } from './1795420000000-Webhooks';

/** Committed migrations, in order. `npm run migration:generate --name=X` writes a new file; add it here. */
export const MIGRATIONS: Function[] = [
  Initial1795285791069,
  CrmCore1795286062869,
  AuthHardening1795310000000,
  StageRulesAsData1795320000000,
  DeletedRecords1795330000000,
  IndexesAndAggregates1795340000000,
  Webhooks1795420000000,
];
