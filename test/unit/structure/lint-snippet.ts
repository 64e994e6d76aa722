import { join } from 'node:path';
import { createSyncFn } from 'synckit';

const root = join(__dirname, '..', '..', '..');
let run: ((root: string, path: string, code: string) => { ok: boolean; output: string }) | undefined;

/** Runs the project's ESLint config on a snippet as if it were the file at `path` (test/unit/structure/lint-worker.mjs). */
export function lint(path: string, code: string): { ok: boolean; output: string } {
  run ??= createSyncFn(join(__dirname, 'lint-worker.mjs'), { timeout: 120_000 });
  return run(root, path, code);
}
