#!/usr/bin/env node
'use strict';
/**
 * node scripts/bench/inproc.js [me,people,companies,record,list,today]   (after `npm run build`)
 *
 * CPU per request of the hot paths with no load generator and no network: each request is emitted on the service's
 * HTTP server (createApp from dist/, or BENCH_DIST) with an IncomingMessage and a socket that discards what it is
 * sent, CONC (8) at a time, N (400) per load; a bare Express handler in the same process replays the statements of
 * each path (as the bench's bare handler) and answers the same body. The two sides alternate in ROUNDS (7) rounds and
 * the median CPU time of this process per request is printed with bare / service (and its user / system split: system
 * time is the sockets to PostgreSQL and their wake-ups, user time the JavaScript): on a shared machine the bare side
 * in the same process and rounds normalizes the load (docs/performance.md, "Framework share"). PROFILE=<dir>: first
 * writes CPU profiles (100 µs sampling, 5 loads) of the first path, <dir>/<kind>-svc.cpuprofile and -bare.
 * The service's own database (10k opportunities, seeded as the bench seeds it) is dropped at the end.
 */
require('reflect-metadata');
const { join } = require('node:path');
const http = require('node:http');
const { Duplex } = require('node:stream');
const pino = require('pino');
const pg = require('pg');
const express = require('express');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const root = join(__dirname, '..', '..');
const DIST = process.env.BENCH_DIST || 'dist';
const dist = (p) => join(root, DIST, 'src', p);
const { seedOpportunities, keepNewestOpen } = require(join(root, 'scripts/bench/seed.js'));

