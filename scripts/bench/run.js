#!/usr/bin/env node
'use strict';
/**
 * npm run bench [-- --quick] [-- --hot] [-- --erp] [-- --webhooks] [-- --webhooks --embedded] [-- --token] [-- --journal] [-- --export] [-- --import]
 *                [-- --reports [--explain]] [-- --workflows]
 *
 * Loads the hot paths of the service (dist/, on the local PostgreSQL server, in a fresh database): GET
 * /api/v1/me, the 50-row lists of opportunities, companies and people, a company record and Today, with
 * autocannon at 32 connections, and a bare Express 5
 * handler that runs exactly the statements the service ran for one request of each kind (captured from
 * the pg driver) through a bare pg Pool of the same size, answering the same JSON body. Sizes: 10k
 * and then 1M opportunities of one owner (--quick: 10k only, shorter loads). Prints req/s, p50, p99,
 * the ratio service / bare, the CPU time of this process per request on each side, and the database round
 * trips of one request of each kind. The database is
 * dropped at the end. Method and figures: docs/performance.md.
 *
 * Then the ERP claim: ERP_POLLERS (8) concurrent HTTP pollers drain ERP_ORDERS (50,000) queued ERP orders with
 * GET /api/erp/v1/orders?claim=1 (100 per call); prints orders/s and double claims (targets >= 10,000
 * orders/s, 0 doubles). `--erp` runs only this part.
 *
 * Then webhooks (`--webhooks` runs only this part): WH_EVENTS (5,000) customer_created events written to
 * the outbox, delivered by the service's worker to a loopback receiver answering 200: events/s from the
 * commit until the receiver has them all (target >= 500/s); and the p99 of WH_REQUESTS (500) sequential
 * POST /api/v1/companies (each raises customer_created) while a subscribed receiver never answers,
 * minus the p99 of the same requests with no connection at all (target <= 5 ms). `--embedded` runs this
 * part on the embedded database (PGlite, a fresh data directory) instead of the PostgreSQL server.
 *
 * Then the token endpoint (`--token` runs only this part; scripts/bench/token.js): the refresh grant with
 * rotation at 8 connections on the service and on oidc-provider (in-memory), the same client code one
 * after the other; req/s, p50, p99 (target: the service at least oidc-provider's req/s; no failures).
 *
 * Then the event journal and Idempotency-Key (`--journal` runs only these; scripts/bench/journal.js):
 * events/s of one reader following `next_cursor` through GET /api/v1/events at JOURNAL_EVENTS (100,000)
 * events, as the admin and as a sales user; and the p50 of POST /api/v1/companies with and without an
 * `Idempotency-Key` (IDEM_REQUESTS (400) alternating pairs), and of a replayed key.
 *
 * Then the export (`--export` runs only this part; scripts/bench/export.js): EXPORT_OPPS (100,000) opportunities more,
 * read through GET /api/v1/opportunities/export as CSV and XLSX: rows/s and the service's RSS during each. The export and
 * import parts talk to the service in a process of its own (scripts/bench/service.js, the flags of `npm start`).
 *
 * The import (`--import` only, not part of the full run; scripts/bench/import.js): IMPORT_ROWS (100,000) people with a
 * company each, 10 % repeated e-mails and 2 % bad values, uploaded, dry run and run: seconds of each, the service's and
 * PostgreSQL's CPU time, statements, and the service's RSS.
 * The reports (`--reports` only, not part of the full run; scripts/bench/reports.js): REPORT_OPPS (100,000)
 * opportunities with REPORT_ROWS (10) history rows each (100: 10x the history), every report's time as the admin and
 * as a sales user (target <= 300 ms); `--explain` prints the plan (EXPLAIN ANALYZE) of each report's statement.
 *
 * The workflows (`--workflows` only, not part of the full run; scripts/bench/workflows.js): the p99 of a request whose
 * event starts a rule's run, with 20 enabled rules against none (target: <= 20 ms more), and 1,000 events/s through
 * 20 rules: the engine's drain rate and its backlog over time (target: no growth).
 *
 * BENCH_DIST=<dir>: another build of the service (a copy of dist/ made before a change) for an A/B run.
 * `--hot`: only the hot paths, service against bare (no one-connection scale figures, no other parts).
 * BENCH_PROFILE=<dir>: CPU profiles of each hot path's loads, the service's in <dir>/<kind>.cpuprofile and the
 * bare handler's in <dir>/<kind>-bare.cpuprofile (scripts/bench/profile-summary.js prints self time by function).
 * Each load also counts every statement this process sent (service or bare, background work included).
 *
 * Service and bare loads alternate in rounds (2, or 1 with --quick) and each side keeps its best round.
 * Env: BENCH_DATABASE_URL (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_DURATION (seconds per load), BENCH_CONNECTIONS (32), BENCH_ACCEPT_ENCODING (the service's loads send it: "gzip, br").
 */
const { spawn } = require('node:child_process');
const http = require('node:http');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir, cpus, totalmem } = require('node:os');
const { join, resolve } = require('node:path');
const { randomBytes } = require('node:crypto');

