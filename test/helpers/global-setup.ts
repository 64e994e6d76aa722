import { prepareTemplates } from './test-db';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const groups = require('../../jest.groups') as { groupedRun(): boolean };

/**
 * jest's global setup: on a run of the whole suite (grouped) or of the slow checks, the test database templates are
 * built here, once, before the workers start. Left to the workers, each worker that starts on a clean clone builds
 * the same PGlite template at the same time (about 17 s of CPU each on a quiet machine) and all but one throw theirs
 * away. A run of chosen files builds a template only if a file needs it.
 */
export default async function globalSetup(): Promise<void> {
  if (!groups.groupedRun() && process.env.JEST_SLOW !== '1') return;
  await prepareTemplates();
}
