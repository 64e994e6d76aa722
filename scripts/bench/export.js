'use strict';
/**
 * Export part of `npm run bench` (`--export` runs only this part). Method and figures: docs/performance.md
 * ("Export").
 *
 * EXPORT_OPPS (100,000) closed opportunities of the seller are added (scripts/bench/seed.js), then
 * GET /api/v1/opportunities/export is read to its end as CSV and as XLSX, by one client that consumes as fast
 * as it can; rows/s (CSV lines less the header; the XLSX's rows counted by its size is not possible without
 * reading it, so its rows are the CSV's), bytes, and the service's RSS sampled every 50 ms during each
 * download (the service runs in a process of its own, scripts/bench/service.js: the RSS and CPU are that process's,
 * not the reading client's), against the RSS just before (after a full GC), the peak of V8's heapUsed, and the heap
 * after a full GC minus before. Flat memory shows as a peak that does not grow with EXPORT_OPPS. EXPORT_XLSX=0: CSV only.
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

async function benchExport({ query, service: first, restart, headers, opp, log }) {
  let service = first;
  const [{ n: existing }] = await query('SELECT count(*)::int AS n FROM opportunities WHERE workspace_id = $1', [opp.workspaceId]);
  const t0 = Date.now();
  const CHUNK = 200_000;
  for (let from = 1; from <= ROWS; from += CHUNK) await seedOpportunities(query, { ...opp, from: 10_000_000 + from, to: 10_000_000 + Math.min(ROWS, from + CHUNK - 1) });
  await query('ANALYZE opportunities');
  const total = existing + ROWS;
  log(`\nexport: ${ROWS.toLocaleString('en')} opportunities added in ${((Date.now() - t0) / 1000).toFixed(0)} s (${total.toLocaleString('en')} in the workspace)`);
  const mb = (b) => `${(b / 2 ** 20).toFixed(0)} MB`;
  const one = async (format) => {
    const m = await service.measured(() => service.profiled(`export-${format}`, () => download(service.port, `/api/v1/opportunities/export?format=${format}`, headers)), 50);
    const x = { ...m.out, ...m };
    log(`export: ${format.toUpperCase()} ${x.s.toFixed(1)} s, service CPU ${x.cpu.toFixed(1)} s, service RSS ${mb(x.rssBefore)} -> peak ${mb(x.rssPeak)}, heap used peak ${mb(x.heapPeak)}`);
    return x;
  };
  const csv = await one('csv');
  for (const flags of process.env.EXPORT_FLAGS ? process.env.EXPORT_FLAGS.split('|') : []) {
    service = await restart(flags.trim() || 'none');
    log(`export: the service again with node ${service.flags.join(' ') || '(no flags)'}`);
    await one('csv');
  }
  const xlsx = process.env.EXPORT_XLSX === '0' ? null : await one('xlsx');
  return { total, csv: { ...csv, rows: csv.lines - 1 }, xlsx: xlsx && { ...xlsx, rows: csv.lines - 1 } };
}

function reportExport(r, log) {
  const mb = (b) => (b / 2 ** 20).toFixed(0);
  log('\n| export | rows | status | time | rows/s | service CPU ms / 1,000 rows | MB | service RSS before | service RSS peak | service heap used peak | heap after GC − before |');
  log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [what, x] of [['CSV', r.csv], ['XLSX', r.xlsx]]) {
    if (!x) continue;
    log(`| ${what} | ${x.rows.toLocaleString('en')} | ${x.status} | ${x.s.toFixed(1)} s | ${Math.round(x.rows / x.s).toLocaleString('en')} | ${((x.cpu * 1000) / (x.rows / 1000)).toFixed(0)} | ${mb(x.bytes)} | ${mb(x.rssBefore)} MB | ${mb(x.rssPeak)} MB | ${mb(x.heapPeak)} MB | ${((x.heapAfter - x.heapBefore) / 2 ** 20).toFixed(1)} MB |`);
  }
  log(`\ntargets:\n  [${r.csv.rows / r.csv.s >= 20000 ? 'met' : 'NOT met'}] CSV >= 20,000 rows/s: ${Math.round(r.csv.rows / r.csv.s).toLocaleString('en')} (at ${r.csv.rows.toLocaleString('en')} rows; the issue's figure is at 1,000,000: EXPORT_OPPS=1000000)`);
}

module.exports = { benchExport, reportExport };