const root = join(__dirname, '..', '..');
// BENCH_DIST: another build of the service (e.g. a copy of dist/ before a change, for an A/B run)
const dist = (p) => join(process.env.BENCH_DIST ? resolve(root, process.env.BENCH_DIST) : join(root, 'dist'), 'src', p);
require('reflect-metadata');
const pg = require('pg');
const express = require('express');
const pino = require('pino');
const { seedOpportunities, keepNewestOpen } = require('./seed.js');
const { benchToken, reportToken } = require('./token.js');
const { benchJournal, benchIdempotency, reportJournal } = require('./journal.js');
const { benchExport, reportExport } = require('./export.js');
const { benchReports, reportReports } = require('./reports.js');
const { benchWorkflows, reportWorkflows } = require('./workflows.js');
const { benchImport, reportImport } = require('./import.js');
const { startService } = require('./service.js');

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const BASE = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION || (QUICK ? 3 : 8));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const POOL_MAX = 10; // the service's pool size (src/platform/database/data-source-options.ts)
const SIZES = QUICK ? [10_000] : [10_000, 1_000_000];
const SCALE_DURATION = QUICK ? 2 : 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS || (QUICK ? 1 : 2));
const HOT_ONLY = args.includes('--hot');
const PROFILE_DIR = process.env.BENCH_PROFILE || '';
const ERP_ONLY = args.includes('--erp');
const ERP_ORDERS = Number(process.env.ERP_ORDERS || 50_000);
const ERP_POLLERS = Number(process.env.ERP_POLLERS || 8);
// --embedded: the embedded database (PGlite on its unix socket) instead of the server; webhooks part only
const EMBEDDED = args.includes('--embedded');
const TOKEN_ONLY = args.includes('--token');
const JOURNAL_ONLY = args.includes('--journal');
const EXPORT_ONLY = args.includes('--export');
const REPORTS_ONLY = args.includes('--reports');
const WORKFLOWS_ONLY = args.includes('--workflows');
const IMPORT_ONLY = args.includes('--import');
const WEBHOOKS_ONLY = args.includes('--webhooks') || (EMBEDDED && !TOKEN_ONLY && !JOURNAL_ONLY);
/** A part alone (`--erp`, `--webhooks`, `--token`, `--journal`) or, without any, the full run. */
const ONLY = ERP_ONLY || WEBHOOKS_ONLY || TOKEN_ONLY || JOURNAL_ONLY || EXPORT_ONLY || REPORTS_ONLY || WORKFLOWS_ONLY || IMPORT_ONLY;
/** The seller's own companies (8 carry the opportunities) and people: enough for a 50-row page of each. */
const OWN_COMPANIES = 60;
const OWN_PEOPLE = 60;
const WH_EVENTS = Number(process.env.WH_EVENTS || 5_000);
const WH_REQUESTS = Number(process.env.WH_REQUESTS || 500);
const OPEN = 2_000;
const SLUG = 'bench';
const HOST = `${SLUG}.localhost`;

const log = (s) => process.stdout.write(`${s}\n`);

// ------------------------------------------------------------------ statement capture (pg driver hook)
// only the statements of the request (its request context): not those of the background workers running meanwhile
let capturing = null;
// every statement this process sends (service, background workers and bare handler alike): per load below
let sent = 0;
const { requestContext } = require(dist('platform/common/request-context.js'));
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (...a) {
  sent++;
  if (capturing && requestContext.getStore()) {
    const [first, second] = a;
    const text = typeof first === 'string' ? first : first && first.text;
    const values = Array.isArray(second) ? second : (first && first.values) || [];
    if (text) capturing.push({ text, values });
  }
  return originalQuery.apply(this, a);
};

async function capture(fn) {
  capturing = [];
  try {
    const result = await fn();
    return { result, statements: capturing };
  } finally {
    capturing = null;
  }
}

// ------------------------------------------------------------------ CPU profile of the service's loads
/** Runs `fn` under the V8 profiler of this process (the service's) and adds the samples to `<dir>/<kind>`. */
const profiles = new Map();
async function profiled(kind, fn) {
  if (!PROFILE_DIR) return fn();
  const inspector = require('node:inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (m, p) => new Promise((resolve, reject) => session.post(m, p, (e, r) => (e ? reject(e) : resolve(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await post('Profiler.stop');
    session.disconnect();
    const { mkdirSync, writeFileSync } = require('node:fs');
    mkdirSync(PROFILE_DIR, { recursive: true });
    // the last round's profile is kept (rounds are alike)
    profiles.set(kind, profile);
    writeFileSync(join(PROFILE_DIR, `${kind}.cpuprofile`), JSON.stringify(profile));
  }
}

// ------------------------------------------------------------------ helpers
async function withClient(url, fn) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function dbUrl(name) {
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  return u.toString();
}

/** autocannon in a child process (so it does not share the servers' event loop). */
function cannon(url, headers, connections = CONNECTIONS, duration = DURATION) {
  const bin = require.resolve('autocannon/autocannon.js');
  const argv = [bin, '-c', String(connections), '-d', String(Math.max(1, Math.round(duration))), '-j'];
  for (const [k, v] of Object.entries(headers)) argv.push('-H', `${k}=${v}`);
  argv.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, total: r.requests.total });
    });
  });
}

