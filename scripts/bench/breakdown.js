#!/usr/bin/env node
'use strict';
/**
 * node scripts/bench/breakdown.js   (after `npm run build`; about 2 minutes)
 *
 * Where the framework share of `GET /api/v1/me` goes (docs/performance.md, "Framework share"): the service is
 * started as `npm run bench` starts it, and the same request is answered by variants made by putting one handler
 * into the service's own Express stack at a chosen place:
 *   bare            the bench's bare handler: a separate Express app running the captured statement, same body
 *   domain          a first handler calling the service's own code (workspace by host, credential, MeQuery, mapper)
 *   + edge          the same handler after the edge middleware of app.factory.ts (up to the request context)
 *   + nest mw       the same after the API docs routes and Nest's middleware (workspace, API limit)
 *   route           the request as it is
 * Loads alternate between variants in 1-second rounds (BREAKDOWN_ROUNDS, 10), autocannon at 32 connections in a
 * child process; prints the median CPU time of this process per request of each variant. It reads Express's
 * router stack: a diagnostic, not a test (a changed stack makes it stop with a message).
 */
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { randomBytes } = require('node:crypto');

const root = join(__dirname, '..', '..');
const dist = (p) => join(root, 'dist', 'src', p);
require('reflect-metadata');
const pg = require('pg');
const express = require('express');
const pino = require('pino');

const BASE = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BREAKDOWN_ROUNDS || 10);
const PATH = '/api/v1/me';

