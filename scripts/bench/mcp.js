#!/usr/bin/env node
'use strict';
/**
 * node scripts/bench/mcp.js [DIST_ROOT ...]
 *
 * Per-request cost of the MCP endpoint: POST /mcp tools/call search_companies next to the REST route
 * that makes the same service call (GET /api/v1/companies?q=...), as a sales user with an API key and 8
 * companies, on the PostgreSQL server (BENCH_DATABASE_URL, else DATABASE_URL, else the local server; a
 * fresh database per app, dropped at the end). Each DIST_ROOT (default: this checkout; give two to
 * compare builds) is served by its own child process; loads alternate between the apps and routes in
 * MCP_ROUNDS (3) rounds and each keeps its best round, so a busy machine disturbs the comparison less.
 * Per load: autocannon (a child process) with 1 connection (latency p50/p99) and with 8 connections
 * (req/s), MCP_REQUESTS (1500) requests each, and the app process's CPU time per request.
 * MCP_CPU_PROF=<dir> writes a V8 CPU profile of each app process there; MCP_LOADS=<regex> picks loads.
 * Figures: docs/performance.md ("MCP endpoint").
 */
const { fork, spawn } = require('node:child_process');
const http = require('node:http');
const { mkdtempSync } = require('node:fs');
const { tmpdir, cpus } = require('node:os');
const { join, resolve } = require('node:path');
const { randomBytes } = require('node:crypto');

const BASE = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.MCP_ROUNDS || 3);
const REQUESTS = Number(process.env.MCP_REQUESTS || 1500);
const HOST = 'mcpbench.localhost';
const log = (s) => process.stdout.write(`${s}\n`);