/** One GET (node:http: fetch may not set Host). */
function get(port, path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${path}: ${res.statusCode} ${body.slice(0, 300)}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A bare Express 5 app: each route runs its captured statements on a bare pg Pool and answers the body. */
async function startBare(url, routes) {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
  const app = express();
  const run = async (statements) => {
    for (let i = 0; i < statements.length; i++) {
      const s = statements[i];
      if (/^\s*(START TRANSACTION|BEGIN)/i.test(s.text)) {
        // a transaction runs on one connection, as TypeORM's query runner does
        const client = await pool.connect();
        try {
          for (; i < statements.length; i++) {
            await client.query(statements[i].text, statements[i].values);
            if (/^\s*(COMMIT|ROLLBACK)\b/i.test(statements[i].text)) break;
          }
        } finally {
          client.release();
        }
      } else {
        await pool.query(s.text, s.values);
      }
    }
  };
  for (const [path, r] of Object.entries(routes)) {
    app.get(path, async (_req, res) => {
      await run(r.statements);
      res.json(r.body);
    });
  }
  const server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    port: server.address().port,
    setRoutes(next) {
      for (const [path, r] of Object.entries(next)) Object.assign(routes[path], r);
    },
    async close() {
      await new Promise((r) => server.close(r));
      await pool.end();
    },
  };
}

const fmt = (n, d = 0) => (typeof n === 'number' ? n.toFixed(d) : String(n));
const pad = (s, n) => String(s).padEnd(n);
const padl = (s, n) => String(s).padStart(n);

