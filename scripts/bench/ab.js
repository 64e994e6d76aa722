#!/usr/bin/env node
'use strict';
/**
 * node scripts/bench/ab.js <checkout> [<checkout> ...]   (each checkout built: `npm run build` there)
 *
 * A/B of the hot paths between builds on a shared machine (docs/performance.md, "Framework share"): each
 * checkout's service runs in a process of its own (its dist/, its migrations, a fresh database seeded as
 * `npm run bench -- --quick` seeds it: 10k opportunities), beside a bare Express handler process that replays
 * the statements of the first checkout's requests (as the bench's bare handler does). Loads of a fixed number of
 * requests (AB_REQUESTS, 400; autocannon at AB_CONNECTIONS, 8, in a child process) go to each process in turn,
 * AB_ROUNDS (7) times, and the CPU time of that process (/proc/<pid>/stat) per request is recorded; prints
 * the median per path and process. A fixed count instead of a fixed duration keeps the share of background work
 * (timers, pollers) per request from growing when other work slows the loads down; the rounds alternate so
 * load that comes and goes lands on every side.
 * AB_KINDS=companies,me: only these paths (me, list, companies, people, record, today).
 */
const { spawn, fork } = require('node:child_process');
const { readFileSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { randomBytes } = require('node:crypto');

const BASE = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PATHS = {
  me: '/api/v1/me',
  list: '/api/v1/opportunities?limit=50',
  companies: '/api/v1/companies?limit=50',
  people: '/api/v1/people?limit=50',
  record: '/api/v1/companies/{company}',
  today: '/api/v1/today',
};
const HOST = 'bench.localhost';

/** CPU of a process in µs, from /proc (user + system, clock ticks of 10 ms). */
function cpuOf(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const after = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(after[11]) + Number(after[12])) * 10_000;
}

function cannon(port, path, headers, amount, connections) {
  const argv = [require.resolve('autocannon/autocannon.js'), '-c', String(connections), '-a', String(amount), '-j'];
  for (const [k, v] of Object.entries(headers)) argv.push('-H', `${k}=${v}`);
  argv.push(`http://127.0.0.1:${port}${path}`);
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => {
      if (code !== 0) return rej(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out);
      res({ total: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts });
    });
  });
}

