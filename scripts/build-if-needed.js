#!/usr/bin/env node
// Builds dist/ when it is missing or older than any source file or folder (a deleted file changes its folder's time), so
// `npm start` works on a fresh clone. A build starts from an empty dist/: the service finds its modules, entities and
// tools by their files (src/platform/common/discover.ts), so a file deleted from src/ must not live on as built.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, rmSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const out = join(root, 'dist', 'src', 'main.js');

function newest(dir) {
  let t = statSync(dir).mtimeMs;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const srcTime = Math.max(newest(join(root, 'src')), statSync(join(root, 'ormconfig.ts')).mtimeMs, statSync(join(root, 'tsconfig.json')).mtimeMs);
if (!existsSync(out) || statSync(out).mtimeMs < srcTime) {
  process.stderr.write('building (tsc)...\n');
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  // TypeScript 7, the native compiler (package.json `typescript-7`): the same JavaScript as TypeScript 6 in a fifth of the CPU
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript-7', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
}
require('./build-web-if-needed');