async function withClient(url, fn) {
  const pg = require('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// ------------------------------------------------------------------ child: one app of one build
async function serve(root) {
  require('reflect-metadata');
  const pino = require('pino');
  const dist = (p) => join(root, 'dist', 'src', p);
  const name = `crm_mcpbench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  const url = u.toString();
  await withClient(BASE, (c) => c.query(`CREATE DATABASE ${name}`));
  const { createApp } = require(dist('app.factory.js'));
  const { loadConfig } = require(dist('platform/config/app-config.js'));
  const { ProvisioningService } = require(dist('domain/identity/provisioning.service.js'));
  const { UsersService } = require(dist('domain/identity/users.service.js'));
  const { CredentialsService } = require(dist('domain/identity/credentials.service.js'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'crm-mcpbench-')),
    SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000',
    WEBHOOK_WORKER: '0',
  });
  const app = await createApp({ config, db: { url, embedded: false, close: async () => undefined }, logger: pino({ level: 'warn' }) });
  await app.listen(0, '127.0.0.1');
  const prov = await app.get(ProvisioningService).provision({ slug: 'mcpbench', name: 'Bench Ltd.', adminEmail: 'admin@mcpbench.test', adminPassword: 'Admin-Password-123' });
  const ws = prov.workspace;
  const seller = await app.get(UsersService).create(ws, { email: 'seller@mcpbench.test', role: 'sales', department: 'North' });
  const { token } = await app.get(CredentialsService).issue({ workspaceId: ws.id, kind: 'api', userId: seller.id });
  await withClient(url, async (c) => {
    for (let i = 0; i < 8; i++) {
      await c.query(`INSERT INTO companies (workspace_id, name, name_norm, status, owner_id, city) VALUES ($1, $2::varchar, lower($2::varchar), $3, $4, 'Izmir')`, [ws.id, `Bench Customer ${i}`, ws.constants.customer_statuses[1], seller.id]);
    }
  });
  process.on('message', async (m) => {
    if (m === 'cpu') process.send({ cpu: process.cpuUsage() });
    if (m === 'stop') {
      await app.close();
      await withClient(BASE, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      process.exit(0);
    }
  });
  process.send({ port: app.getHttpServer().address().port, token });
}

// ------------------------------------------------------------------ parent: loads
function cannon(url, { method = 'GET', headers, body }, connections) {
  const argv = [require.resolve('autocannon/autocannon.js'), '-c', String(connections), '-a', String(REQUESTS), '-j', '-m', method];
  for (const [k, v] of Object.entries(headers)) argv.push('-H', `${k}=${v}`);
  if (body) argv.push('-b', body);
  argv.push(url);
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out);
      ok({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts, total: r.requests.total });
    });
  });
}

/** One request with node:http (fetch does not send a Host of our choosing). */
function once({ url, method = 'GET', headers, body }) {
  return new Promise((ok, fail) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => ok({ status: res.statusCode, text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

function start(root) {
  // MCP_CPU_PROF=dir: a V8 CPU profile of each app process in dir
  const execArgv = process.env.MCP_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.MCP_CPU_PROF}`] : [];
  const child = fork(__filename, ['--serve', root], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
  let failed = null;
  child.once('exit', (code) => (failed = new Error(`app of ${root} exited with ${code}`)));
  const next = () =>
    new Promise((ok, fail) => {
      if (failed) return fail(failed);
      const onExit = () => fail(failed);
      child.once('exit', onExit);
      child.once('message', (m) => {
        child.off('exit', onExit);
        ok(m);
      });
    });
  return next().then(({ port, token }) => ({
    root,
    port,
    token,
    cpu: async () => {
      child.send('cpu');
      const { cpu } = await next();
      return cpu.user + cpu.system;
    },
    stop: () => new Promise((ok) => {
      child.once('exit', ok);
      child.send('stop');
    }),
  }));
}

async function main() {
  const roots = process.argv.slice(2).map((r) => resolve(r));
  if (!roots.length) roots.push(resolve(__dirname, '..', '..'));
  const apps = [];
  try {
    for (const root of roots) apps.push(await start(root));
    const loadsOf = (app) => {
      const auth = { host: HOST, authorization: `Bearer ${app.token}` };
      const all = {
        'MCP tools/call search_companies': {
          url: `http://127.0.0.1:${app.port}/mcp`,
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_companies', arguments: { query: 'Bench', limit: 20 } } }),
        },
        'REST GET /api/v1/companies?q=Bench': { url: `http://127.0.0.1:${app.port}/api/v1/companies?q=Bench&limit=20`, headers: auth },
      };
      // MCP_LOADS=<regex>: only the loads whose label matches
      return Object.fromEntries(Object.entries(all).filter(([label]) => !process.env.MCP_LOADS || new RegExp(process.env.MCP_LOADS).test(label)));
    };
    for (const app of apps) {
      for (const [label, l] of Object.entries(loadsOf(app))) {
        const r = await once(l);
        if (r.status !== 200 || !r.text.includes('Bench Customer')) throw new Error(`${app.root} ${label}: ${r.status} ${r.text.slice(0, 300)}`);
      }
    }
    log(`${cpus().length} x ${cpus()[0] && cpus()[0].model}; Node ${process.version}; ${REQUESTS} requests per load, best of ${ROUNDS} alternating rounds`);
    const best = new Map();
    const keep = (key, field, value, better) => {
      const b = best.get(key) || {};
      if (b[field] === undefined || better(value, b[field])) b[field] = value;
      best.set(key, b);
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const app of apps) {
        for (const [label, l] of Object.entries(loadsOf(app))) {
          const key = `${app.root}\u0000${label}`;
          const one = await cannon(l.url, l, 1);
          const cpu0 = await app.cpu();
          const eight = await cannon(l.url, l, 8);
          const cpuUs = ((await app.cpu()) - cpu0) / eight.total;
          if (one.bad || eight.bad) throw new Error(`${label}: failed requests`);
          keep(key, 'p50', one.p50, (a, b) => a < b);
          keep(key, 'p99', one.p99, (a, b) => a < b);
          keep(key, 'rps', eight.rps, (a, b) => a > b);
          keep(key, 'cpu', cpuUs, (a, b) => a < b);
        }
      }
    }
    for (const [key, b] of best) {
      const [root, label] = key.split('\u0000');
      log(`${root}\n  ${label.padEnd(36)} 1 conn p50 ${b.p50} ms p99 ${b.p99} ms | 8 conn ${b.rps.toFixed(0).padStart(5)} req/s | app CPU ${(b.cpu / 1000).toFixed(2)} ms/request`);
    }
  } finally {
    for (const app of apps) await app.stop();
  }
}

if (process.argv[2] === '--serve') {
  serve(resolve(process.argv[3])).catch((e) => {
    process.stderr.write(`${e.stack || e}\n`);
    process.exit(1);
  });
} else {
  main().catch((e) => {
    process.stderr.write(`${e.stack || e}\n`);
    process.exit(1);
  });
}
