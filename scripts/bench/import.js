'use strict';
/**
 * Import part of `npm run bench` (`--import` runs only this part). Method and figures: docs/performance.md
 * ("Import").
 *
 * A CSV of IMPORT_ROWS (100,000) people, each at a company of its own (so the import makes a company for
 * every person): 10 % of the rows repeat an earlier row's e-mail (refused `duplicate_in_file`), 2 % carry a
 * bad value (`main contact` = "maybe", refused by the cell rules). The admin uploads it, maps it (people,
 * create, match on e-mail), runs the dry run and then the run through REST, polling the job; the import
 * worker of the service (a process of its own, scripts/bench/service.js) does the work. Reported: seconds of each phase,
 * rows/s, the job's counts, the service process's CPU time and statements, and its RSS (/proc, every 100 ms) and heap
 * used (IPC) across all of it.
 */
const http = require('node:http');

const ROWS = Number(process.env.IMPORT_ROWS || 100_000);
const POLL_MS = 250;

function csvOf(rows) {
  const lines = ['Full name,E-mail,Company,Title,Main contact'];
  for (let i = 1; i <= rows; i++) {
    // every 10th row repeats the e-mail of the row before it; every 50th (not a repeat) has a bad boolean
    const dup = i % 10 === 0;
    const n = dup ? i - 1 : i;
    const bad = !dup && i % 50 === 1;
    lines.push(`Person ${i},person${n}@import${n % 97}.test,Imported Company ${i},Buyer,${bad ? 'maybe' : i % 3 === 0 ? 'yes' : ''}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

function call(port, headers, method, path, body, contentType) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const h = { ...headers, ...(data ? { 'content-type': contentType ?? 'application/json', 'content-length': data.length } : {}) };
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: h }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          json = null;
        }
        if (res.statusCode >= 300) reject(new Error(`${method} ${path} -> ${res.statusCode} ${text.slice(0, 300)}`));
        else resolve(json);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

function multipart(file, name) {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, file, tail]), type: `multipart/form-data; boundary=${boundary}` };
}

async function until(port, headers, id, states, onPoll) {
  for (;;) {
    const { import: job } = await call(port, headers, 'GET', `/api/v1/imports/${id}`);
    if (!states.includes(job.state)) return job;
    if (onPoll) await onPoll(job);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * CPU seconds of the PostgreSQL backends serving this database so far (/proc/<pid>/stat of each, on this machine):
 * with the service's own CPU time this tells where a phase's wall time went, and it moves little with the load.
 */
async function backendCpu(query) {
  const { readFileSync } = require('node:fs');
  const rows = await query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  let ticks = 0;
  const seen = new Map();
  for (const { pid } of rows) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const t = Number(f[11]) + Number(f[12]);
      seen.set(pid, t);
      ticks += t;
    } catch {
      // a backend gone meanwhile
    }
  }
  return { s: ticks / 100, seen };
}

/** Backend CPU seconds spent between two readings (backends that came or went count from 0 or until their last reading). */
function backendDelta(a, b) {
  let d = 0;
  for (const [pid, t] of b.seen) d += t - (a.seen.get(pid) ?? 0);
  return d / 100;
}

async function benchImport({ service, headers, log, query }) {
  const { port } = service;
  const file = csvOf(ROWS);
  const t0 = Date.now();
  const { body, type } = multipart(file, 'people.csv');
  const u = await service.measured(() => call(port, headers, 'POST', '/api/v1/imports', body, type));
  const job = u.out.import;
  const upload = (Date.now() - t0) / 1000;
  const mb = (b) => `${(b / 2 ** 20).toFixed(0)} MB`;
  log(`\nimport: ${ROWS.toLocaleString('en')} rows (${(file.length / 2 ** 20).toFixed(1)} MB) uploaded in ${upload.toFixed(1)} s; service RSS ${mb(u.rssBefore)} -> peak ${mb(u.rssPeak)}`);
  await call(port, headers, 'PUT', `/api/v1/imports/${job.id}/mapping`, { target: 'people', mode: 'create', match_key: 'email', fields: ['name', 'email', 'company', 'title', 'is_main'] });
  const t1 = Date.now();
  const pg0 = await backendCpu(query);
  const v = await service.measured(() =>
    service.profiled('import-validate', async () => {
      await call(port, headers, 'POST', `/api/v1/imports/${job.id}/validate`);
      // IMPORT_SNAPSHOT=<file>: a heap snapshot of the service (after a full GC) once the dry run is half done
      let snapped = !process.env.IMPORT_SNAPSHOT;
      return until(port, headers, job.id, ['validating'], async (j) => {
        if (snapped || j.rows_done < ROWS / 2) return;
        snapped = true;
        log(`import: heap snapshot ${(await service.ask('heap-snapshot', { file: process.env.IMPORT_SNAPSHOT })).file} at row ${j.rows_done}`);
      });
    }),
  );
  const validated = v.out;
  const pg1 = await backendCpu(query);
  v.pgCpu = backendDelta(pg0, pg1);
  if (process.env.BENCH_STATEMENTS) for (const [t, n] of (await service.ask('statements')).top) log(`  ${String(n).padStart(7)}  ${t}`);
  const validate = (Date.now() - t1) / 1000;
  log(`import: dry run ${validate.toFixed(1)} s, service CPU ${v.cpu.toFixed(1)} s, PostgreSQL backends' CPU ${v.pgCpu.toFixed(1)} s, ${v.sent} statements, service RSS ${mb(v.rssBefore)} -> peak ${mb(v.rssPeak)} (heap used peak ${mb(v.heapPeak)}) -> ${validated.state} ${JSON.stringify(validated.validation)}`);
  const t2 = Date.now();
  const r = await service.measured(() =>
    service.profiled('import-run', async () => {
      await call(port, headers, 'POST', `/api/v1/imports/${job.id}/run`);
      return until(port, headers, job.id, ['running']);
    }),
  );
  const done = r.out;
  r.pgCpu = backendDelta(pg1, await backendCpu(query));
  if (process.env.BENCH_STATEMENTS) for (const [t, n] of (await service.ask('statements')).top) log(`  ${String(n).padStart(7)}  ${t}`);
  const run = (Date.now() - t2) / 1000;
  log(`import: run ${run.toFixed(1)} s, service CPU ${r.cpu.toFixed(1)} s, PostgreSQL backends' CPU ${r.pgCpu.toFixed(1)} s, ${r.sent} statements, service RSS ${mb(r.rssBefore)} -> peak ${mb(r.rssPeak)} (heap used peak ${mb(r.heapPeak)}) -> ${done.state} ${JSON.stringify(done.result)}`);
  return {
    rows: ROWS, bytes: file.length, upload, validate, run, validateCpu: v.cpu, runCpu: r.cpu, validatePg: v.pgCpu, runPg: r.pgCpu, validateSent: v.sent, runSent: r.sent, validation: validated.validation, result: done.result, state: done.state,
    rssBefore: Math.min(u.rssBefore, v.rssBefore), rssPeak: Math.max(u.rssPeak, v.rssPeak, r.rssPeak), heapPeak: Math.max(u.heapPeak, v.heapPeak, r.heapPeak), hwm: r.hwm,
  };
}

function reportImport(r, log) {
  const mb = (b) => (b / 2 ** 20).toFixed(0);
  const k = r.rows / 1000;
  log('\n| import | rows | upload | dry run | rows/s | service CPU s / 1,000 rows | PostgreSQL CPU s / 1,000 rows | statements / 1,000 rows | run | rows/s | service CPU s / 1,000 rows | PostgreSQL CPU s / 1,000 rows | statements / 1,000 rows | state | service RSS before | service RSS peak | service heap used peak |');
  log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  log(
    `| people with a company each | ${r.rows.toLocaleString('en')} | ${r.upload.toFixed(1)} s | ${r.validate.toFixed(1)} s | ${Math.round(r.rows / r.validate)} | ${(r.validateCpu / k).toFixed(2)} | ${(r.validatePg / k).toFixed(2)} | ${Math.round(r.validateSent / k)} | ${r.run.toFixed(1)} s | ${Math.round(r.rows / r.run)} | ${(r.runCpu / k).toFixed(2)} | ${(r.runPg / k).toFixed(2)} | ${Math.round(r.runSent / k)} | ${r.state} | ${mb(r.rssBefore)} MB | ${mb(r.rssPeak)} MB | ${mb(r.heapPeak)} MB |`,
  );
  log(`dry run counts ${JSON.stringify(r.validation)}; run counts ${JSON.stringify(r.result)}`);
  const same = JSON.stringify(r.validation) === JSON.stringify(r.result);
  log(`\ntargets:\n  [${r.validate <= 30 ? 'met' : 'NOT met'}] dry run <= 30 s: ${r.validate.toFixed(1)} s\n  [${r.run <= 120 ? 'met' : 'NOT met'}] run <= 120 s: ${r.run.toFixed(1)} s`);
  log(`  [${r.rssPeak <= 400 * 2 ** 20 ? 'met' : 'NOT met'}] service RSS <= 400 MB throughout (sampled every 100 ms): peak ${mb(r.rssPeak)} MB (kernel's VmHWM since the service started: ${r.hwm ? mb(r.hwm) : '?'} MB)`);
  log(`  [${same ? 'met' : 'NOT met'}] dry run counts = run counts`);
}

module.exports = { benchImport, reportImport, csvOf };
