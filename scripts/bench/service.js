'use strict';
/**
 * Starts the service in a child process (scripts/bench/service-child.js, the build in dist/, NODE_ENV=production)
 * so that the import and export parts measure the service's own RSS and CPU time, not the bench client's. The
 * parent samples the child's RSS from /proc/<pid>/status (VmRSS, and VmHWM: the kernel's own peak since the
 * start) and its heap, CPU time and statements over IPC.
 */
const { fork } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** VmRSS and VmHWM of a process in bytes (Linux), or null. */
function procRss(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number((s.match(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm')) || [])[1]) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** The Node flags of `npm start` (package.json), so the bench's service runs with the heap settings production has. */
function startFlags() {
  const start = require(join(__dirname, '..', '..', 'package.json')).scripts.start;
  return start.split(/\s+/).filter((a) => a.startsWith('--'));
}

/**
 * BENCH_SERVICE_NODE_OPTIONS: other Node flags for the service instead of those of `npm start` (an A/B run of heap
 * settings; "none" for none).
 */
async function startService(env, own = process.env.BENCH_SERVICE_NODE_OPTIONS) {
  const flags = own === undefined ? startFlags() : own === 'none' ? [] : own.split(/\s+/).filter(Boolean);
  const child = fork(join(__dirname, 'service-child.js'), [], {
    env: { ...env, NODE_ENV: 'production' },
    execArgv: ['--expose-gc', ...flags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 0;
  const waiting = new Map();
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the service process exited with ${code} before it listened`)));
    child.on('message', (m) => {
      if (m.type === 'ready') return resolve(m.port);
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve(m);
    });
  });
  const ask = (type, extra = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      child.send({ id, type, ...extra });
    });
  return {
    port,
    pid: child.pid,
    flags,
    ask,
    stats: () => ask('stats'),
    gc: () => ask('gc'),
    rss: () => procRss(child.pid),
    /** Runs `fn` with the service's V8 profiler on when BENCH_PROFILE is set: `<dir>/<kind>.cpuprofile`. */
    async profiled(kind, fn) {
      const dir = process.env.BENCH_PROFILE;
      if (!dir) return fn();
      await ask('profile-start');
      try {
        return await fn();
      } finally {
        await ask('profile-stop', { file: join(dir, `${kind}.cpuprofile`) });
      }
    },
    /**
     * Samples the service every `ms` while `fn` runs: peak RSS (and the kernel's VmHWM), peak heap used, CPU
     * seconds and statements sent; `rssBefore` is taken after a full GC.
     */
    async measured(fn, ms = 100) {
      await ask('gc');
      const s0 = await ask('stats');
      const before = procRss(child.pid)?.rss ?? s0.rss;
      let rssPeak = before;
      let heapPeak = s0.heapUsed;
      let externalPeak = s0.external;
      let busy = false;
      const timer = setInterval(() => {
        const r = procRss(child.pid);
        if (r) rssPeak = Math.max(rssPeak, r.rss);
        if (busy) return;
        busy = true;
        ask('stats')
          .then((s) => {
            rssPeak = Math.max(rssPeak, s.rss);
            heapPeak = Math.max(heapPeak, s.heapUsed);
            externalPeak = Math.max(externalPeak, s.external);
          })
          .catch(() => undefined)
          .finally(() => (busy = false));
      }, ms);
      try {
        const out = await fn();
        const s1 = await ask('stats');
        await ask('gc');
        const s2 = await ask('stats');
        return { out, cpu: s1.cpu - s0.cpu, sent: s1.sent - s0.sent, rssBefore: before, rssPeak: Math.max(rssPeak, s1.rss), heapBefore: s0.heapUsed, heapPeak, externalPeak, heapAfter: s2.heapUsed, hwm: procRss(child.pid)?.hwm ?? null };
      } finally {
        clearInterval(timer);
      }
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

module.exports = { startService, procRss };