function fakeSocket() {
  const s = new Duplex({ read() {}, write(c, e, cb) { cb(); }, writev(c, cb) { cb(); } });
  Object.defineProperty(s, 'remoteAddress', { value: '127.0.0.1' });
  s.setTimeout = () => s; s.setNoDelay = () => s; s.setKeepAlive = () => s;
  return s;
}
function request(server, path, headers) {
  return new Promise((resolve, reject) => {
    const sock = fakeSocket();
    const req = new http.IncomingMessage(sock);
    req.method = 'GET'; req.url = path; req.httpVersion = '1.1'; req.httpVersionMajor = 1; req.httpVersionMinor = 1;
    req.headers = headers; req.rawHeaders = Object.entries(headers).flat();
    req.push(null); req.complete = true;
    const res = new http.ServerResponse(req);
    res.assignSocket(sock);
    let bytes = 0; const w = res._writeRaw; res._writeRaw = function (d, e, cb) { bytes += d.length; return w.call(this, d, e, cb); };
    res.on('finish', () => { res.detachSocket(sock); res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${path}: ${res.statusCode}`)); });
    server.emit('request', req, res);
  });
}
(async () => {
  const url0 = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `crm_inproc_${process.pid}`;
  const c = new pg.Client({ connectionString: url0 }); await c.connect(); await c.query(`CREATE DATABASE ${name}`); await c.end();
  const u = new URL(url0);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-inproc-'));
  const { createApp } = require(dist('app.factory.js'));
  const { loadConfig } = require(dist('platform/config/app-config.js'));
  const { requestContext } = require(dist('platform/common/request-context.js'));
  const config = loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789', SEED_DEMO: '0', NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000' });
  const app = await createApp({ config, db: { url, embedded: false, close: async () => undefined }, logger: pino({ level: 'warn' }) });
  await app.init();
  const server = app.getHttpServer();
  const { ProvisioningService } = require(dist('domain/identity/provisioning.service.js'));
  const { UsersService } = require(dist('domain/identity/users.service.js'));
  const { CredentialsService } = require(dist('domain/identity/credentials.service.js'));
  const prov = await app.get(ProvisioningService).provision({ slug: 'bench', name: 'Bench Ltd.', adminEmail: 'admin@bench.test', adminPassword: 'Admin-Password-123' });
  const ws = prov.workspace;
  const seller = await app.get(UsersService).create(ws, { email: 'seller@bench.test', role: 'sales', department: 'North' });
  const { token } = await app.get(CredentialsService).issue({ workspaceId: ws.id, kind: 'api', userId: seller.id });
  const seeder = new pg.Client({ connectionString: url }); await seeder.connect();
  const query = async (sql, params) => (await seeder.query(sql, params)).rows;
  const k = ws.constants; const companyIds = [];
  for (let i = 0; i < 60; i++) companyIds.push((await query(`INSERT INTO companies (workspace_id, name, name_norm, status, owner_id, city) VALUES ($1, $2::varchar, lower($2::varchar), $3, $4, 'Izmir') RETURNING id`, [ws.id, `Bench Customer ${i}`, k.customer_statuses[1], seller.id]))[0].id);
  await query(`INSERT INTO people (workspace_id, name, name_norm, email, phone, title, owner_id, customer_id) SELECT $1, 'Bench Person ' || g, lower('bench person ' || g), 'person' || g || '@customer.test', '+90 232 000 00 ' || lpad(g::text, 2, '0'), 'Buyer', $2, ($3::int[])[1 + g % cardinality($3::int[])] FROM generate_series(1, 60) AS g`, [ws.id, seller.id, companyIds]);
  const opp = { workspaceId: ws.id, ownerId: seller.id, companyIds: companyIds.slice(0, 8), openStages: k.open_stages, closedStages: k.stages.filter((s) => !k.open_stages.includes(s)) };
  await seedOpportunities(query, { ...opp, from: 1, to: 10_000 }); await keepNewestOpen(query, { ...opp, openKeep: 2_000 });
  await query('VACUUM ANALYZE'); await seeder.end();
  const headers = { host: 'bench.localhost', authorization: `Bearer ${token}` };
  const PATHS = { me: '/api/v1/me', list: '/api/v1/opportunities?limit=50', companies: '/api/v1/companies?limit=50', people: '/api/v1/people?limit=50', record: `/api/v1/companies/${companyIds[0]}`, today: '/api/v1/today' };
  const kinds = (process.argv[2] || 'me,list,companies,people,record,today').split(',');
  // capture statements for the bare side
  const routes = {}; let capturing = null;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...a) { if (capturing && requestContext.getStore()) { const [f, s] = a; capturing.push({ text: typeof f === 'string' ? f : f.text, values: Array.isArray(s) ? s : (f && f.values) || [] }); } return original.apply(this, a); };
  let lastBody;
  const bodyOf = (path) => new Promise((resolve) => { const sock = fakeSocket(); const req = new http.IncomingMessage(sock); Object.assign(req, { method: 'GET', url: path, httpVersion: '1.1', httpVersionMajor: 1, httpVersionMinor: 1, headers, rawHeaders: [] }); req.push(null); req.complete = true; const res = new http.ServerResponse(req); res.assignSocket(sock); const j = res.json; let out = []; const we = res.end; res.end = function (ch, ...r) { if (ch) out.push(Buffer.from(ch)); return we.call(this, ch, ...r); }; res.on('finish', () => resolve(Buffer.concat(out).toString())); server.emit('request', req, res); });
  for (const kind of kinds) { await request(server, PATHS[kind], headers); capturing = []; const b = await bodyOf(PATHS[kind]); routes[kind] = { statements: capturing, body: JSON.parse(b) }; capturing = null; }
  pg.Client.prototype.query = original;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = express();
  for (const [kind, r] of Object.entries(routes)) bare.get(`/${kind}`, async (_req, res) => {
    const st = r.statements;
    for (let i = 0; i < st.length; i++) {
      if (/^\s*(START TRANSACTION|BEGIN)/i.test(st[i].text)) { const cl = await pool.connect(); try { for (; i < st.length; i++) { await cl.query(st[i].text, st[i].values); if (/^\s*(COMMIT|ROLLBACK)\b/i.test(st[i].text)) break; } } finally { cl.release(); } }
      else await pool.query(st[i].text, st[i].values);
    }
    res.json(r.body);
  });
  const bareServer = http.createServer(bare);
  const N = Number(process.env.N || 400), CONC = Number(process.env.CONC || 8), ROUNDS = Number(process.env.ROUNDS || 7);
  const load = async (srv, path, hdr) => { let next = 0; const worker = async () => { while (next++ < N) await request(srv, path, hdr); }; await Promise.all(Array.from({ length: CONC }, worker)); };
  const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
  if (process.env.PROFILE) { const kind = kinds[0]; const { Session } = require('node:inspector'); const s = new Session(); s.connect(); const post = (m, p) => new Promise((r, j) => s.post(m, p || {}, (e, x) => (e ? j(e) : r(x))));
    for (const [side, srv, path, hdr] of [['svc', server, PATHS[kind], headers], ['bare', bareServer, `/${kind}`, {}]]) { await load(srv, path, hdr); await post('Profiler.enable'); await post('Profiler.setSamplingInterval', { interval: 100 }); await post('Profiler.start'); const n0 = N; for (let i = 0; i < 5; i++) await load(srv, path, hdr); const { profile } = await post('Profiler.stop'); require('node:fs').writeFileSync(`${process.env.PROFILE}/${kind}-${side}.cpuprofile`, JSON.stringify(profile)); console.log('profile', side, 5 * N, 'requests'); }
  }
  const sides = [{ label: DIST, server, svc: true }, { label: 'bare', server: bareServer, svc: false }];
  for (const kind of kinds) {
    const cpu = Object.fromEntries(sides.map((s) => [s.label, []])); const us = Object.fromEntries(sides.map((s) => [s.label, []])); const sy = Object.fromEntries(sides.map((s) => [s.label, []]));
    const run = (s) => load(s.server, s.svc ? PATHS[kind] : `/${kind}`, s.svc ? headers : {});
    for (const s of sides) await run(s);
    for (let r = 0; r < ROUNDS; r++) for (const s of r % 2 ? [...sides].reverse() : sides) {
      const c0 = process.cpuUsage(); await run(s); const d = process.cpuUsage(c0); cpu[s.label].push((d.user + d.system) / N); us[s.label].push(d.user / N); sy[s.label].push(d.system / N);
    }
    const bareM = med(cpu.bare);
    console.log(`${kind} user/sys: ` + sides.map((s) => `${s.label} ${med(us[s.label]).toFixed(0)}/${med(sy[s.label]).toFixed(0)}`).join(' | '));
    console.log(`${kind}: median CPU µs/request over ${ROUNDS} rounds of ${N}: ` + sides.map((s) => `${s.label} ${med(cpu[s.label]).toFixed(0)}${s.svc ? ` (bare/this ${(bareM / med(cpu[s.label])).toFixed(2)})` : ''}`).join(' | '));
  }
  // closing connections (the app's listener among them) may report their end as an error: the run is over
  process.on('uncaughtException', () => undefined);
  await app.close(); await pool.end();
  const c2 = new pg.Client({ connectionString: url0 }); await c2.connect(); await c2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await c2.end();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
