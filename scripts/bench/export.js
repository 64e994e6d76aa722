'use strict';
/**
 * Export part of `npm run bench` (`--export` runs only this part). Method and figures: docs/performance.md
 * ("Export").
 *
 * EXPORT_OPPS (100,000) closed opportunities of the seller are added (scripts/bench/seed.js), then
 * GET /api/v1/opportunities/export is read to its end as CSV and as XLSX, by one client that consumes as fast
 * as it can; rows/s (CSV lines less the header; the XLSX's rows counted by its size is not possible without
 * reading it, so its rows are the CSV's), bytes, and the service's RSS sampled every 50 ms during each
 * download (the bench runs the service in its own process: the RSS is that process's), against the RSS
 * just before, and the peak of V8's heapUsed (what RSS alone cannot tell from lazily returned memory). Flat memory shows as a peak that does not grow with EXPORT_OPPS.
 */
const http = require('node:http');
const { seedOpportunities } = require('./seed.js');

const ROWS = Number(process.env.EXPORT_OPPS || 100_000);

function download(port, path, headers) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    let bytes = 0;
    let lines = 0;
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path, headers }, (res) => {
      res.on('data', (d) => {
        bytes += d.length;
        for (let i = 0; i < d.length; i++) if (d[i] === 10) lines++;
      });
      res.on('end', () => resolve({ status: res.statusCode, bytes, lines, s: Number(process.hrtime.bigint() - t0) / 1e9 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Peak RSS while `run` runs, sampled every 50 ms. */
async function withRss(run) {
  const before = process.memoryUsage().rss;
  let peak = before;
  let heapPeak = 0;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  }, 50);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  try {
    const out = await run();
    // with --expose-gc: what the download left behind once its garbage is collected
    global.gc?.();
    const heapAfter = process.memoryUsage().heapUsed;
    return { ...out, rssBefore: before, rssPeak: peak, heapPeak, heapBefore, heapAfter };
  } finally {
    clearInterval(timer);
  }
}

/** CPU time of this process (the service's) while `fn` runs, in seconds. */
async function withCpu(fn) {
  const c0 = process.cpuUsage();
  const out = await fn();
  const c = process.cpuUsage(c0);
  return { ...out, cpu: (c.user + c.system) / 1e6 };
}

async function benchExport({ query, port, headers, opp, log, profiled = (_kind, fn) => fn() }) {
  const [{ n: existing }] = await query('SELECT count(*)::int AS n FROM opportunities WHERE workspace_id = $1', [opp.workspaceId]);
  const t0 = Date.now();
  await seedOpportunities(query, { ...opp, from: 10_000_001, to: 10_000_000 + ROWS });
  await query('ANALYZE opportunities');
  const total = existing + ROWS;
  log(`\nexport: ${ROWS.toLocaleString('en')} opportunities added in ${((Date.now() - t0) / 1000).toFixed(0)} s (${total.toLocaleString('en')} in the workspace)`);
  global.gc?.();
  const csv = await withRss(() => withCpu(() => profiled('export-csv', () => download(port, '/api/v1/opportunities/export?format=csv', headers))));
  log(`export: CSV ${csv.s.toFixed(1)} s, CPU ${csv.cpu.toFixed(1)} s`);
  global.gc?.();
  const xlsx = await withRss(() => withCpu(() => profiled('export-xlsx', () => download(port, '/api/v1/opportunities/export?format=xlsx', headers))));
  log(`export: XLSX ${xlsx.s.toFixed(1)} s, CPU ${xlsx.cpu.toFixed(1)} s`);
  return { total, csv: { ...csv, rows: csv.lines - 1 }, xlsx: { ...xlsx, rows: csv.lines - 1 } };
}

function reportExport(r, log) {
  const mb = (b) => (b / 2 ** 20).toFixed(0);
  log('\n| export | rows | status | time | rows/s | CPU ms / 1,000 rows | MB | RSS before | RSS peak | heap used peak | heap after GC − before (--expose-gc) |');
  log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [what, x] of [['CSV', r.csv], ['XLSX', r.xlsx]]) {
    log(`| ${what} | ${x.rows.toLocaleString('en')} | ${x.status} | ${x.s.toFixed(1)} s | ${Math.round(x.rows / x.s).toLocaleString('en')} | ${((x.cpu * 1000) / (x.rows / 1000)).toFixed(0)} | ${mb(x.bytes)} | ${mb(x.rssBefore)} MB | ${mb(x.rssPeak)} MB | ${mb(x.heapPeak)} MB | ${global.gc ? `${((x.heapAfter - x.heapBefore) / 2 ** 20).toFixed(1)} MB` : 'n/a'} |`);
  }
}

module.exports = { benchExport, reportExport };
