#!/usr/bin/env node
// Builds the web app (web/ → web/dist) with Vite when web/dist is missing or older than its sources or the
// API client, so `npm start` and `npm test` work on a fresh clone. `--force` always builds.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const out = join(root, 'web', 'dist', 'index.html');

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of readdirSync(path, { withFileTypes: true })) t = Math.max(t, newest(join(path, e.name)));
  return t;
}

const inputs = [join(root, 'web', 'src'), join(root, 'web', 'index.html'), join(root, 'web', 'vite.config.mts'), join(root, 'scripts', 'app-routes.js'), join(root, 'client'), join(root, 'package-lock.json')];
const srcTime = Math.max(...inputs.filter(existsSync).map(newest));
if (process.argv.includes('--force') || !existsSync(out) || statSync(out).mtimeMs < srcTime) {
  process.stderr.write('building the web app (vite)...\n');
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--mode', 'production', '--config', join(root, 'web', 'vite.config.mts'), '--logLevel', 'warn'], {
    stdio: 'inherit',
    cwd: root,
    // a production build even when run from jest (NODE_ENV=test would bundle React's development build)
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