function cannon(port, headers) {
  const argv = [require.resolve('autocannon/autocannon.js'), '-c', '32', '-d', '1', '-j'];
  for (const [k, v] of Object.entries(headers)) argv.push('-H', `${k}=${v}`);
  argv.push(`http://127.0.0.1:${port}${PATH}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out);
      resolve({ total: r.requests.total, non2xx: r.non2xx });
    });
  });
}

const withClient = async (url, fn) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

async function main() {
  const name = `crm_breakdown_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withClient(BASE, (c) => c.query(`CREATE DATABASE ${name}`));
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-breakdown-'));
  let app;
  let pool;
  let bareServer;
  try {
    const { createApp } = require(dist('app.factory.js'));
    const { loadConfig } = require(dist('platform/config/app-config.js'));
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000',
    });
    app = await createApp({ config, db: { url, embedded: false, close: async () => undefined }, logger: pino({ level: 'warn' }) });
    await app.listen(0, '127.0.0.1');
    const port = app.getHttpServer().address().port;
    const { ProvisioningService } = require(dist('domain/identity/provisioning.service.js'));
    const { UsersService } = require(dist('domain/identity/users.service.js'));
    const { CredentialsService } = require(dist('domain/identity/credentials.service.js'));
    const { WorkspaceService } = require(dist('domain/workspace/workspace.service.js'));
    const { MeQuery } = require(dist('domain/identity/me.query.js'));
    const { toMeResponse } = require(dist('interfaces/rest/identity/me.mapper.js'));
    const { requestContext } = require(dist('platform/common/request-context.js'));
    const prov = await app.get(ProvisioningService).provision({ slug: 'bench', name: 'Bench Ltd.', adminEmail: 'admin@bench.test', adminPassword: 'Admin-Password-123' });
    const seller = await app.get(UsersService).create(prov.workspace, { email: 'seller@bench.test', role: 'sales', department: 'North' });
    const { token } = await app.get(CredentialsService).issue({ workspaceId: prov.workspace.id, kind: 'api', userId: seller.id });
    const headers = { host: 'bench.localhost', authorization: `Bearer ${token}` };

    // the service's own code for /me, without Express's router or Nest (what the route's guard and controller call)
    const workspaces = app.get(WorkspaceService);
    const credentials = app.get(CredentialsService);
    const meQuery = app.get(MeQuery);
    const domain = async (req, res, next) => {
      if (req.url !== PATH) return next();
      try {
        const ws = await workspaces.findBySlug('bench');
        const r = await credentials.resolve(ws, req.headers.authorization.slice('Bearer '.length));
        const auth = { workspace: ws, user: r.user, credential: { id: r.credential.id, kind: r.credential.kind, scopes: r.credential.scopes }, modules: workspaces.licensedModules(ws), teamIds: r.teamIds };
        res.json(toMeResponse(await meQuery.me(auth), config.appVersion));
      } catch (e) {
        next(e);
      }
    };

    // the statements and body of one request with the caches warm (as the bench captures them), for the bare handler
    const call = () => requestContext.run({ requestId: 'capture' }, () => domain({ url: PATH, headers }, { json: (b) => (body = b) }, (e) => { throw e; }));
    let body;
    await call();
    const statements = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (...a) {
      const [first, second] = a;
      if (requestContext.getStore()) statements.push({ text: typeof first === 'string' ? first : first.text, values: Array.isArray(second) ? second : (first && first.values) || [] });
      return original.apply(this, a);
    };
    // a request may also write the credential's last use (at most once a minute): take one without it
    for (let i = 0; i < 5 && statements.length !== 1; i++) {
      statements.length = 0;
      await call();
    }
    pg.Client.prototype.query = original;
    if (statements.length !== 1) throw new Error(`breakdown: expected the one statement of /me, captured ${statements.map((x) => x.text.slice(0, 80)).join(' / ')}`);
    pool = new pg.Pool({ connectionString: url, max: 10 });
    const bare = express();
    bare.get(PATH, async (_req, res) => {
      for (const s of statements) await pool.query(s.text, s.values);
      res.json(body);
    });
    bareServer = await new Promise((resolve) => {
      const s = bare.listen(0, '127.0.0.1', () => resolve(s));
    });

    const expressApp = app.getHttpAdapter().getInstance();
    const stack = (expressApp.router || expressApp._router).stack;
    const Layer = stack[0].constructor;
    const afterEdge = stack.findIndex((l) => l.name === 'bindContext') + 1;
    // Nest registers its middleware (app.module.ts `configure`) as routes for every HTTP method
    const nestMiddleware = stack.map((l, i) => (l.route && Object.keys(l.route.methods).length > 30 ? i : -1)).filter((i) => i >= 0);
    const afterNest = Math.max(...nestMiddleware) + 1;
    if (afterEdge < 1 || nestMiddleware.length === 0 || afterNest < afterEdge) throw new Error('breakdown: Express stack not as expected (edge up to bindContext, docs, Nest middleware, routes)');
    const insertAt = (i, fn) => () => {
      stack.splice(i, 0, new Layer('/', { end: false }, fn));
      return () => stack.splice(i, 1);
    };
    const variants = {
      bare: { port: bareServer.address().port, apply: () => () => undefined },
      domain: { port, apply: insertAt(0, (req, res, next) => requestContext.run({ requestId: 'x' }, () => domain(req, res, next))) },
      '+ edge': { port, apply: insertAt(afterEdge, domain) },
      '+ nest mw': { port, apply: insertAt(afterNest, domain) },
      route: { port, apply: () => () => undefined },
    };
    const cpu = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
    for (const v of Object.values(variants)) {
      const undo = v.apply();
      await cannon(v.port, headers);
      undo();
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, v] of Object.entries(variants)) {
        const undo = v.apply();
        const c0 = process.cpuUsage();
        const r = await cannon(v.port, headers);
        const c = process.cpuUsage(c0);
        undo();
        if (r.non2xx) throw new Error(`breakdown: ${k} answered ${r.non2xx} non-2xx responses`);
        cpu[k].push((c.user + c.system) / r.total);
      }
    }
    const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
    const bareCpu = median(cpu.bare);
    process.stdout.write(`\nGET ${PATH}, ${ROUNDS} rounds of 1 s per variant, median CPU of this process per request\n\n| variant | µs / request | bare / variant |\n|---|---|---|\n`);
    for (const [k, a] of Object.entries(cpu)) process.stdout.write(`| ${k} | ${median(a).toFixed(0)} | ${(bareCpu / median(a)).toFixed(2)} |\n`);
  } finally {
    if (bareServer) await new Promise((r) => bareServer.close(r));
    if (pool) await pool.end();
    if (app) await app.close();
    await withClient(BASE, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`${e.stack || e}\n`);
    process.exit(1);
  },
);