// ------------------------------------------------------------------ main
async function main() {
  const started = Date.now();
  const name = `crm_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  if (!EMBEDDED) await withClient(BASE, (c) => c.query(`CREATE DATABASE ${name}`));
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
  let embedded = null;
  if (EMBEDDED) embedded = await require(dist('platform/database/embedded.js')).openDatabase({ dataDir });
  // pg clients of the bench reach the embedded database on its socket directory
  const url = EMBEDDED ? `postgres://postgres@/postgres?host=${encodeURIComponent(embedded.socketDir)}` : dbUrl(name);
  let app;
  let bare;
  let seeder;
  let service;
  try {
    const pgVersion = await withClient(url, async (c) => (await c.query('SHOW server_version')).rows[0].server_version);
    log(`machine: ${cpus().length} x ${cpus()[0] && cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM; Node ${process.version}; ${EMBEDDED ? 'embedded PGlite' : 'PostgreSQL'} ${pgVersion}`);
    if (EMBEDDED) log(`embedded database in ${dataDir} (pool of 1)\n`);
    else log(`database ${name}; autocannon ${CONNECTIONS} connections, ${DURATION} s per load; pool ${POOL_MAX} on both sides${QUICK ? '; --quick' : ''}\n`);

    const { createApp } = require(dist('app.factory.js'));
    const { loadConfig } = require(dist('platform/config/app-config.js'));
    const { ProvisioningService } = require(dist('domain/identity/provisioning.service.js'));
    const { UsersService } = require(dist('domain/identity/users.service.js'));
    const { CredentialsService } = require(dist('domain/identity/credentials.service.js'));

    const serviceEnv = {
      ...process.env,
      DATABASE_URL: EMBEDDED ? '' : url,
      DATA_DIR: dataDir,
      SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000',
      RATE_LIMIT_ERP_PER_MINUTE: '1000000',
      RATE_LIMIT_OAUTH_PER_MINUTE: '1000000',
      // webhooks phase: the delivery worker on, receivers on loopback (listed for user destinations)
      PRIVATE_NETWORK_ALLOWLIST: '127.0.0.1',
      WEBHOOK_WORKER: '1',
      // import phase: the worker picks a job up within 50 ms of its last batch
      IMPORT_WORKER: '1',
      IMPORT_POLL_MS: '50',
    };
    // the import and export parts talk to the service in a process of its own (scripts/bench/service.js), so that
    // its RSS and CPU are not the bench client's; this process's app then leaves the import jobs to it
    const separate = IMPORT_ONLY || EXPORT_ONLY || (!ONLY && !HOT_ONLY);
    const config = loadConfig({ ...serviceEnv, IMPORT_WORKER: separate ? '0' : '1' });
    const logger = pino({ level: 'warn' });
    app = await createApp({ config, db: embedded || { url, embedded: false, close: async () => undefined }, logger });
    await app.listen(0, '127.0.0.1');
    const port = app.getHttpServer().address().port;

    // workspace, one sales owner with 8 companies (seed: scripts/bench/seed.js)
    const prov = await app.get(ProvisioningService).provision({ slug: SLUG, name: 'Bench Ltd.', adminEmail: 'admin@bench.test', adminPassword: 'Admin-Password-123' });
    const ws = prov.workspace;
    const seller = await app.get(UsersService).create(ws, { email: 'seller@bench.test', role: 'sales', department: 'North' });
    const { token } = await app.get(CredentialsService).issue({ workspaceId: ws.id, kind: 'api', userId: seller.id });
    // seeding on a client of its own: no statement timeout (the app's pool has 30 s)
    seeder = new pg.Client({ connectionString: url });
    await seeder.connect();
    await seeder.query('SET statement_timeout = 0');
    const query = async (sql, params) => (await seeder.query(sql, params)).rows;
    const c = ws.constants;
    const companyIds = [];
    for (let i = 0; i < OWN_COMPANIES; i++) {
      const [row] = await query(
        `INSERT INTO companies (workspace_id, name, name_norm, status, owner_id, city) VALUES ($1, $2::varchar, lower($2::varchar), $3, $4, 'Izmir') RETURNING id`,
        [ws.id, `Bench Customer ${i}`, c.customer_statuses[1], seller.id],
      );
      companyIds.push(row.id);
    }
    await query(
      `INSERT INTO people (workspace_id, name, name_norm, email, phone, title, owner_id, customer_id)
       SELECT $1, 'Bench Person ' || g, lower('bench person ' || g), 'person' || g || '@customer.test', '+90 232 000 00 ' || lpad(g::text, 2, '0'), 'Buyer', $2, ($3::int[])[1 + g % cardinality($3::int[])]
       FROM generate_series(1, $4::int) AS g`,
      [ws.id, seller.id, companyIds, OWN_PEOPLE],
    );
    const oppCompanyIds = companyIds.slice(0, 8);
    const opp = { workspaceId: ws.id, ownerId: seller.id, companyIds: oppCompanyIds, openStages: c.open_stages, closedStages: c.stages.filter((s) => !c.open_stages.includes(s)) };

    const headers = { host: HOST, authorization: `Bearer ${token}` };
    // BENCH_ACCEPT_ENCODING (e.g. "gzip, br", what browsers send): the service's loads ask for compression;
    // the bare handler never compresses, so the ratio shows what compression costs
    const loadHeaders = process.env.BENCH_ACCEPT_ENCODING ? { ...headers, 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING } : headers;
    const paths = {
      me: '/api/v1/me',
      list: '/api/v1/opportunities?limit=50',
      companies: '/api/v1/companies?limit=50',
      people: '/api/v1/people?limit=50',
      record: `/api/v1/companies/${companyIds[0]}`,
      today: '/api/v1/today',
    };
    // BENCH_KINDS=companies,me: only these hot paths (an A/B run of one path)
    if (process.env.BENCH_KINDS) for (const k of Object.keys(paths)) if (!process.env.BENCH_KINDS.split(',').includes(k)) delete paths[k];
    const results = [];
    const scale = [];
    let seeded = 0;
    for (const size of ONLY ? [] : SIZES) {
      const t0 = Date.now();
      const CHUNK = 200_000;
      for (let from = seeded + 1; from <= size; from += CHUNK) await seedOpportunities(query, { ...opp, from, to: Math.min(size, from + CHUNK - 1) });
      await keepNewestOpen(query, { ...opp, openKeep: OPEN });
      await query('VACUUM ANALYZE');
      seeded = size;
      log(`seeded ${size.toLocaleString('en')} opportunities (${OPEN} open) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

      // one request of each kind, twice: the second is the steady state (caches warm) whose statements we replay
      const routes = {};
      for (const [kind, path] of Object.entries(paths)) {
        await get(port, path, headers);
        // the fewest statements of three: a request may also write the credential's last use (at most once a
        // minute), which the bare handler would then repeat on every request
        let kept = null;
        for (let i = 0; i < 3; i++) {
          const c = await capture(() => get(port, path, headers));
          if (!kept || c.statements.length < kept.statements.length) kept = c;
        }
        const { result: body, statements } = kept;
        routes[`/${kind}`] = { statements, body: JSON.parse(body), bytes: Buffer.byteLength(body) };
      }
      if (!bare) bare = await startBare(url, routes);
      else bare.setRoutes(routes);
      for (const [kind, path] of Object.entries(paths)) {
        const r = routes[`/${kind}`];
        // alternate service and bare in rounds and keep each side's best round: the machine may be shared,
        // and load that comes and goes should not land on one side only
        let svc = null;
        let raw = null;
        // CPU time of this process (the service's, then the bare handler's) per request: steadier than req/s
        // when other work shares the machine (autocannon and PostgreSQL run in processes of their own)
        const cpu = { svc: 0, svcN: 0, raw: 0, rawN: 0 };
        const timed = async (load) => {
          const c0 = process.cpuUsage();
          const s0 = sent;
          const r = await load();
          const c = process.cpuUsage(c0);
          return { r, us: c.user + c.system, sent: sent - s0 };
        };
        for (let round = 0; round < ROUNDS; round++) {
          const x = await timed(() => profiled(kind, () => cannon(`http://127.0.0.1:${port}${path}`, loadHeaders, CONNECTIONS, DURATION / ROUNDS)));
          const y = await timed(() => profiled(`${kind}-bare`, () => cannon(`http://127.0.0.1:${bare.port}/${kind}`, {}, CONNECTIONS, DURATION / ROUNDS)));
          cpu.svc += x.us;
          cpu.svcN += x.r.total;
          cpu.svcSent = (cpu.svcSent || 0) + x.sent;
          cpu.rawSent = (cpu.rawSent || 0) + y.sent;
          cpu.raw += y.us;
          cpu.rawN += y.r.total;
          if (!svc || x.r.rps > svc.rps) svc = x.r;
          if (!raw || y.r.rps > raw.rps) raw = y.r;
        }
        svc.cpuPerReq = cpu.svc / Math.max(1, cpu.svcN);
        raw.cpuPerReq = cpu.raw / Math.max(1, cpu.rawN);
        svc.sentPerReq = cpu.svcSent / Math.max(1, cpu.svcN);
        raw.sentPerReq = cpu.rawSent / Math.max(1, cpu.rawN);
        const one = HOT_ONLY ? { p50: '-', p99: '-' } : await cannon(`http://127.0.0.1:${port}${path}`, headers, 1, Math.min(DURATION, 3));
        results.push({ size, kind, trips: r.statements.length, bytes: r.bytes, svc, raw, one, statements: r.statements });
        log(`  ${kind}: ${r.statements.length} round trips, ${r.bytes} bytes; service ${fmt(svc.rps)} req/s, bare ${fmt(raw.rps)} req/s; CPU per request ${fmt(svc.cpuPerReq)} / ${fmt(raw.cpuPerReq)} µs; statements sent per request during the load ${fmt(svc.sentPerReq, 2)} / ${fmt(raw.sentPerReq, 2)}`);
      }
      // one connection, the service only: the endpoints whose cost could grow with history
      const scalePaths = {
        'company list': '/api/v1/companies?limit=50',
        'company record': `/api/v1/companies/${companyIds[0]}`,
        today: '/api/v1/today',
        'opportunities q=PO number': `/api/v1/opportunities?limit=50&q=PO-${size - 17}`,
        'opportunities q=product word': '/api/v1/opportunities?limit=50&q=bubble',
        'opportunities q=2 chars': '/api/v1/opportunities?limit=50&q=zq',
      };
      for (const [what, path] of Object.entries(HOT_ONLY ? {} : scalePaths)) {
        await get(port, path, headers);
        const one = await cannon(`http://127.0.0.1:${port}${path}`, headers, 1, SCALE_DURATION);
        scale.push({ size, what, p50: one.p50, p99: one.p99 });
      }
      log(`  one connection: ${scale.filter((x) => x.size === size).map((x) => `${x.what} ${x.p50} ms`).join(', ')}`);
    }

    // ---------------------------------------------------------------- ERP claim
    const erp = (!ONLY && !HOT_ONLY) || ERP_ONLY ? await benchErpClaim(app, ws, query, port) : null;

    // ---------------------------------------------------------------- webhooks
    const wh = (!ONLY && !HOT_ONLY) || WEBHOOKS_ONLY ? await benchWebhooks(app, ws, query, port, { seller: headers, admin: { host: HOST, authorization: `Bearer ${prov.apiKey}` } }) : null;

    // ---------------------------------------------------------------- token endpoint
    const tok = (!ONLY && !HOT_ONLY) || TOKEN_ONLY ? await benchToken({ app, ws, port, host: HOST, dist, capture, query, log }) : null;

    // ---------------------------------------------------------------- event journal, Idempotency-Key
    const jKeys = { seller: headers, admin: { host: HOST, authorization: `Bearer ${prov.apiKey}` } };
    const journal = (!ONLY && !HOT_ONLY) || JOURNAL_ONLY ? await benchJournal({ ws, query, port, keys: jKeys, companyIds: oppCompanyIds, log }) : null;
    const idem = (!ONLY && !HOT_ONLY) || JOURNAL_ONLY ? await benchIdempotency({ port, keys: jKeys }) : null;

    // ---------------------------------------------------------------- export (last: it adds opportunities)
    const startChild = async () => {
      if (EMBEDDED) throw new Error('the import and export parts run on the PostgreSQL server only');
      service = await startService({ ...serviceEnv, DATABASE_URL: url });
      log(`service process ${service.pid} (dist/, NODE_ENV=production, node ${service.flags.join(' ') || '(no flags)'}) on port ${service.port}: its RSS is the one reported below`);
      return service;
    };
    // EXPORT_FLAGS="<flags>|<flags>|…": the CSV download again on a service started with each set of Node flags
    const restart = async (flags) => {
      await service.close();
      service = await startService({ ...serviceEnv, DATABASE_URL: url }, flags);
      return service;
    };
    const exp = (!ONLY && !HOT_ONLY) || EXPORT_ONLY ? await benchExport({ query, service: await startChild(), restart, headers, opp, log }) : null;

    // ---------------------------------------------------------------- reports (only with --reports)
    const rep = REPORTS_ONLY
      ? await benchReports({ app, dist, ws, query, port, host: HOST, adminKey: prov.apiKey, capture, explain: args.includes('--explain'), log })
      : null;

    // ---------------------------------------------------------------- workflows (only with --workflows)
    const wf = WORKFLOWS_ONLY ? await benchWorkflows({ ws, query, port, host: HOST, adminKey: prov.apiKey, log }) : null;

    // ---------------------------------------------------------------- import (only with --import)
    const imp = IMPORT_ONLY ? await benchImport({ service: service ?? (await startChild()), query, headers: { host: HOST, authorization: `Bearer ${prov.apiKey}` }, log }) : null;

    // ---------------------------------------------------------------- report
    if (ONLY) {
      if (wf) reportWorkflows(wf, log);
      if (imp) reportImport(imp, log);
      if (rep) reportReports(rep, log);
      if (exp) reportExport(exp, log);
      if (erp) reportErp(erp);
      if (wh) reportWebhooks(wh);
      if (tok) reportToken(tok, log);
      if (journal || idem) reportJournal(journal, idem, log);
      return;
    }
    log('\n| size | request | round trips | service req/s | p50 | p99 | bare req/s | p50 | p99 | service / bare | 1 conn p50 | CPU µs/req service | bare | bare / service CPU |');
    log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      log(
        `| ${r.size.toLocaleString('en')} | ${r.kind} | ${r.trips} | ${fmt(r.svc.rps)} | ${r.svc.p50} ms | ${r.svc.p99} ms | ${fmt(r.raw.rps)} | ${r.raw.p50} ms | ${r.raw.p99} ms | ${fmt(r.svc.rps / r.raw.rps, 2)} | ${r.one.p50} ms | ${fmt(r.svc.cpuPerReq)} | ${fmt(r.raw.cpuPerReq)} | ${fmt(r.raw.cpuPerReq / r.svc.cpuPerReq, 2)} |`,
      );
      const bad = r.svc.non2xx + r.svc.errors + r.raw.non2xx + r.raw.errors;
      if (bad) log(`|   | (${r.kind}: ${bad} non-2xx or errors during the load) |`);
    }
    log('\none connection, service, p50 / p99 by size:');
    log(`| request | ${SIZES.map((z) => z.toLocaleString('en')).join(' | ')} |`);
    log(`|---|${SIZES.map(() => '---').join('|')}|`);
    for (const what of [...new Set(scale.map((x) => x.what))]) {
      log(`| ${what} | ${SIZES.map((z) => scale.find((x) => x.size === z && x.what === what)).map((x) => `${x.p50} / ${x.p99} ms`).join(' | ')} |`);
    }
    log('\nstatements of one request (steady state):');
    for (const r of results.filter((x) => x.size === SIZES[SIZES.length - 1])) {
      log(`  ${r.kind}:`);
      for (const s of r.statements) log(`    ${s.text.replace(/\s+/g, ' ').slice(0, 150)}`);
    }
    const at = (size, kind) => results.find((r) => r.size === size && r.kind === kind);
    const check = (ok, text) => log(`  [${ok ? 'met' : 'NOT met'}] ${text}`);
    log('\ntargets:');
    const me = at(SIZES[0], 'me');
    const list = at(SIZES[0], 'list');
    check(me.trips <= 2, `/me in at most 2 round trips: ${me.trips}`);
    check(list.trips <= 5, `list in at most 5 round trips: ${list.trips}`);
    for (const r of results) check(r.svc.rps >= 0.8 * r.raw.rps, `${r.kind} at ${r.size.toLocaleString('en')}: service >= 0.8x bare: ${fmt(r.svc.rps / r.raw.rps, 2)}x`);
    if (SIZES.length > 1 && !HOT_ONLY) {
      const small = at(SIZES[0], 'list');
      const large = at(SIZES[1], 'list');
      check(large.svc.p50 <= 1.5 * small.svc.p50, `list p50 at 1M <= 1.5x p50 at 10k (32 connections): ${large.svc.p50} ms vs ${small.svc.p50} ms`);
      check(large.one.p50 <= 1.5 * small.one.p50, `list p50 at 1M <= 1.5x p50 at 10k (1 connection): ${large.one.p50} ms vs ${small.one.p50} ms`);
      for (const what of ['company list', 'company record', 'today']) {
        const [x, y] = SIZES.map((z) => scale.find((r) => r.size === z && r.what === what));
        check(y.p50 <= 1.5 * x.p50, `${what} p50 at 1M <= 1.5x p50 at 10k (1 connection): ${y.p50} ms vs ${x.p50} ms`);
      }
    }
    if (erp) reportErp(erp);
    if (wh) reportWebhooks(wh);
    if (tok) reportToken(tok, log);
    if (journal || idem) reportJournal(journal, idem, log);
    if (exp) reportExport(exp, log);
    log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await new Promise((r) => setTimeout(r, 1500)); // requests still running when autocannon stopped
  } finally {
    if (service) await service.close().catch(() => undefined);
    if (bare) await bare.close().catch(() => undefined);
    if (seeder) await seeder.end().catch(() => undefined);
    if (app) await app.close().catch(() => undefined);
    if (embedded) await embedded.close().catch(() => undefined);
    // BENCH_KEEP_DB=1: keep the database (its name is printed at the start) to study plans with psql; drop it yourself
    else if (process.env.BENCH_KEEP_DB) log(`kept database ${name}`);
    else await withClient(BASE, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch((e) => log(`could not drop ${name}: ${e.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * ERP_ORDERS queue entries (one ERP order snapshot of about 700 bytes each), drained by ERP_POLLERS
 * concurrent pollers over HTTP (keep-alive) with claim=1 until a call returns none.
 */
async function benchErpClaim(app, ws, query, port) {
  const { CredentialsService } = require(dist('domain/identity/credentials.service.js'));
  const { token } = await app.get(CredentialsService).issue({ workspaceId: ws.id, kind: 'erp' });
  const t0 = Date.now();
  await query(
    `INSERT INTO erp_queue (workspace_id, order_id, state, attempts, payload)
     SELECT $1, g, 'waiting', 0, jsonb_build_object(
       'ref', 'ORD-' || g, 'po', 'PO-' || g, 'date', '2026-11-23', 'due', NULL, 'kind', 'sale', 'currency', 'EUR', 'note', NULL,
       'order_id', g, 'payment_days', 30, 'owner', jsonb_build_object('email', 'seller@bench.test', 'name', 'Seller'),
       'customer', jsonb_build_object('id', 1, 'rid', 'C1', 'name', 'Bench Customer', 'code', '120.001', 'ext_id', '', 'tax_no', '1234567890',
         'tax_office', 'Konak', 'address', 'Alsancak 1', 'city', 'Izmir', 'phone', '+90 232 000 00 00', 'email', 'buy@customer.test'),
       'lines', jsonb_build_array(jsonb_build_object('code', 'LD-1', 'ext_id', 'ERP-LD-1', 'name', 'LDPE film', 'unit', 'kg', 'qty', 500, 'price', 1.45)))
     FROM generate_series(1, $2::int) g`,
    [ws.id, ERP_ORDERS],
  );
  await query('VACUUM ANALYZE erp_queue');
  log(`\nseeded ${ERP_ORDERS.toLocaleString('en')} ERP queue entries in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: ERP_POLLERS });
  const headers = { host: HOST, 'x-service-erp-key': token };
  const seen = new Map();
  let calls = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: ERP_POLLERS }, async () => {
      for (;;) {
        const body = await new Promise((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port, path: '/api/erp/v1/orders?claim=1', headers, agent }, (res) => {
            let b = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (b += d));
            res.on('end', () => (res.statusCode === 200 ? resolve(b) : reject(new Error(`ERP claim: ${res.statusCode} ${b.slice(0, 300)}`))));
          });
          req.on('error', reject);
          req.end();
        });
        calls++;
        const { orders } = JSON.parse(body);
        if (orders.length === 0) return;
        for (const o of orders) seen.set(o.id, (seen.get(o.id) || 0) + 1);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  const claims = [...seen.values()].reduce((a, b) => a + b, 0);
  const doubles = claims - seen.size;
  const [left] = await query(`SELECT count(*)::int AS n FROM erp_queue WHERE workspace_id = $1 AND claimed_until IS NULL`, [ws.id]);
  return { orders: seen.size, claims, doubles, calls, seconds, rate: seen.size / seconds, unclaimed: left.n };
}

