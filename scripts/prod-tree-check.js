#!/usr/bin/env node
/**
 * Proves what the Docker image holds, without a container engine: builds the same production tree the
 * Dockerfile's last stage has (`npm ci --omit=dev`, the built `dist/` and `web/dist`, `NODE_ENV=production`)
 * in a temporary folder, starts the service from there on the embedded database with a demo workspace, and
 * checks that `/health` answers, `/` serves the web app, and a record URL opens in Chromium after sign-in.
 *
 * `npm run check:prod-tree` (CI runs it). Exits non-zero with the reason on the first failure.
 * PROD_TREE_KEEP=1 keeps the folder (its path is printed) to look at the screenshot and the server's log.
 */
const { execFileSync, spawn } = require('node:child_process');
const { cpSync, mkdtempSync, rmSync, writeFileSync, existsSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..');
const CHROMIUM = '/usr/bin/chromium';
const START_DEADLINE_MS = 180_000;

function step(what) {
  process.stdout.write(`prod-tree: ${what}\n`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** npm itself: the one on PATH (npm scripts run with it), else the one beside this Node. */
function npm(args, cwd) {
  execFileSync(process.env.npm_execpath ? process.execPath : 'npm', process.env.npm_execpath ? [process.env.npm_execpath, ...args] : args, { cwd, stdio: 'inherit' });
}

function buildTree(dir) {
  step('building dist/ and web/dist (when stale)');
  execFileSync(process.execPath, [join(root, 'scripts', 'build-if-needed.js')], { cwd: root, stdio: 'inherit' });
  step(`production dependencies into ${dir} (npm ci --omit=dev)`);
  for (const f of ['package.json', 'package-lock.json']) cpSync(join(root, f), join(dir, f));
  npm(['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  if (existsSync(join(dir, 'node_modules', 'jest')) || existsSync(join(dir, 'node_modules', 'vite'))) {
    throw new Error('the production tree holds development packages');
  }
  cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(root, 'web', 'dist'), join(dir, 'web', 'dist'), { recursive: true });
}

/** Starts the tree's service as the image's CMD does; resolves with the banner's password and key. */
function start(dir, port) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: String(port), DATA_DIR: join(dir, 'data'), SEED_DEMO: '1', LOG_LEVEL: 'info' };
  const child = spawn(process.execPath, ['dist/src/main.js'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const banner = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up banner within ${START_DEADLINE_MS / 1000} s:\n${out}`)), START_DEADLINE_MS);
    const read = (chunk) => {
      out += chunk.toString('utf8');
      const password = /Sign in:\s+\S+\s+as (\S+) \/ (\S+)/.exec(out);
      const key = /API key:\s+(sk_\S+)/.exec(out);
      if (password && key) {
        clearTimeout(timer);
        resolve({ username: password[1], password: password[2], apiKey: key[1] });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}) before its banner:\n${out}`));
    });
  });
  return { child, banner, log: () => out };
}

async function expectOk(url, init, what) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`${what}: ${url} answered ${res.status}`);
  return res;
}

async function checkBrowser(origin, demo, dir) {
  const companies = await (await expectOk(`${origin}/api/v1/companies?limit=1`, { headers: { Authorization: `Bearer ${demo.apiKey}` } }, 'the API')).json();
  const company = companies.items?.[0];
  if (!company) throw new Error('the demo workspace has no company to open');
  const recordUrl = `${origin}/companies/${company.id}`;
  step(`opening ${recordUrl} in Chromium`);
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'], timeout: 60_000 });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(60_000);
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(recordUrl);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(demo.username);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: company.name }).waitFor();
    if (new URL(page.url()).pathname !== `/companies/${company.id}`) throw new Error(`after sign-in the browser is at ${page.url()}`);
    await page.screenshot({ path: join(dir, 'record.png') });
    if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`);
  } finally {
    await browser.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'crm-prod-tree-'));
  let server;
  try {
    buildTree(dir);
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    step(`starting node ${process.version} dist/src/main.js (NODE_ENV=production) on port ${port}`);
    server = start(dir, port);
    const demo = await server.banner;
    const health = await (await expectOk(`${origin}/health`, {}, 'health')).json();
    step(`/health: ${JSON.stringify(health).slice(0, 120)}`);
    const home = await expectOk(`${origin}/`, { headers: { Accept: 'text/html' } }, 'the web app');
    const html = await home.text();
    if (!/<script[^>]+src="\/assets\//.test(html)) throw new Error(`/ does not serve the built web app:\n${html.slice(0, 400)}`);
    await checkBrowser(origin, demo, dir);
    step('ok: the production tree serves /health, the web app and a record');
  } catch (e) {
    if (server) writeFileSync(join(dir, 'server.log'), server.log());
    process.stderr.write(`prod-tree: FAILED: ${e instanceof Error ? e.message : e}\n${server ? `server log: ${join(dir, 'server.log')}\n` : ''}`);
    process.exitCode = 1;
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((r) => (server.child.exitCode !== null ? r() : server.child.once('exit', r)));
    }
    if (process.env.PROD_TREE_KEEP === '1' || process.exitCode) step(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main();
