// The ESLint of test/unit/structure/lint-snippet.ts: one instance in a worker thread, called synchronously (synckit),
// instead of one `eslint --stdin` process per snippet (each paid ESLint's start: about 3 s of CPU).
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { runAsWorker } from 'synckit';

let eslint;
let formatter;

runAsWorker(async (root, path, code) => {
  eslint ??= new ESLint({ cwd: root });
  formatter ??= await eslint.loadFormatter('stylish');
  const results = await eslint.lintText(code, { filePath: join(root, path) });
  // as the CLI's exit status: errors (and fatal parse errors) fail, warnings do not
  const ok = results.every((r) => r.errorCount === 0 && r.fatalErrorCount === 0);
  return { ok, output: await formatter.format(results) };
});