function reportErp(r) {
  log(`\nERP claim: ${ERP_POLLERS} pollers, ${r.orders.toLocaleString('en')} orders in ${r.calls} calls, ${r.seconds.toFixed(2)} s: ${fmt(r.rate)} orders/s; double claims ${r.doubles}; left unclaimed ${r.unclaimed}`);
  log(`  [${r.rate >= 10_000 ? 'met' : 'NOT met'}] ERP claim >= 10,000 orders/s: ${fmt(r.rate)}`);
  log(`  [${r.doubles === 0 && r.orders === ERP_ORDERS && r.unclaimed === 0 ? 'met' : 'NOT met'}] every ERP order claimed exactly once: ${r.orders} of ${ERP_ORDERS}, ${r.doubles} doubles`);
}

/** One request with a JSON body (node:http, keep-alive agent); resolves status, body and milliseconds. */
function send(port, method, path, headers, body, agent) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const h = payload === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: h, agent }, (res) => {
      let b = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (b += d));
      res.on('end', () => resolve({ status: res.statusCode, body: b, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const p99 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(0.99 * s.length) - 1)];
};
const p50 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(0.5 * s.length) - 1)];
};

/**
 * Webhooks: a loopback receiver (`/ok` answers 200 after reading the body, `/hang` never answers), the
 * service's own worker (WEBHOOK_WORKER on, default poll and per-connection concurrency).
 * 1. baseline: WH_REQUESTS sequential POST /api/v1/companies with no webhook connection;
 * 2. throughput: one connection to `/ok` for customer_created; WH_EVENTS outbox rows inserted in one
 *    statement, shaped as the companies service writes them; time from the commit until the receiver
 *    counted them all; the connection is then deleted;
 * 3. hanging: one connection to `/hang` for customer_created, then WH_REQUESTS sequential POSTs again.
 */
