import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { prepareTemplates } from './test-db';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const groups = require('../../jest.groups') as { groupedRun(): boolean };

const ROOT = join(__dirname, '..', '..');

/**
 * The service's and the web app's builds (scripts/build-if-needed.js: TypeScript 7's tsc, then Vite), for the files
 * that start `dist/` or read `web/dist`, in a process of its own, beside the template.
 */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'build-if-needed.js')], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`scripts/build-if-needed.js exited with ${signal ?? code}`))));
  });
}

/**
 * jest's global setup, before the workers start: the builds, and on a run of the whole suite (grouped) or of the
 * slow checks the test database templates, at the same time. Left to the workers, each worker that starts on a clean
 * clone builds the same PGlite template at the same time (about 17 s of CPU each on a quiet machine) and all but one
 * throw theirs away. A run of chosen files builds a template only if a file needs it.
 */
export default async function globalSetup(): Promise<void> {
  const templates = groups.groupedRun() || process.env.JEST_SLOW === '1';
  // both settle before either's failure is thrown: thrown at the build's, jest would exit with the template's PGlite
  // and its socket server still building in this process
  const [built, prepared] = await Promise.allSettled([build(), templates ? prepareTemplates() : Promise.resolve()]);
  if (built.status === 'rejected') throw built.reason;
  if (prepared.status === 'rejected') throw prepared.reason;
}
