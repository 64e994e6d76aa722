'use strict';
/**
 * The service in a process of its own for the import and export parts of the bench (scripts/bench/service.js
 * starts it): what main.ts does (loadConfig from the environment, NODE_ENV=production, the build in dist/), on
 * 127.0.0.1 and a free port, plus a pg hook counting the statements this process sends. Over IPC it answers
 * `stats` (RSS, heap, CPU time, statements), runs a full GC (`gc`, started with --expose-gc) and starts/stops the
 * V8 profiler (`profile-start` / `profile-stop` with a file name), so the bench reads the service's own figures
 * and not those of its client.
 */
const { join, resolve } = require('node:path');

const root = join(__dirname, '..', '..');
const dist = (p) => join(process.env.BENCH_DIST ? resolve(root, process.env.BENCH_DIST) : join(root, 'dist'), 'src', p);
require('reflect-metadata');
const pg = require('pg');

let sent = 0;
// BENCH_STATEMENTS=1: statements counted by their text's start too (`statements` message: the top ones, then reset)
const byText = process.env.BENCH_STATEMENTS ? new Map() : null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (...a) {
  sent++;
  if (byText) {
    const t = typeof a[0] === 'string' ? a[0] : a[0] && a[0].text;
    const k = String(t).replace(/\s+/g, ' ').slice(0, 140);
    byText.set(k, (byText.get(k) || 0) + 1);
  }
  return originalQuery.apply(this, a);
};

let session = null;
const post = (m, p) => new Promise((res, rej) => session.post(m, p, (e, r) => (e ? rej(e) : res(r))));

async function onMessage(msg) {
  const reply = (body) => process.send({ id: msg.id, ...body });
  try {
    if (msg.type === 'stats') {
      const m = process.memoryUsage();
      const c = process.cpuUsage();
      return reply({ rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, cpu: (c.user + c.system) / 1e6, sent });
    }
    if (msg.type === 'gc') {
      global.gc?.();
      return reply({ heapUsed: process.memoryUsage().heapUsed });
    }
    if (msg.type === 'profile-start') {
      const inspector = require('node:inspector');
      session = new inspector.Session();
      session.connect();
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 200 });
      await post('Profiler.start');
      return reply({});
    }
    if (msg.type === 'profile-stop') {
      const { profile } = await post('Profiler.stop');
      session.disconnect();
      session = null;
      const { mkdirSync, writeFileSync } = require('node:fs');
      mkdirSync(require('node:path').dirname(msg.file), { recursive: true });
      writeFileSync(msg.file, JSON.stringify(profile));
      return reply({});
    }
    if (msg.type === 'heap-snapshot') {
      const v8 = require('node:v8');
      return reply({ file: v8.writeHeapSnapshot(msg.file) });
    }
    if (msg.type === 'statements') {
      const top = byText ? [...byText].sort((x, y) => y[1] - x[1]).slice(0, 40) : [];
      byText?.clear();
      return reply({ top });
    }
    if (msg.type === 'heap-spaces') {
      const v8 = require('node:v8');
      return reply({ memory: process.memoryUsage(), spaces: v8.getHeapSpaceStatistics().map((x) => ({ name: x.space_name, size: x.space_size, used: x.space_used_size })), heap: v8.getHeapStatistics() });
    }
    reply({ error: `unknown message ${msg.type}` });
  } catch (e) {
    reply({ error: e.message });
  }
}

async function main() {
  const { createApp } = require(dist('app.factory.js'));
  const { loadConfig } = require(dist('platform/config/app-config.js'));
  const { openDatabase } = require(dist('platform/database/embedded.js'));
  const pino = require('pino');
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  const app = await createApp({ config, db, logger: pino({ level: 'warn' }) });
  await app.listen(0, '127.0.0.1');
  process.on('message', (m) => void onMessage(m));
  process.on('disconnect', () => {
    void app.close().finally(() => process.exit(0));
  });
  process.send({ type: 'ready', port: app.getHttpServer().address().port });
}

main().catch((e) => {
  process.stderr.write(`service-child: ${e.stack || e.message}\n`);
  process.exit(1);
});