async function benchWebhooks(app, ws, query, port, keys) {
  const { WebhookWorker } = require(dist('domain/integrations/webhook-worker.js'));
  const worker = app.get(WebhookWorker);
  let received = 0;
  let hung = 0;
  const hanging = [];
  let onAll = null;
  const seen = new Map(); // data.id of each event received -> times
  const receiver = http.createServer((req, res) => {
    if (req.url.startsWith('/hang')) {
      hung++;
      hanging.push(res);
      req.resume();
      return;
    }
    const chunks = [];
    req.on('data', (d) => chunks.push(d));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
      received++;
      const id = JSON.parse(Buffer.concat(chunks).toString('utf8')).data.id;
      seen.set(id, (seen.get(id) || 0) + 1);
      if (onAll && seen.size >= WH_EVENTS) onAll();
    });
  });
  await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${receiver.address().port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let n = 0;
  const posts = async (count) => {
    const ms = [];
    for (let i = 0; i < count; i++) {
      const r = await send(port, 'POST', '/api/v1/companies', keys.seller, { name: `Webhook Bench ${process.pid} ${++n}`, city: 'Izmir' }, agent);
      if (r.status !== 201) throw new Error(`POST /api/v1/companies: ${r.status} ${r.body.slice(0, 300)}`);
      ms.push(r.ms);
    }
    return ms;
  };
  const connect = async (path) => {
    const r = await send(port, 'POST', '/api/v1/webhooks', keys.admin, { url: `${base}${path}`, events: ['customer_created'] }, agent);
    if (r.status !== 201) throw new Error(`POST /api/v1/webhooks: ${r.status} ${r.body.slice(0, 300)}`);
    return JSON.parse(r.body).webhook.id;
  };
  try {
    // the events of earlier requests must be dispatched before a connection exists, or it gets them too
    const drained = async () => {
      for (let i = 0; i < 400; i++) {
        const [p] = await query(`SELECT count(*)::int AS n FROM outbox_events WHERE workspace_id = $1 AND status = 'pending'`, [ws.id]);
        if (p.n === 0) return;
        worker.wake();
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('webhooks: the outbox did not drain');
    };
    await posts(20); // warm-up
    await drained();

    // 2. throughput to a receiver answering 200
    const okId = await connect('/ok');
    const allIn = new Promise((resolve) => (onAll = resolve));
    const t0 = process.hrtime.bigint();
    await query(
      `INSERT INTO outbox_events (workspace_id, event, title, text, url, data, record_type, record_id)
       SELECT $1, 'customer_created', 'New company: Bench ' || g, 'Bench ' || g || ' (' || $3 || ', Izmir) was added by Seller.', '/companies/' || g,
              jsonb_build_object('id', g, 'rid', 'C' || g, 'name', 'Bench ' || g, 'status', $3::varchar, 'source', NULL, 'city', 'Izmir'),
              'company', g
       FROM generate_series(1, $2::int) g`,
      [ws.id, WH_EVENTS, ws.constants.customer_statuses[1]],
    );
    worker.wake();
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`webhooks: only ${received} of ${WH_EVENTS} delivered in 120 s`)), 120_000).unref());
    await Promise.race([allIn, timeout]);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    await new Promise((r) => setTimeout(r, 1000)); // none should come twice
    const doubles = [...seen.values()].reduce((a, b) => a + b, 0) - seen.size;
    log(`\nwebhooks: ${WH_EVENTS.toLocaleString('en')} events delivered to a loopback receiver (200) in ${seconds.toFixed(2)} s: ${fmt(WH_EVENTS / seconds)} events/s; received ${received} requests for ${seen.size} events, ${doubles} doubles`);
    const del = await send(port, 'DELETE', `/api/v1/webhooks/${okId}`, keys.admin, undefined, agent);
    if (del.status !== 200) throw new Error(`DELETE /api/v1/webhooks/${okId}: ${del.status}`);

    // 1 + 3. the same requests without any connection and with one subscribed receiver that never answers,
    // alternating in rounds (the machine may be shared: load that comes and goes should not land on one side only)
    const without = [];
    const withHang = [];
    const ROUNDS_WH = 5;
    const per = Math.ceil(WH_REQUESTS / ROUNDS_WH);
    for (let round = 0; round < ROUNDS_WH; round++) {
      await drained();
      without.push(...(await posts(per)));
      await drained();
      const hangId = await connect('/hang');
      await posts(5); // the first deliveries start hanging
      withHang.push(...(await posts(per)));
      const d = await send(port, 'DELETE', `/api/v1/webhooks/${hangId}`, keys.admin, undefined, agent);
      if (d.status !== 200) throw new Error(`DELETE /api/v1/webhooks/${hangId}: ${d.status}`);
    }
    log(`webhooks: ${without.length} POST /api/v1/companies without a connection: p50 ${fmt(p50(without), 1)} ms, p99 ${fmt(p99(without), 1)} ms`);
    log(`webhooks: ${withHang.length} POST /api/v1/companies with a hanging connection: p50 ${fmt(p50(withHang), 1)} ms, p99 ${fmt(p99(withHang), 1)} ms; requests hanging at the receiver ${hung}`);
    return { events: WH_EVENTS, seconds, rate: WH_EVENTS / seconds, received, distinct: seen.size, doubles, without, withHang, hung };
  } finally {
    onAll = null;
    agent.destroy();
    for (const r of hanging) r.destroy();
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
  }
}

function reportWebhooks(r) {
  const added = p99(r.withHang) - p99(r.without);
  log(`\nwebhooks: ${r.events.toLocaleString('en')} events in ${r.seconds.toFixed(2)} s: ${fmt(r.rate)} events/s; POST /api/v1/companies p99 ${fmt(p99(r.without), 1)} ms without a connection, ${fmt(p99(r.withHang), 1)} ms with a hanging one (p50 ${fmt(p50(r.without), 1)} / ${fmt(p50(r.withHang), 1)} ms)`);
  log(`  [${r.rate >= 500 ? 'met' : 'NOT met'}] webhook delivery >= 500 events/s to a loopback receiver: ${fmt(r.rate)}`);
  log(`  [${r.received === r.events && r.distinct === r.events && r.doubles === 0 ? 'met' : 'NOT met'}] every event delivered exactly once: ${r.distinct} of ${r.events} events, ${r.received} requests, ${r.doubles} doubles`);
  log(`  [${added <= 5 ? 'met' : 'NOT met'}] p99 added by a hanging receiver <= 5 ms: ${fmt(added, 1)} ms`);
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`bench failed: ${e && e.stack ? e.stack : e}\n`);
    process.exit(1);
  },
);
