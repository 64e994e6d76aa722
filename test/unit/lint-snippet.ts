import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Runs the project's ESLint config on a snippet as if it were the file at `path`. */
export function lint(path: string, code: string): { ok: boolean; output: string } {
  const root = join(__dirname, '..', '..');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', path, '--format', 'stylish'], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}