// ------------------------------------------------------------------ child: one checkout's service
async function serve(root) {
  require(join(root, 'node_modules', 'reflect-metadata'));
  const pg = require(join(root, 'node_modules', 'pg'));
  const pino = require(join(root, 'node_modules', 'pino'));
  const dist = (p) => join(root, 'dist', 'src', p);
  const { seedOpportunities, keepNewestOpen } = require(join(root, 'scripts', 'bench', 'seed.js'));
  const name = `crm_ab_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-ab-'));
  const { createApp } = require(dist('app.factory.js'));
  const { loadConfig } = require(dist('platform/config/app-config.js'));
  const { requestContext } = require(dist('platform/common/request-context.js'));
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
  const app = await createApp({ config, db: { url, embedded: false, close: async () => undefined }, logger: pino({ level: 'warn' }) });
  await app.listen(0, '127.0.0.1');
  const port = app.getHttpServer().address().port;
  const { ProvisioningService } = require(dist('domain/identity/provisioning.service.js'));
  const { UsersService } = require(dist('domain/identity/users.service.js'));
  const { CredentialsService } = require(dist('domain/identity/credentials.service.js'));
  const prov = await app.get(ProvisioningService).provision({ slug: 'bench', name: 'Bench Ltd.', adminEmail: 'admin@bench.test', adminPassword: 'Admin-Password-123' });
  const ws = prov.workspace;
  const seller = await app.get(UsersService).create(ws, { email: 'seller@bench.test', role: 'sales', department: 'North' });
  const { token } = await app.get(CredentialsService).issue({ workspaceId: ws.id, kind: 'api', userId: seller.id });
  // the seed of scripts/bench/run.js
  const seeder = new pg.Client({ connectionString: url });
  await seeder.connect();
  await seeder.query('SET statement_timeout = 0');
  const query = async (sql, params) => (await seeder.query(sql, params)).rows;
  const c = ws.constants;
  const companyIds = [];
  for (let i = 0; i < 60; i++) {
    const [row] = await query(
      `INSERT INTO companies (workspace_id, name, name_norm, status, owner_id, city) VALUES ($1, $2::varchar, lower($2::varchar), $3, $4, 'Izmir') RETURNING id`,
      [ws.id, `Bench Customer ${i}`, c.customer_statuses[1], seller.id],
    );
    companyIds.push(row.id);
  }
  await query(
    `INSERT INTO people (workspace_id, name, name_norm, email, phone, title, owner_id, customer_id)
     SELECT $1, 'Bench Person ' || g, lower('bench person ' || g), 'person' || g || '@customer.test', '+90 232 000 00 ' || lpad(g::text, 2, '0'), 'Buyer', $2, ($3::int[])[1 + g % cardinality($3::int[])]
     FROM generate_series(1, 60) AS g`,
    [ws.id, seller.id, companyIds],
  );
  const opp = { workspaceId: ws.id, ownerId: seller.id, companyIds: companyIds.slice(0, 8), openStages: c.open_stages, closedStages: c.stages.filter((s) => !c.open_stages.includes(s)) };
  await seedOpportunities(query, { ...opp, from: 1, to: 10_000 });
  await keepNewestOpen(query, { ...opp, openKeep: 2_000 });
  await query('VACUUM ANALYZE');
  await seeder.end();
  const headers = { host: HOST, authorization: `Bearer ${token}` };
  const paths = Object.fromEntries(Object.entries(PATHS).map(([k, p]) => [k, p.replace('{company}', String(companyIds[0]))]));
  // the statements of one request of each kind with caches warm, for the bare handler
  const captured = {};
  let capturing = null;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...a) {
    if (capturing && requestContext.getStore()) {
      const [first, second] = a;
      const text = typeof first === 'string' ? first : first && first.text;
      if (text) capturing.push({ text, values: Array.isArray(second) ? second : (first && first.values) || [] });
    }
    return original.apply(this, a);
  };
  const http = require('node:http');
  const get = (path) =>
    new Promise((res, rej) => {
      http
        .get({ host: '127.0.0.1', port, path, headers }, (r) => {
          let b = '';
          r.setEncoding('utf8');
          r.on('data', (d) => (b += d));
          r.on('end', () => (r.statusCode === 200 ? res(b) : rej(new Error(`${path}: ${r.statusCode} ${b.slice(0, 200)}`))));
        })
        .on('error', rej);
    });
  for (const [kind, path] of Object.entries(paths)) {
    await get(path);
    capturing = [];
    const body = await get(path);
    captured[kind] = { statements: capturing, body: JSON.parse(body), bytes: Buffer.byteLength(body) };
    capturing = null;
  }
  pg.Client.prototype.query = original;
  // a parent that stops (an error, a timeout) must not leave the service running
  process.on('disconnect', () => process.exit(1));
  process.send({ port, headers, paths, captured });
  process.on('message', async (m) => {
    if (m !== 'stop') return;
    await app.close();
    const a = new pg.Client({ connectionString: BASE });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

// ------------------------------------------------------------------ child: the bare handler (as run.js's)
function bare(root) {
  const pg = require(join(root, 'node_modules', 'pg'));
  const express = require(join(root, 'node_modules', 'express'));
  process.on('disconnect', () => process.exit(1));
  process.once('message', ({ url, routes }) => {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const app = express();
    for (const [kind, r] of Object.entries(routes)) {
      app.get(`/${kind}`, async (_req, res) => {
        const st = r.statements;
        for (let i = 0; i < st.length; i++) {
          if (/^\s*(START TRANSACTION|BEGIN)/i.test(st[i].text)) {
            const client = await pool.connect();
            try {
              for (; i < st.length; i++) {
                await client.query(st[i].text, st[i].values);
                if (/^\s*(COMMIT|ROLLBACK)\b/i.test(st[i].text)) break;
              }
            } finally {
              client.release();
            }
          } else await pool.query(st[i].text, st[i].values);
        }
        res.json(r.body);
      });
    }
    const s = app.listen(0, '127.0.0.1', () => process.send({ port: s.address().port }));
    process.on('message', (m) => m === 'stop' && pool.end().then(() => process.exit(0)));
  });
}

// ------------------------------------------------------------------ parent
async function main() {
  const roots = process.argv.slice(2).map((r) => resolve(r));
  if (roots.length === 0) throw new Error('usage: node scripts/bench/ab.js <checkout> [<checkout> ...]');
  const kinds = (process.env.AB_KINDS || Object.keys(PATHS).join(',')).split(',');
  const rounds = Number(process.env.AB_ROUNDS || 7);
  const amount = Number(process.env.AB_REQUESTS || 400);
  const connections = Number(process.env.AB_CONNECTIONS || 8);
  const sides = [];
  for (const root of roots) {
    const child = fork(__filename, ['--serve', root], { stdio: 'inherit' });
    const info = await new Promise((res, rej) => {
      child.once('message', res);
      child.once('exit', (code) => rej(new Error(`${root}: exited with ${code}`)));
    });
    sides.push({ name: root, child, ...info });
    process.stdout.write(`${root}: ${Object.entries(info.captured).map(([k, c]) => `${k} ${c.statements.length} statements ${c.bytes} B`).join(', ')}\n`);
  }
  // the bare handler replays the first checkout's requests
  const u = new URL(BASE);
  const first = sides[0];
  const bareChild = fork(__filename, ['--bare', roots[0]], { stdio: 'inherit' });
  const dbName = await new Promise((res) => {
    // the first side's database: the one its captured statements ran on
    const pg = require(join(roots[0], 'node_modules', 'pg'));
    const c = new pg.Client({ connectionString: BASE });
    c.connect()
      .then(() => c.query(`SELECT datname FROM pg_database WHERE datname LIKE 'crm_ab_${first.child.pid}_%'`))
      .then((r) => c.end().then(() => res(r.rows[0].datname)));
  });
  u.pathname = `/${dbName}`;
  bareChild.send({ url: u.toString(), routes: first.captured });
  const bareInfo = await new Promise((res) => bareChild.once('message', res));
  const all = [...sides.map((s) => ({ label: s.name, pid: s.child.pid, port: s.port, path: (k) => s.paths[k], headers: s.headers })), { label: 'bare', pid: bareChild.pid, port: bareInfo.port, path: (k) => `/${k}`, headers: {} }];
  const cpu = {};
  for (const kind of kinds) {
    for (const side of all) await cannon(side.port, side.path(kind), side.headers, amount / 2, connections); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 ? [...all].reverse() : all) {
        const c0 = cpuOf(side.pid);
        const r = await cannon(side.port, side.path(kind), side.headers, amount, connections);
        const us = cpuOf(side.pid) - c0;
        if (r.non2xx || r.errors) throw new Error(`${side.label} ${kind}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        ((cpu[kind] ??= {})[side.label] ??= []).push(us / r.total);
      }
    }
    const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
    const line = all.map((s) => `${s.label === 'bare' ? 'bare' : s.label.split('/').pop()} ${median(cpu[kind][s.label]).toFixed(0)}`).join(' | ');
    process.stdout.write(`${kind}: median CPU µs/request over ${rounds} rounds of ${amount}: ${line}\n`);
  }
  for (const s of sides) s.child.send('stop');
  bareChild.send('stop');
}

if (process.argv[2] === '--serve') {
  serve(process.argv[3]).catch((e) => {
    process.stderr.write(`${e.stack || e}\n`);
    process.exit(1);
  });
} else if (process.argv[2] === '--bare') {
  bare(process.argv[3]);
} else {
  main().then(
    () => process.exit(0),
    (e) => {
      process.stderr.write(`${e.stack || e}\n`);
      process.exit(1);
    },
  );
}
